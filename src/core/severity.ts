/** How bad one finding is. `info` never fails a run. */
export type Severity = 'error' | 'warning' | 'info';

export const SEVERITY_RANK: Record<Severity, number> = {info: 0, warning: 1, error: 2};

/** A rule setting as written in a config's `rules`, an override's `rules` or `--rule ID=LEVEL`. */
export type RuleLevel = 'off' | 'info' | 'warn' | 'error';

export const RULE_LEVELS: readonly RuleLevel[] = ['off', 'info', 'warn', 'error'];

const LEVEL_SEVERITY: Record<Exclude<RuleLevel, 'off'>, Severity> = {info: 'info', warn: 'warning', error: 'error'};

export function isRuleLevel(value: unknown): value is RuleLevel {
  return typeof value === 'string' && (RULE_LEVELS as readonly string[]).includes(value);
}

/** The severity a finding gets at `level`; undefined for `off` (the finding is dropped). */
export function severityAt(level: RuleLevel): Severity | undefined {
  return level === 'off' ? undefined : LEVEL_SEVERITY[level];
}

/**
 * How specific a settings key is for a rule known by `names` (its id first, then its aliases), or -1 when the key does
 * not reach it. An exact name beats any wildcard; a longer `prefix/*` beats a shorter one; `*` comes last.
 */
export function keySpecificity(key: string, names: readonly string[]): number {
  if (key === '*') return 0;
  if (key.endsWith('/*')) {
    const prefix = key.slice(0, -1);
    return names.some((n) => n.startsWith(prefix)) ? prefix.length : -1;
  }
  return names.includes(key) ? Number.MAX_SAFE_INTEGER : -1;
}

/**
 * The settings in force, from layers lowest precedence first: config `rules`, then each matching `overrides[]` entry in
 * order, then `--rule`. A later layer replaces an earlier one's setting of the same key.
 */
export function mergeLevels(layers: readonly (Readonly<Record<string, RuleLevel>> | undefined)[]): Record<string, RuleLevel> {
  const out = Object.create(null) as Record<string, RuleLevel>;
  for (const layer of layers) if (layer) Object.assign(out, layer);
  return out;
}

/**
 * The one precedence function: the level merged `settings` give a rule known by `names` (id first, then aliases), or
 * undefined for its default. The most specific key wins, so `tier1/*=off` with `tier1/max-depth=error` keeps just
 * that rule whichever layer set which.
 */
export function levelFor(names: readonly string[], settings: Readonly<Record<string, RuleLevel>>): RuleLevel | undefined {
  let level: RuleLevel | undefined;
  let best = -1;
  for (const key in settings) {
    const s = keySpecificity(key, names);
    if (s > best) {
      best = s;
      level = settings[key];
    }
  }
  return level;
}
