import type {Report} from '../../core/finding.js';
import type {FormatContext} from '../format-context.js';
import {format as github, writer as githubWriter} from './github.js';
import {format as gitlab} from './gitlab.js';
import {format as html} from './html.js';
import {format as json} from './json.js';
import {format as junit, writer as junitWriter} from './junit.js';
import {format as markdown} from './markdown.js';
import {format as sarif} from './sarif.js';
import type {ResultWriter} from './result-writer.js';
import {format as stylish, writer as stylishWriter} from './stylish.js';

/** The `--format` values, in help order; stylish is the default. */
export const FORMATS = ['stylish', 'json', 'sarif', 'github', 'junit', 'gitlab', 'markdown', 'html'] as const;
export type FormatName = (typeof FORMATS)[number];

/** A formatter is a pure function; the caller decides where the text goes (see writeOutput). */
export type Formatter = (report: Report, ctx: FormatContext) => string;

const REGISTRY: Record<FormatName, Formatter> = {stylish, json, sarif, github, junit, gitlab, markdown, html};

/** The formats that read `FormatContext.rules`: the others never pay for loading every rule table. */
export function formatNeedsRules(name: FormatName): boolean {
  return name === 'sarif' || name === 'markdown' || name === 'html';
}

export function isFormatName(name: string): name is FormatName {
  return (FORMATS as readonly string[]).includes(name);
}

/** Throws on an unknown name (a usage error, exit 2) rather than silently falling back to stylish. */
export function getFormatter(name: string): Formatter {
  if (!isFormatName(name)) throw new Error(`Unknown format "${name}"; expected one of: ${FORMATS.join(', ')}`);
  return REGISTRY[name];
}

/** A writer for `name` when it can be written a file at a time (stylish, github, junit); undefined for the others. */
export function resultWriter(name: FormatName, command: string): ResultWriter | undefined {
  if (name === 'stylish') return stylishWriter();
  if (name === 'github') return githubWriter();
  return name === 'junit' ? junitWriter(command) : undefined;
}
