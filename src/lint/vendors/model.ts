import type {LintTarget} from '../../config/types.js';
import type {Evidence, RuleSource} from '../../core/rule.js';

/** The request fields a vendor target stands for: every target but the cross-vendor `tier1`. */
export type VendorTarget = Exclude<LintTarget, 'tier1'>;

/** What a vendor does with a schema feature it does not support: answers HTTP 400, drops it, or reads it differently. */
export type Effect = 'refused' | 'ignored' | 'degraded';

/** Rewrites that keep a schema's meaning (or move a constraint into prose) and make it acceptable to a target. */
export type Rewrite = 'oneof-to-anyof' | 'const-to-enum' | 'inline-ref' | 'type-list-to-nullable' | 'into-description' | 'drop';

export interface Treatment {
  effect: Effect;
  /** What the vendor does, in a few words that end a finding's message ("is refused: …"). */
  says: string;
  evidence?: Evidence;
  /** How `--fix` and `export schema` rewrite it, when they can (for `into-description`: export only, it loosens the schema). */
  rewrite?: Rewrite;
}

/**
 * The subset of JSON Schema one vendor request field accepts, declared as data: the vendor rules follow from it (one
 * rule per effect reports every key whose treatment has that effect), and `export schema` rewrites by it.
 */
export interface VendorModel {
  target: VendorTarget;
  /** The product and request field, as a reader knows them. */
  name: string;
  /** Where the schema goes in the request body. */
  field: string;
  /** Keys the vendor reads and honours: `accepted`, or how it treats them. */
  keywords: Readonly<Record<string, 'accepted' | Treatment>>;
  /** Treatment of any key not listed in `keywords`. */
  otherKeywords: Treatment;
  /** String formats it honours (`any`: it takes every format, or ignores the keyword without failing). */
  formats: readonly string[] | 'any';
  /** Treatment of a `format` outside `formats`. */
  otherFormats?: Treatment;
  sources: readonly RuleSource[];
}

/** How the vendor treats `key` on a schema; undefined when it reads and honours it. */
export function treatmentOf(model: VendorModel, key: string): Treatment | undefined {
  const listed = Object.hasOwn(model.keywords, key) ? model.keywords[key] : model.otherKeywords;
  return listed === 'accepted' ? undefined : listed;
}

/** Keys listed with this effect (the ones a rule's `keywords` dispatch can name; unlisted keys need a visit to every node). */
export function keysWithEffect(model: VendorModel, effect: Effect): string[] {
  return Object.entries(model.keywords)
    .filter(([, t]) => t !== 'accepted' && t.effect === effect)
    .map(([k]) => k);
}
