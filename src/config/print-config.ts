import picomatch from 'picomatch';
import {configRelativePath, overrideMatches} from './overrides.js';
import type {LintConfig, LoadedConfig, OpenwopConfig, RuleSetting} from './types.js';

/** What --print-config FILE prints: the config a check of FILE would use, and where it came from. */
export interface PrintedConfig {
  file: string;
  /** The config file read, or null when none was found (the built-in defaults apply). */
  configFile: string | null;
  /** The project root: where the search for a config stopped. */
  root: string;
  /** The config's `ignore` covers FILE: a folder walk leaves it out, and naming it checks nothing. */
  ignored: boolean;
  /** Indexes of the `overrides` entries whose `files` match FILE, in the order they were applied. */
  overrides: number[];
  /** The config with the matching overrides merged in (later ones win) and --rule on top; `overrides`, `$schema` and `$comment` left out. */
  config: Omit<OpenwopConfig, 'overrides'>;
}

/**
 * Merges, as the checks do (ESLint's --print-config): the config's own settings, then each `overrides` entry whose
 * `files` match `file` (its `rules` and `lint` keys replace those before them), then `cliRules`. Paths match relative
 * to the config file's folder.
 */
export function printConfig(loaded: LoadedConfig, file: string, cliRules: Record<string, RuleSetting>): PrintedConfig {
  const {overrides = [], ...base} = withoutNotes(loaded.config);
  const rel = configRelativePath(file, loaded.baseDir);
  const matching = rel === undefined ? [] : overrides.flatMap((o, i) => (overrideMatches(o.files, rel) ? [i] : []));
  let lint: LintConfig | undefined = base.lint;
  const rules: Record<string, RuleSetting> = Object.create(null);
  Object.assign(rules, base.rules);
  for (const i of matching) {
    if (overrides[i].lint) lint = {...lint, ...overrides[i].lint};
    Object.assign(rules, overrides[i].rules);
  }
  Object.assign(rules, cliRules);
  const config: Omit<OpenwopConfig, 'overrides'> = {...base};
  if (Object.keys(rules).length > 0) config.rules = {...rules};
  if (lint) config.lint = lint;
  const ignored = rel !== undefined && (base.ignore?.length ?? 0) > 0 && picomatch([...(base.ignore as string[])], {dot: true})(rel);
  return {file, configFile: loaded.path ?? null, root: loaded.root, ignored, overrides: matching, config};
}

/** `$schema` and `$comment` are for editors and readers: no check uses them. */
function withoutNotes(config: OpenwopConfig): OpenwopConfig {
  const {$schema: _schema, $comment: _comment, ...rest} = config as OpenwopConfig & {$schema?: unknown; $comment?: unknown};
  return rest;
}
