import {relative} from 'node:path';
import {JsonDocument} from '../io/json-document.js';
import {PathPool, type WantedPath, type WantedPaths} from '../io/json-locate.js';
import {parsePointerOrRoot} from '../io/json-pointer.js';
import type {Finding, Fix, Severity} from '../core/finding.js';
import {compileMessage, defineRule, renderMessage, type MessageData, type Rule} from '../core/rule.js';
import {detectKind} from './kind.js';
import {levelFor, severityAt, type RuleLevel} from '../core/severity.js';
import {DEFAULT_PROFILE, DEFAULT_REASONING_MISSING_MIN_PROPERTIES, DEFAULT_TARGETS} from './options.js';
import {RULES} from './rules/index.js';
import {SOURCES} from './rule-helpers.js';
import {builtFrom, ptr} from './schema-util.js';
import type {DetectedKind, LintProfile, LintRule, LintTarget, ReportDescriptor, RootInfo, RuleContext, RuleOptions, SchemaNode} from './types.js';
import {edgeSegment, memberSegment, placementSlot, walkSchema, type WalkOptions} from './walker.js';

export interface LintOptions extends WalkOptions {
  profile?: LintProfile;
  targets?: readonly LintTarget[];
  /** Rule id (or `prefix/*`, or `*`) → off|info|warn|error. */
  rules?: Record<string, RuleLevel>;
  reasoningMissingMinProperties?: number;
  /**
   * --allow-remote-refs: the caller (run.ts, through remote-refs.ts) fetches what http(s) `$ref`s name before the walk
   * and passes it in `remote`; the engine itself never makes a request.
   */
  allowRemoteRefs?: boolean;
  /** Attach `fix` to fixable findings in the linted file (costs a position parse; off for plain linting). */
  withFixes?: boolean;
  /** The envelope kind, when the caller knows it better than `detectKind`. */
  kind?: string;
  /** The rules to run (default: all). */
  ruleSet?: readonly LintRule[];
}

const ENGINE_COMMANDS = ['lint schema', 'validate pack', 'probe host'] as const;
const REFUSED_REF = {refused: '"$ref": "{{ref}}" {{reason}}'};
const INCOMPLETE = defineRule({
  id: 'lint/incomplete',
  description: 'The schema expands to more sub-schemas than the walk limit; the rest was not checked.',
  severity: 'warning',
  commands: ENGINE_COMMANDS,
  messages: {incomplete: 'the schema expands (through $ref) to more than {{limit}} sub-schemas; the walk stopped there and the rest was not checked'},
  explanation:
    'Following every $ref of a schema whose definitions reference each other many times can expand it without bound, so the walk stops at a limit; what lies past it was not checked, so the result is not a pass. Reduce how many times definitions reference each other.',
  examples: {invalid: ['"$defs" that reference each other two ways at each of 30 levels'], valid: ['a schema whose $ref expansion stays under the limit']},
  sources: [SOURCES.jsonSchemaRef],
});

/** Findings the engine itself makes, for formatters' rule tables. */
export const ENGINE_RULES: readonly Rule[] = [
  INCOMPLETE,
  defineRule({
    id: 'ref/outside-root',
    description: 'A $ref names a file outside the project root (an absolute path, a file: URL, "..", or a symbolic link out); it is not read.',
    commands: ENGINE_COMMANDS,
    messages: REFUSED_REF,
    explanation: 'A schema from elsewhere could otherwise make the checker read any file on the machine. Keep referenced schemas inside the project, or widen the roots with --ref-root.',
    examples: {invalid: ['{"$ref": "../../secrets/schema.json"}', '{"$ref": "file:///etc/passwd"}'], valid: ['{"$ref": "./common/address.schema.json"}']},
    sources: [SOURCES.jsonSchemaRef],
  }),
  defineRule({
    id: 'ref/not-regular',
    description: 'A $ref names a FIFO, device or socket rather than a regular file; it is not read.',
    commands: ENGINE_COMMANDS,
    messages: REFUSED_REF,
    explanation: 'Reading a device or socket can block for ever or never end (/dev/zero). Point the $ref at a regular file.',
    examples: {invalid: ['{"$ref": "/dev/zero"}'], valid: ['{"$ref": "./address.schema.json"}']},
    sources: [SOURCES.jsonSchemaRef],
  }),
];

