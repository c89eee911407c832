import type {LintTarget} from '../config/types.js';
import type {JsonDocument} from '../io/json-document.js';
import type {Fix} from '../core/finding.js';
import type {MessageData, Rule} from '../core/rule.js';

export type LintProfile = 'strict' | 'load-bearing';
export const LINT_PROFILES: readonly LintProfile[] = ['strict', 'load-bearing'];
export type {LintTarget};
export const LINT_TARGETS: readonly LintTarget[] = ['tier1', 'openai', 'anthropic', 'gemini', 'gemini-legacy'];

/**
 * How the walker reached a sub-schema. The first four are the edges the upstream conformance walker follows; the rest
 * are our extension (RFC 0030 §B: upstream's conformance walker does not walk them).
 */
export type EdgeKind =
  | 'root'
  | 'properties'
  | 'anyOf'
  | 'items'
  | '$defs'
  | '$ref'
  | 'definitions'
  | 'additionalProperties'
  | 'patternProperties'
  | 'contains'
  | 'prefixItems'
  | 'tupleItems'
  /** Branches of keywords Tier-1 forbids: still walked, so one run shows what lies inside them too. */
  | 'oneOf'
  | 'allOf'
  | 'not'
  | 'if'
  | 'then'
  | 'else'
  | 'dependentSchemas';

/** Upstream's walker reports a node deeper than this and stops descending (`max-nesting-depth-5`). */
export const TIER1_MAX_DEPTH = 5;

/** What resolving a node's `$ref` gave. */
export type RefInfo =
  | {status: 'resolved'; ref: string; doc: JsonDocument; pointer: string; external: boolean}
  | {status: 'recursive'; ref: string; doc: JsonDocument; pointer: string; external: boolean}
  | {status: 'remote'; ref: string}
  | {status: 'unresolved'; ref: string; reason: string}
  /** Not read at all: the file lies outside every root, or is not a regular file (`reason` follows the quoted ref). */
  | {status: 'refused'; ref: string; ruleId: 'ref/outside-root' | 'ref/not-regular'; reason: string};

/** One visit of one (object) sub-schema. */
export interface SchemaNode {
  readonly schema: Record<string, unknown>;
  /** The file holding this sub-schema: the linted document, or a file reached through a relative `$ref`. */
  readonly doc: JsonDocument;
  /** RFC 6901 pointer of this sub-schema inside `doc`. */
  readonly pointer: string;
  /** Upstream depth: the root is 0; every edge adds one except `$ref`, whose target stands in for the referring schema. */
  readonly depth: number;
  readonly edge: EdgeKind;
  readonly parent?: SchemaNode;
  /** `upstream` when every edge from the root is one upstream's walker follows; `extension` otherwise. */
  readonly reach: 'upstream' | 'extension';
  /**
   * Whether Tier-1 checks apply here: false below a node deeper than 5, where upstream stops descending. Tier-1 rules
   * look only at nodes with `tier1` true (and max-depth only at the first node past the limit).
   */
  readonly tier1: boolean;
  /** The linted document's root. */
  readonly isRoot: boolean;
  /** This node's own `$ref`, resolved (set before rules run). */
  readonly ref?: RefInfo;
  /**
   * Reached through the branch of an allOf, not, if/then/else or dependentSchemas: a condition or a part of a whole,
   * not a schema that stands alone. Closing it or requiring its properties would change what the whole accepts, so
   * fixes are never offered there.
   */
  readonly inPredicate: boolean;
  /** The union of the bits `WalkOptions.keywordBits` gives this schema's own keys (0 without a table). */
  readonly keywordMask: number;
}

export interface DetectedKind {
  kind: string;
  source: 'x-openwop-kind' | '$id' | 'file name' | 'title';
}

export interface RootInfo {
  doc: JsonDocument;
  /** The parsed root value (any JSON value: root-object rules report non-objects). */
  value: unknown;
  kind?: DetectedKind;
}

