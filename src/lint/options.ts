import {matchingOverrides} from '../config/overrides.js';
import type {OpenwopConfig} from '../config/types.js';
import {mergeLevels, type RuleLevel} from '../core/severity.js';
import {LINT_PROFILES, LINT_TARGETS, type LintProfile, type LintTarget} from './types.js';

export const DEFAULT_PROFILE: LintProfile = 'strict';
export const DEFAULT_TARGETS: readonly LintTarget[] = ['tier1'];
export const DEFAULT_REASONING_MISSING_MIN_PROPERTIES = 3;

/** Everything that decides how one file is linted, after config, overrides and CLI flags are merged. */
export interface ResolvedLintOptions {
  profile: LintProfile;
  targets: LintTarget[];
  /** Rule id (or `prefix/*`, or `*`) → level; the most specific key wins. */
  rules: Record<string, RuleLevel>;
  reasoningMissingMinProperties: number;
  allowRemoteRefs: boolean;
}

/** What the command line says; every field is optional and, when given, beats the config. */
export interface LintCliFlags {
  profile?: LintProfile;
  targets?: readonly LintTarget[];
  rules?: Record<string, RuleLevel>;
  allowRemoteRefs?: boolean;
  reasoningMissingMinProperties?: number;
}

/**
 * `file` is absolute or relative to the working directory. Merges, lowest first: defaults; the config's `lint` and `rules`; every `overrides` entry whose `files` globs match
 * `file` (in order, later ones win); the CLI flags. Globs are matched against the path relative to `baseDir` (the
 * config file's folder; default the working directory) with forward slashes; a glob without a slash also matches the
 * base name (`*.schema.json`).
 */
export function resolveLintOptions(config: OpenwopConfig | undefined, file: string, cli: LintCliFlags = {}, baseDir: string = process.cwd()): ResolvedLintOptions {
  const out: ResolvedLintOptions = {
    profile: DEFAULT_PROFILE,
    targets: [...DEFAULT_TARGETS],
    rules: {},
    reasoningMissingMinProperties: DEFAULT_REASONING_MISSING_MIN_PROPERTIES,
    allowRemoteRefs: false,
  };
  const applyLint = (lint: OpenwopConfig['lint']) => {
    if (!lint) return;
    if (lint.profile) out.profile = lint.profile;
    if (lint.targets?.length) out.targets = [...lint.targets];
    if (typeof lint.reasoningMissingMinProperties === 'number') out.reasoningMissingMinProperties = lint.reasoningMissingMinProperties;
    const extra = lint as {allowRemoteRefs?: unknown};
    if (typeof extra.allowRemoteRefs === 'boolean') out.allowRemoteRefs = extra.allowRemoteRefs;
  };
  const layers: (Record<string, RuleLevel> | undefined)[] = [];
  if (config) {
    applyLint(config.lint);
    layers.push(config.rules);
    for (const i of matchingOverrides(config, file, baseDir)) {
      const override = (config.overrides ?? [])[i];
      applyLint(override.lint);
      layers.push(override.rules);
    }
  }
  layers.push(cli.rules);
  out.rules = mergeLevels(layers);
  if (cli.profile) out.profile = cli.profile;
  if (cli.targets?.length) out.targets = [...cli.targets];
  if (cli.allowRemoteRefs !== undefined) out.allowRemoteRefs = cli.allowRemoteRefs;
  if (cli.reasoningMissingMinProperties !== undefined) out.reasoningMissingMinProperties = cli.reasoningMissingMinProperties;
  out.targets = [...new Set(out.targets)];
  assertProfile(out.profile);
  for (const t of out.targets) assertTarget(t);
  return out;
}

export function assertProfile(value: string): asserts value is LintProfile {
  if (!LINT_PROFILES.includes(value as LintProfile)) throw new RangeError(`unknown profile "${value}": expected ${LINT_PROFILES.join(' or ')}`);
}

export function assertTarget(value: string): asserts value is LintTarget {
  if (!LINT_TARGETS.includes(value as LintTarget)) throw new RangeError(`unknown target "${value}": expected one of ${LINT_TARGETS.join(', ')}`);
}