/**
 * The walker's refusals, by rule id, at the severity `--rule` or the config gives them (error unless set; off drops
 * them).
 */
function refusalSeverities(rules: Record<string, RuleLevel>): Record<'ref/outside-root' | 'ref/not-regular', Severity | undefined> {
  const severity = (id: string) => {
    const level = levelFor([id], rules);
    return level ? severityAt(level) : 'error';
  };
  return {'ref/outside-root': severity('ref/outside-root'), 'ref/not-regular': severity('ref/not-regular')};
}

const activeCache = new Map<string, {rule: LintRule; severity: Severity}[]>();

/** The rules that run under these options, with the severity each runs at. */
export function activeRules(options: Pick<LintOptions, 'profile' | 'targets' | 'rules' | 'ruleSet'>): {rule: LintRule; severity: Severity}[] {
  if (options.ruleSet) return computeActive(options);
  const key = activeKey(options);
  let hit = activeCache.get(key);
  if (!hit) {
    if (activeCache.size > 64) activeCache.clear();
    activeCache.set(key, (hit = computeActive(options)));
  }
  return hit;
}

/**
 * The settings `computeActive` reads, as a string: asked for every document, so built by hand rather than by
 * JSON.stringify.
 */
function activeKey(options: Pick<LintOptions, 'profile' | 'targets' | 'rules'>): string {
  let key = '';
  let ambiguous = false;
  const add = (part: unknown) => {
    // A separator inside a part, or a part that is not a string, could make two settings read alike.
    ambiguous ||= typeof part !== 'string' || part.includes('\u0000') || part.includes('\u0001');
    key += `${String(part)}\u0000`;
  };
  if (options.profile === undefined) key += '\u0001';
  else add(options.profile);
  for (const target of options.targets ?? []) add(target);
  key += '\u0001';
  const rules = options.rules ?? {};
  for (const id in rules) {
    if (!Object.hasOwn(rules, id)) continue;
    add(id);
    add(rules[id]);
  }
  return ambiguous ? JSON.stringify([options.profile, options.targets, options.rules]) : key;
}

function computeActive(options: Pick<LintOptions, 'profile' | 'targets' | 'rules' | 'ruleSet'>): {rule: LintRule; severity: Severity}[] {
  const profile = options.profile ?? DEFAULT_PROFILE;
  const targets = options.targets?.length ? options.targets : DEFAULT_TARGETS;
  const out: {rule: LintRule; severity: Severity}[] = [];
  for (const rule of options.ruleSet ?? RULES) {
    const level = levelFor([rule.meta.id], options.rules ?? {});
    if (level === 'off') continue;
    if (!rule.meta.profiles.includes(profile)) continue;
    if (!rule.meta.targets.some((t) => targets.includes(t))) continue;
    out.push({rule, severity: level ? (severityAt(level) as Severity) : rule.meta.severity});
  }
  return out;
}

/**
 * A schema to lint: a parsed {@link JsonDocument}, JSON text, or a value already parsed (its positions are then those
 * of its two-space JSON text). Text and values are named after `options.path`, else `schema.json`.
 */
export type SchemaSource = JsonDocument | string | object;

/**
 * Lints one schema: its parse problems (duplicate keys, …), then every active rule over the walk.
 * Findings are sorted (the linted file first, then files reached through `$ref`; by position) and deduplicated.
 */
export function lintSchemaDocument(schema: SchemaSource, options: LintOptions = {}): Finding[] {
  return lintWithKind(asDocument(schema, options), options).findings;
}

function asDocument(schema: SchemaSource, options: LintOptions): JsonDocument {
  if (schema instanceof JsonDocument) return schema;
  const file = options.path ? relative(options.cwd ?? process.cwd(), options.path) : 'schema.json';
  return JsonDocument.parse(typeof schema === 'string' ? schema : JSON.stringify(schema, null, 2), {file});
}

/** {@link lintSchemaDocument}, plus the kind the kind-specific rules saw (none when the document does not parse). */
export function lintWithKind(doc: JsonDocument, options: LintOptions = {}): LintedDocument {
  return prepareLint(options)(doc, options.path);
}

export interface LintedDocument {
  findings: Finding[];
  kind?: DetectedKind;
}

