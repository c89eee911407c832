import {basename, join} from 'node:path';
import {type Edit, modify, type ModificationOptions} from 'jsonc-parser';
import {isObject} from '../core/json.js';
import {configRelativePath} from '../config/overrides.js';
import {detectIndent} from '../lint/index.js';

/** Where "disable this rule for this file" writes: the config the check used, or a new one in the project's folder. */
export interface ConfigTarget {
  /** The config file (its text as the editor has it, or as on disk), or undefined when the project has none yet. */
  path?: string;
  text?: string;
  /** The folder the config's `overrides[].files` globs are relative to. */
  baseDir: string;
}

export type ConfigEdit = {kind: 'edit'; path: string; edits: Edit[]} | {kind: 'create'; path: string; text: string};

/**
 * The edit that turns `ruleId` off for `file` alone: an `overrides` entry `{files: [file], rules: {ruleId: "off"}}`
 * appended to the config (or the rule added to an entry naming exactly that file), or a new `openwop.config.json`
 * holding only that entry. Undefined when the file lies outside the config's folder (no glob there can name it) or the
 * config does not parse.
 */
export function disableRuleEdit(target: ConfigTarget, file: string, ruleId: string): ConfigEdit | undefined {
  const rel = configRelativePath(file, target.baseDir);
  if (rel === undefined) return undefined;
  const entry = {files: [rel], rules: {[ruleId]: 'off'}};
  if (target.path === undefined || target.text === undefined) {
    return {kind: 'create', path: join(target.baseDir, 'openwop.config.json'), text: `${JSON.stringify({overrides: [entry]}, null, 2)}\n`};
  }
  let whole: unknown;
  try {
    whole = JSON.parse(target.text.replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
  const base = basename(target.path) === 'package.json' ? ['openwop'] : [];
  const config = base.length > 0 && isObject(whole) ? whole.openwop : whole;
  if (!isObject(config)) return undefined;
  const options: ModificationOptions = {formattingOptions: formatting(target.text)};
  const overrides = Array.isArray(config.overrides) ? config.overrides : [];
  const same = overrides.findIndex((o) => isObject(o) && Array.isArray(o.files) && o.files.length === 1 && o.files[0] === rel && (o.rules === undefined || isObject(o.rules)));
  const edits =
    same === -1 ? modify(target.text, [...base, 'overrides', -1], entry, {...options, isArrayInsertion: true}) : modify(target.text, [...base, 'overrides', same, 'rules', ruleId], 'off', options);
  return {kind: 'edit', path: target.path, edits};
}

function formatting(text: string): NonNullable<ModificationOptions['formattingOptions']> {
  const indent = detectIndent(text);
  return {insertSpaces: indent !== '\t', tabSize: indent === '\t' ? 1 : indent.length, eol: text.includes('\r\n') ? '\r\n' : '\n'};
}