/** Options every rule can read. */
export interface RuleOptions {
  profile: LintProfile;
  targets: readonly LintTarget[];
  reasoningMissingMinProperties: number;
  allowRemoteRefs: boolean;
}

export interface ReportDescriptor {
  /** Pointer into `doc` (defaults to the node's doc, or the root document). */
  pointer: string;
  /** Which of the rule's `messages` the finding's message is rendered from, and what fills its `{{name}}`s. */
  messageId: string;
  data?: MessageData;
  doc?: JsonDocument;
  /** Built only when fixes are wanted (`--fix`, `--fix-dry-run`) and the finding is in the linted file. */
  fix?: () => Fix | undefined;
}

export interface RuleContext {
  readonly options: RuleOptions;
  readonly root: RootInfo;
  /** Per rule, per lint run: aggregate rules keep what they gather here. */
  readonly state: Record<string, unknown>;
  /**
   * Per rule, per lint run, 0 at its start: the one number a counting rule adds to on every sub-schema (a field of its
   * own, where a counter in {@link state} under each rule's key made every count a lookup by name).
   */
  tally: number;
  report(descriptor: ReportDescriptor): void;
  /**
   * A finding at `key` of `node` (in the node's document), as {@link report} with `ptr(node.pointer, key)`: for rules
   * that report keys of every sub-schema, whose pointer strings the engine then builds once per distinct path of the
   * run rather than once per finding.
   */
  reportAt(node: SchemaNode, key: string, messageId: string, data?: MessageData, fix?: () => Fix | undefined): void;
}

export interface InvalidExample {
  schema: unknown;
  /** How many findings of this rule the schema gives, or the exact rule ids (with repeats) it gives. */
  findings: number | string[];
}

export interface RuleDocs {
  valid: unknown[];
  invalid: InvalidExample[];
}

/** A lint rule's descriptor: the core {@link Rule}, and what only the lint engine, --list-rules and the docs table read. */
export interface RuleMeta extends Rule {
  profiles: readonly LintProfile[];
  targets: readonly LintTarget[];
  /** openwop version that introduced the rule. */
  since: string;
  /** Our own rule, beyond what the upstream conformance walker checks. */
  extension: boolean;
  /** The upstream conformance walker's name for the same check, when there is one. */
  upstreamName?: string;
  /** Which nodes the engine shows the rule: `upstream` only the walker's, `extension` only ours; default all. */
  reach?: 'upstream' | 'extension' | 'all';
  /**
   * Which sub-schemas `check` looks at: every one (default), only the linted document's root, or only those with a
   * `$ref`. The engine does not call it for the others (the check still tests for its own nodes).
   */
  nodes?: 'all' | 'root' | 'ref';
  /**
   * The check reports only on a sub-schema that has one of these keys (and its counts ignore the others): the engine
   * then calls it only there. Absent: it may report on any sub-schema.
   */
  keywords?: readonly string[];
  /**
   * Instead of `keywords`: the check reports only on a sub-schema with a key `reports` accepts, and accepts any key
   * outside `known` exactly when `others` is true. The engine then calls it only on such sub-schemas.
   */
  keyFilter?: {known: readonly string[]; reports: (key: string) => boolean; others: boolean};
  /** A finding of this rule is dropped when one of these rules reports the same file and pointer. */
  impliedBy?: readonly string[];
  /** The examples as schemas with their expected findings (the core `examples` are these, as JSON text). */
  docs: RuleDocs;
}

/** The hooks are function-valued fields, not methods: the engine keeps them in tables and calls them without their rule. */
export interface LintRule {
  meta: RuleMeta;
  /** Before the walk; sees the root value even when it is not an object. */
  begin?: (ctx: RuleContext) => void;
  check?: (node: SchemaNode, ctx: RuleContext) => void;
  /** After the walk: whole-schema counts. */
  end?: (ctx: RuleContext) => void;
}