/**
 * Lints one document with options prepared once; `path` places the document's relative `$ref`s (as `LintOptions.path`).
 */
export type PreparedLint = (doc: JsonDocument, path?: string) => LintedDocument;

/**
 * What every document linted with the same options shares (the active rules, their dispatch table, the rule options),
 * worked out once: a folder of schemas is linted with one of these. The options must not change while it is in use.
 */
export function prepareLint(options: LintOptions): PreparedLint {
  const ruleOptions: RuleOptions = {
    profile: options.profile ?? DEFAULT_PROFILE,
    targets: options.targets?.length ? options.targets : DEFAULT_TARGETS,
    reasoningMissingMinProperties: options.reasoningMissingMinProperties ?? DEFAULT_REASONING_MISSING_MIN_PROPERTIES,
    allowRemoteRefs: options.allowRemoteRefs ?? false,
  };
  const plan = planFor(activeRules(options));
  const withFixes = options.withFixes ?? false;
  // One options object for every walk, its `path` set per document, and written out rather than spread: V8 gives a
  // spread with added keys a new hidden class each time, and the walker was de-optimised on every run's new one.
  const walkOptions: WalkOptions = {
    cwd: options.cwd,
    path: options.path,
    readFile: options.readFile,
    scope: options.scope,
    remote: options.remote,
    maxVisits: options.maxVisits,
    keywordBits: plan.keywordBits,
    otherKeywordBits: plan.otherKeywordBits,
  };
  const refused = refusalSeverities(options.rules ?? {});
  const pointers = new PointerPool();
  const paths = new PathPool();
  return (doc, path) => {
    const findings: Finding[] = doc.problemFindings();
    if (!doc.parsed) return {findings};
    const detected = options.kind ? {kind: options.kind, source: 'x-openwop-kind' as const} : detectKind(doc.value, doc.source.file);
    const root: RootInfo = detected ? {doc, value: doc.value, kind: detected} : {doc, value: doc.value};
    const sink = new FindingSink(doc, withFixes, pointers, paths);
    const contexts = plan.contexts(ruleOptions, root, sink);

    for (let i = 0; i < plan.begin.length; i++) plan.begin[i](contexts[plan.beginAt[i]]);
    walkOptions.path = path ?? options.path;
    const stats = walkSchema(doc, walkOptions, (node: SchemaNode) => {
      sink.node = node;
      const checks = node.reach === 'upstream' ? plan.upstream : plan.extension;
      checks.all.run(node, contexts);
      if (node.isRoot) checks.root.run(node, contexts);
      const ref = node.ref;
      if (!ref) return;
      checks.ref.run(node, contexts);
      const severity = ref.status === 'refused' ? refused[ref.ruleId] : undefined;
      if (ref.status === 'refused' && severity) {
        const data = {ref: ref.ref, reason: ref.reason};
        sink.add(ref.ruleId, severity, {doc: node.doc, pointer: ptr(node.pointer, '$ref'), messageId: 'refused', data}, renderMessage(REFUSED_REF.refused, data));
      }
    });
    sink.node = undefined;
    for (let i = 0; i < plan.end.length; i++) plan.end[i](contexts[plan.endAt[i]]);
    if (stats.truncated) {
      const data = {limit: stats.visits - 1};
      sink.add(INCOMPLETE.id, INCOMPLETE.severity, {messageId: 'incomplete', data, pointer: ''}, renderMessage(INCOMPLETE.messages.incomplete, data));
    }

    plan.release(contexts);
    const {produced} = sink;
    if (produced.length > 0) {
      // Placed and sorted before deduplication: findings at one pointer then sit side by side (they share a position),
      // so repeats are found among neighbours instead of through keys built for every finding.
      sink.place();
      sortFindings(produced, doc.source.file);
      const kept = dedupeSorted(produced, plan.implied);
      if (findings.length === 0) return detected ? {findings: kept, kind: detected} : {findings: kept};
      for (const f of kept) findings.push(f);
    }
    sortFindings(findings, doc.source.file);
    return detected ? {findings, kind: detected} : {findings};
  };
}

type Active = {rule: LintRule; severity: Severity}[];
type Hook = (ctx: RuleContext) => void;
type Check = NonNullable<LintRule['check']>;

/**
 * The hooks of one active-rule set, with the index of each hook's rule, and the rules' contexts: built once per set,
 * not per document.
 */
