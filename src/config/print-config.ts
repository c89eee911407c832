import {resolve} from 'node:path';
import {type IgnoreSettings, InputIgnores} from '../io/input-ignores.js';
import {ReadScope} from '../io/read-scope.js';
import {matchingOverrides} from './overrides.js';
import type {RuleLevel} from '../core/severity.js';
import type {LintConfig, LoadedConfig, OpenwopConfig} from './types.js';

/** What --print-config FILE prints: the config a check of FILE would use, and where it came from. */
export interface PrintedConfig {
  file: string;
  /** The config file read, or null when none was found (the built-in defaults apply). */
  configFile: string | null;
  /** The project root: where the search for a config stopped. */
  root: string;
  /** FILE is ignored (a folder walk leaves it out, naming it checks nothing), as a check decides it: see ignoredBy. */
  ignored: boolean;
  /** What ignores FILE, worded as the io/ignored warning: `the config's "ignore"`, `--ignore-pattern` or an ignore file and its pattern. */
  ignoredBy: string | null;
  /** Indexes of the `overrides` entries whose `files` match FILE, in the order they were applied. */
  overrides: number[];
  /** The config with the matching overrides merged in (later ones win) and --rule on top; `overrides`, `$schema` and `$comment` left out. */
  config: Omit<OpenwopConfig, 'overrides'>;
}

/**
 * Merges, as the checks do (ESLint's --print-config): the config's own settings, then each `overrides` entry whose
 * `files` match `file` (its `rules` and `lint` keys replace those before them), then `cliRules`. Paths match relative
 * to the config file's folder. Whether FILE is ignored is decided as a check decides it (InputIgnores: the config's
 * "ignore", --ignore-pattern, .gitignore/.openwopignore, --no-ignore).
 */
export function printConfig(loaded: LoadedConfig, file: string, cliRules: Record<string, RuleLevel>, where: PrintWhere): PrintedConfig {
  const {overrides = [], ...base} = withoutNotes(loaded.config);
  const matching = matchingOverrides(loaded.config, file, loaded.baseDir);
  let lint: LintConfig | undefined = base.lint;
  const rules = Object.create(null) as Record<string, RuleLevel>;
  Object.assign(rules, base.rules);
  for (const i of matching) {
    if (overrides[i].lint) lint = {...lint, ...overrides[i].lint};
    Object.assign(rules, overrides[i].rules);
  }
  Object.assign(rules, cliRules);
  const config: Omit<OpenwopConfig, 'overrides'> = {...base};
  if (Object.keys(rules).length > 0) config.rules = {...rules};
  if (lint) config.lint = lint;
  const scope = new ReadScope({cwd: where.cwd, projectRoot: loaded.root});
  const ignores = new InputIgnores({config: base.ignore, configBase: loaded.baseDir, patterns: where.ignorePatterns, off: where.noIgnore}, scope);
  const ignoredBy = ignores.verdict(resolve(where.cwd, file), false, undefined, {path: resolve(where.cwd, file), isDir: false})?.by ?? null;
  return {file, configFile: loaded.path ?? null, root: loaded.root, ignored: ignoredBy !== null, ignoredBy, overrides: matching, config};
}

/** The working directory and the command's --ignore-pattern / --no-ignore (the commands that take them). */
export interface PrintWhere {
  cwd: string;
  ignorePatterns?: IgnoreSettings['patterns'];
  noIgnore?: boolean;
}

/** `$schema` and `$comment` are for editors and readers: no check uses them. */
function withoutNotes(config: OpenwopConfig): OpenwopConfig {
  const {$schema: _schema, $comment: _comment, ...rest} = config as OpenwopConfig & {$schema?: unknown; $comment?: unknown};
  return rest;
}