class Plan {
  readonly begin: Hook[] = [];
  readonly beginAt: number[] = [];
  /** Checks of rules that look at nodes the upstream walker visits, and at the others. */
  readonly upstream = new NodeChecks();
  readonly extension = new NodeChecks();
  readonly end: Hook[] = [];
  readonly endAt: number[] = [];
  /** For the walker: each key's bits, one bit per distinct `keywords` list of the checks below. */
  readonly keywordBits = new Map<string, number>();
  /** For the walker: the bits of a key `keywordBits` does not list. */
  otherKeywordBits = 0;
  /** Each rule's `impliedBy`, cut to the rules that can report here; rules left with none are not listed. */
  readonly implied = new Map<string, readonly string[]>();
  /** Contexts not in use: a rule that lints another document while one is linted gets fresh ones. */
  private spare: Context[] | undefined;

  constructor(readonly active: Active) {
    const add = <T>(hooks: T[], at: number[], hook: T | undefined, i: number) => {
      if (!hook) return;
      hooks.push(hook);
      at.push(i);
    };
    const listBits = new Map<string, number>();
    const masks = active.map(({rule}) => this.maskOf(rule.meta.keywords, listBits));
    // Key filters last: each is asked about every key the lists above (and the filters) know.
    const known = new Set([...this.keywordBits.keys(), ...active.flatMap(({rule}) => rule.meta.keyFilter?.known ?? [])]);
    let slot = listBits.size;
    active.forEach(({rule}, i) => {
      if (rule.meta.keyFilter) masks[i] = this.filterMask(rule.meta.keyFilter, known, slot++);
    });
    for (const [i, {rule}] of active.entries()) {
      const reach = rule.meta.reach ?? 'all';
      const mask = masks[i];
      add(this.begin, this.beginAt, rule.begin, i);
      if (reach !== 'extension') this.upstream.add(rule, i, mask);
      if (reach !== 'upstream') this.extension.add(rule, i, mask);
      add(this.end, this.endAt, rule.end, i);
    }
    const reporting = new Set([...active.map(({rule}) => rule.meta.id), ...ENGINE_RULES.map((r) => r.id)]);
    for (const {rule} of active) {
      const by = (rule.meta.impliedBy ?? []).filter((id) => reporting.has(id));
      if (by.length > 0) this.implied.set(rule.meta.id, by);
    }
  }

  /**
   * A bit of its own for a key-filtering rule, set on every known key it reports on and on unknown keys if it reports
   * those.
   */
  private filterMask(filter: NonNullable<LintRule['meta']['keyFilter']>, known: ReadonlySet<string>, slot: number): number {
    if (slot >= MASK_BITS) return 0;
    const bit = 1 << slot;
    for (const k of known) {
      const bits = this.keywordBits.get(k) ?? 0;
      this.keywordBits.set(k, filter.reports(k) ? bits | bit : bits);
    }
    if (filter.others) this.otherKeywordBits |= bit;
    return bit;
  }

  /**
   * The bit standing for a `keywords` list (shared by the rules that list the same keys); 0, "call it everywhere", once
   * the bits run out.
   */
  private maskOf(keywords: readonly string[] | undefined, listBits: Map<string, number>): number {
    if (!keywords?.length) return 0;
    const list = [...keywords].sort().join('\u0000');
    let bit = listBits.get(list);
    if (bit === undefined) {
      if (listBits.size >= MASK_BITS) return 0;
      listBits.set(list, (bit = 1 << listBits.size));
      for (const k of keywords) this.keywordBits.set(k, (this.keywordBits.get(k) ?? 0) | bit);
    }
    return bit;
  }

  contexts(options: RuleOptions, root: RootInfo, sink: FindingSink): Context[] {
    const contexts = this.spare;
    this.spare = undefined;
    if (!contexts) return this.active.map(({rule, severity}) => new Context(rule.meta.id, renderersOf(rule.meta.messages), severity, options, root, sink));
    for (const ctx of contexts) ctx.start(options, root, sink);
    return contexts;
  }

  release(contexts: Context[]): void {
    this.spare = contexts;
  }
}

/** Checks split by the nodes they look at, so the engine calls each only where it can report. */
class NodeChecks {
  readonly all = new Checks();
  readonly root = new Checks();
  readonly ref = new Checks();

  add(rule: LintRule, at: number, mask: number): void {
    if (rule.check) this[rule.meta.nodes ?? 'all'].add(rule.check, at, mask);
  }
}

/** Bits a node's keyword mask has room for (a small integer keeps the mask arithmetic on Smis). */
const MASK_BITS = 30;

/**
 * Check functions, the index of each one's rule (and context), and the keyword bits a node needs for the check to be
 * called (0: every node). Most sub-schemas hold a type and a description only, so most checks are skipped on them.
 */
class Checks {
  private readonly checks: Check[] = [];
  private readonly at: number[] = [];
  private readonly masks: number[] = [];

  add(check: Check, at: number, mask: number): void {
    this.checks.push(check);
    this.at.push(at);
    this.masks.push(mask);
  }

  run(node: SchemaNode, contexts: readonly RuleContext[]): void {
    const keys = node.keywordMask;
    for (let i = 0; i < this.checks.length; i++) {
      const mask = this.masks[i];
      if (mask === 0 || (keys & mask) !== 0) this.checks[i](node, contexts[this.at[i]]);
    }
  }
}

const plans = new WeakMap<Active, Plan>();

function planFor(active: Active): Plan {
  let plan = plans.get(active);
  if (!plan) plans.set(active, (plan = new Plan(active)));
  return plan;
}

type Renderers = Readonly<Record<string, (data?: MessageData) => string>>;
const renderers = new WeakMap<object, Renderers>();

/** Rendered messages a rule's context keeps. */
const RENDERED_KEPT = 1024;

/** A rule's message templates, each read once for every run that uses the rule. */
function renderersOf(messages: Readonly<Record<string, string>>): Renderers {
  let compiled = renderers.get(messages);
  if (!compiled) renderers.set(messages, (compiled = Object.fromEntries(Object.entries(messages).map(([id, template]) => [id, compileMessage(template)]))));
  return compiled;
}

/** What one rule sees while linting one document; reused for the next document once this one is done. */
class Context implements RuleContext {
  private ownState: Record<string, unknown> | undefined;
  tally = 0;
  /** Messages rendered from frozen data objects, by the object. */
  private rendered: Map<MessageData, {messageId: string; message: string}> | undefined;

  constructor(
    private readonly ruleId: string,
    private readonly messages: Renderers,
    private readonly severity: Severity,
    public options: RuleOptions,
    public root: RootInfo,
    private sink: FindingSink,
  ) {}

  start(options: RuleOptions, root: RootInfo, sink: FindingSink): void {
    this.options = options;
    this.root = root;
    this.sink = sink;
    this.ownState = undefined;
    this.tally = 0;
  }

  get state(): Record<string, unknown> {
    return (this.ownState ??= {});
  }

  report(descriptor: ReportDescriptor): void {
    const {messageId, data} = descriptor;
    this.sink.add(this.ruleId, this.severity, descriptor, this.message(messageId, data));
  }

  reportAt(node: SchemaNode, key: string, messageId: string, data?: MessageData, fix?: () => Fix | undefined): void {
    this.sink.addAt(this.ruleId, this.severity, node, key, messageId, data, fix, this.message(messageId, data));
  }

  private message(messageId: string, data: MessageData | undefined): string {
    const render = this.messages[messageId];
    if (render === undefined) throw new Error(`${this.ruleId} reported messageId "${messageId}", which it does not declare`);
    if (data === undefined || !Object.isFrozen(data)) return render(data);
    // A frozen data object is one a rule reports again and again: its findings share one message string (a linter
    // keeps every finding until it reports, and rendering each anew cost more in garbage collection than the checks).
    const rendered = (this.rendered ??= new Map<MessageData, {messageId: string; message: string}>());
    let kept = rendered.get(data);
    if (kept?.messageId !== messageId) {
      kept = {messageId, message: render(data)};
      if (rendered.size < RENDERED_KEPT) rendered.set(data, kept);
    }
    return kept.message;
  }
}

/**
 * One document's findings, as rules report them. Each is made with its position zeroed: positions are found once the
 * walk is done, for all of a document's findings in one pass over each file they are in. The path of each finding in
 * the linted file is gathered as it is reported, from the node being checked when the rule built its pointer from that
 * node's (almost always): reading the segments back out of the pointer strings cost more than the checks. The paths are
 * nodes of the run's {@link PathPool}, which also keeps each path's pointer string: the schemas of a folder repeat each
 * other's paths, and a document's findings reuse the nodes and strings of the paths earlier documents had.
 */
class FindingSink {
  readonly produced: Finding[] = [];
  /** The node whose checks run now; undefined outside the walk. */
  node: SchemaNode | undefined;
  /** Findings in files reached through `$ref`, with the document each is in; the others are in the linted one. */
  private elsewhere: Map<Finding, JsonDocument> | undefined;
  /** The linted file's findings' paths, in the order reported; undefined when they are placed by pointer instead. */
  private readonly paths: WantedPaths | undefined;

  constructor(
    private readonly doc: JsonDocument,
    private readonly withFixes: boolean,
    private readonly pointers: PointerPool,
    private readonly pool: PathPool,
  ) {
    this.paths = doc.pathsForPlacing(pool);
  }

  /** `message` is `d`'s template rendered. */
  add(ruleId: string, severity: Severity, d: ReportDescriptor, message: string): void {
    const target = d.doc ?? this.doc;
    const predicate = d.fix !== undefined && this.node?.inPredicate === true;
    const finding = newFinding(ruleId, severity, d.messageId, d.data, target, predicate ? `${message} (${IN_PREDICATE})` : message);
    if (target !== this.doc) {
      this.elsewhereAt(finding, target, d.pointer);
      return;
    }
    const built = this.builtFromNode(d.pointer);
    let path: WantedPath | undefined;
    if (built === undefined) {
      finding.pointer = this.pointers.keep(d.pointer);
      if (this.paths) path = this.pathAt(this.paths, d.pointer);
    } else {
      finding.pointer = built.pointer ??= this.pointers.keep(d.pointer);
      path = built;
    }
    this.own(finding, predicate ? undefined : d.fix, path);
  }

  /** {@link add} for a finding at `key` of `node`. */
  addAt(ruleId: string, severity: Severity, node: SchemaNode, key: string, messageId: string, data: MessageData | undefined, fix: (() => Fix | undefined) | undefined, message: string): void {
    const predicate = fix !== undefined && this.node?.inPredicate === true;
    const finding = newFinding(ruleId, severity, messageId, data, node.doc, predicate ? `${message} (${IN_PREDICATE})` : message);
    if (node.doc !== this.doc) {
      this.elsewhereAt(finding, node.doc, ptr(node.pointer, key));
      return;
    }
    const at = this.nodePath(node);
    const path = at === undefined ? undefined : this.step(at, key);
    finding.pointer = path === undefined ? this.pointers.keep(ptr(node.pointer, key)) : (path.pointer ??= this.pointers.keep(ptr(node.pointer, key)));
    this.own(finding, predicate ? undefined : fix, path);
  }

  private elsewhereAt(finding: Finding, target: JsonDocument, pointer: string): void {
    finding.pointer = this.pointers.keep(pointer);
    (this.elsewhere ??= new Map()).set(finding, target);
    this.produced.push(finding);
  }

  /**
   * A finding in the linted file, with its fix (when fixes are wanted) and its path, marked for placing when this
   * document's findings are placed by path.
   */
  private own(finding: Finding, fix: (() => Fix | undefined) | undefined, path: WantedPath | undefined): void {
    if (this.withFixes && fix) {
      try {
        const built = fix();
        if (built && built.edits.length > 0) finding.fix = built;
      } catch {
        // A fix that cannot be built is simply not offered.
      }
    }
    if (this.paths) {
      // The i-th path marked places the i-th finding: one without a path would shift every later one.
      if (path === undefined) throw new Error(`${finding.ruleId}: a finding without a path in a document placed by path`);
      this.paths.mark(path);
    }
    this.produced.push(finding);
  }

  /** Gives the findings produced their positions. */
  place(): void {
    const {elsewhere, produced} = this;
    if (!elsewhere) {
      this.placeOwn(produced);
      return;
    }
    const byDoc = new Map<JsonDocument, Finding[]>([[this.doc, []]]);
    for (const f of produced) {
      const doc = elsewhere.get(f) ?? this.doc;
      const list = byDoc.get(doc);
      if (list) list.push(f);
      else byDoc.set(doc, [f]);
    }
    for (const [doc, list] of byDoc) {
      if (doc === this.doc) this.placeOwn(list);
      else doc.placeAll(list);
    }
  }

  private placeOwn(findings: Finding[]): void {
    const {paths} = this;
    if (paths?.intact()) {
      this.doc.placeAt(findings, paths);
      paths.release();
    } else this.doc.placeAll(findings);
  }

  /** The path of `pointer` when the rule built it from the pointer of the node being checked (in the linted file). */
  private builtFromNode(pointer: string): WantedPath | undefined {
    const {node} = this;
    if (node?.doc !== this.doc) return undefined;
    const built = builtFrom(pointer);
    if (built?.base === node.pointer) {
      let at = this.nodePath(node);
      for (let i = 0; i < built.segments.length && at !== undefined; i++) at = this.step(at, String(built.segments[i]));
      return at;
    }
    return pointer === node.pointer ? this.nodePath(node) : undefined;
  }

  /** The path `pointer` names in this document's paths, read from the pointer. */
  private pathAt(paths: WantedPaths, pointer: string): WantedPath {
    if (pointer === '' || pointer.charCodeAt(0) === SLASH) return paths.at(pointer);
    let at = paths.root;
    for (const s of parsePointerOrRoot(pointer)) at = paths.child(at, s);
    return at;
  }

  /**
   * The path of a node of the linted file, from its parent's: in this document's paths when they are gathered, else in
   * the pool alone (for the pointer string), undefined once the pool is full.
   */
  private nodePath(node: SchemaNode): WantedPath | undefined {
    const slot = placementSlot(node);
    let at = slot.placement as WantedPath | null | undefined;
    if (at === undefined) {
      const {paths, pool} = this;
      const {parent} = node;
      const edge = edgeSegment(node);
      if (parent === undefined) at = paths ? paths.root : pool.root;
      else if (edge === undefined || parent.doc !== this.doc) at = paths ? paths.at(node.pointer) : null;
      else {
        at = this.nodePath(parent) ?? null;
        const member = memberSegment(node);
        if (at !== null) at = this.step(at, edge) ?? null;
        if (at !== null && member !== undefined) at = this.step(at, member) ?? null;
      }
      slot.placement = at;
    }
    return at ?? undefined;
  }

  /** The path one segment below `at`: in this document's paths when gathered, else the pool's (undefined once full). */
  private step(at: WantedPath, seg: string): WantedPath | undefined {
    return this.paths ? this.paths.child(at, seg) : this.pool.pooledChild(at, seg);
  }
}

const SLASH = 0x2f;

/** A finding of the linted document or one it references, its pointer and position still to come. */
function newFinding(ruleId: string, severity: Severity, messageId: string, data: MessageData | undefined, target: JsonDocument, message: string): Finding {
  return {ruleId, severity, message, messageId, data: data ?? NO_DATA, file: target.source.file, pointer: '', line: 0, column: 0, endLine: 0, endColumn: 0};
}

/** The `data` of a finding whose message has no `{{name}}`: one object for all of them, frozen so none can change it. */
const NO_DATA: MessageData = Object.freeze({});
const IN_PREDICATE = 'not auto-fixable: inside an allOf, not, if/then/else or dependentSchemas branch a fix would change what the whole schema accepts';

/**
 * The pointer strings findings keep, one per content: the schemas of a folder repeat each other's pointers, and a
 * linter keeps every finding until it reports (each byte kept is copied by the garbage collector, twice or more). A
 * pointer is built by concatenation, which V8 keeps as a chain of pieces (two per segment); the one kept is a single
 * flat string. Every pointer a finding keeps comes from here, one per text; a pointer built from a node's is then also
 * kept on its node of the run's {@link PathPool}, so that the next finding at that path is given it without building it.
 */
class PointerPool {
  private readonly kept = new Map<string, string>();

  keep(pointer: string): string {
    // Converting it reads the string, and V8 copies a chain into one piece before reading it (the value is not needed).
    Number(pointer);
    const known = this.kept.get(pointer);
    if (known !== undefined) return known;
    if (this.kept.size < POOLED_POINTERS) this.kept.set(pointer, pointer);
    return pointer;
  }
}

/** Distinct pointers a run keeps one string for by text; past it (a folder of unrelated shapes), each finding keeps its own. */
const POOLED_POINTERS = 4096;

/** Up to this many findings at one position are compared pairwise; past it, through keys. */
const PAIRWISE_DEDUPE = 16;

/**
 * `sorted` (by {@link sortFindings}) without the findings that repeat an earlier one (same rule, file, pointer and
 * message) or that a rule they are implied by reports at the same file and pointer. Findings at one pointer share a
 * file, line and column, so each run of those is all either check needs to look at.
 */
function dedupeSorted(sorted: Finding[], implied: ReadonlyMap<string, readonly string[]>): Finding[] {
  let out: Finding[] | undefined;
  for (let start = 0, end = 1; start < sorted.length; start = end++) {
    const first = sorted[start];
    while (end < sorted.length && sorted[end].line === first.line && sorted[end].column === first.column && sorted[end].file === first.file) end++;
    if (end - start === 1 && !implied.has(first.ruleId)) {
      out?.push(first);
      continue;
    }
    const dropped = end - start <= PAIRWISE_DEDUPE ? droppedPairwise(sorted, start, end, implied) : droppedKeyed(sorted, start, end, implied);
    if (!dropped && !out) continue;
    out ??= sorted.slice(0, start);
    for (let i = start; i < end; i++) if (!dropped?.[i - start]) out.push(sorted[i]);
  }
  return out ?? sorted;
}

/** Which of `sorted[start..end)` (one position) repeat an earlier one or are implied; undefined when none. */
function droppedPairwise(sorted: Finding[], start: number, end: number, implied: ReadonlyMap<string, readonly string[]>): boolean[] | undefined {
  let dropped: boolean[] | undefined;
  for (let i = start; i < end; i++) {
    const f = sorted[i];
    let drop = false;
    for (let j = start; j < i && !drop; j++) {
      const g = sorted[j];
      drop = g.ruleId === f.ruleId && g.pointer === f.pointer && g.message === f.message;
    }
    const by = implied.get(f.ruleId);
    if (by) for (let j = start; j < end && !drop; j++) drop = sorted[j].pointer === f.pointer && by.includes(sorted[j].ruleId);
    if (drop) (dropped ??= new Array<boolean>(end - start).fill(false))[i - start] = true;
  }
  return dropped;
}

function droppedKeyed(sorted: Finding[], start: number, end: number, implied: ReadonlyMap<string, readonly string[]>): boolean[] {
  const seen = new Set<string>();
  const rulesAt = new Map<string, Set<string>>();
  for (let i = start; i < end; i++) {
    const g = sorted[i];
    const ids = rulesAt.get(g.pointer);
    if (ids) ids.add(g.ruleId);
    else rulesAt.set(g.pointer, new Set([g.ruleId]));
  }
  const dropped = new Array<boolean>(end - start).fill(false);
  for (let i = start; i < end; i++) {
    const f = sorted[i];
    const key = `${f.ruleId}\u0000${f.pointer}\u0000${f.message}`;
    const by = implied.get(f.ruleId);
    const here = rulesAt.get(f.pointer) as Set<string>;
    dropped[i - start] = seen.has(key) || (by?.some((id) => here.has(id)) ?? false);
    seen.add(key);
  }
  return dropped;
}

function sortFindings(findings: Finding[], mainFile: string): Finding[] {
  if (findings.length < 2) return findings;
  if (findings.length > INSERTION_SORT_MAX) return findings.sort((a, b) => compareFindings(a, b, mainFile));
  // A document's few findings: an insertion sort, stable as Array.prototype.sort is (so the order is the same), without
  // the copy that sort makes and with the comparison inlined.
  for (let i = 1; i < findings.length; i++) {
    const f = findings[i];
    let j = i - 1;
    for (; j >= 0 && compareFindings(findings[j], f, mainFile) > 0; j--) findings[j + 1] = findings[j];
    findings[j + 1] = f;
  }
  return findings;
}

/** Up to this many findings are sorted by insertion. */
const INSERTION_SORT_MAX = 32;

/** The linted file first, then by file, line, column and rule. */
function compareFindings(a: Finding, b: Finding, mainFile: string): number {
  return (
    Number(a.file !== mainFile) - Number(b.file !== mainFile) ||
    (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
    a.line - b.line ||
    a.column - b.column ||
    (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0)
  );
}
