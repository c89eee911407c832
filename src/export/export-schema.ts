import {JsonDocument} from '../io/json-document.js';
import {lintSchemaDocument} from '../lint/engine.js';
import {fixSchemaText} from '../lint/fixer.js';
import {isObject} from '../core/json.js';
import {VENDOR_MODELS, type VendorTarget} from '../lint/vendors/index.js';
import type {Finding} from '../core/finding.js';
import {defineRule, type Rule} from '../core/rule.js';
import {SOURCES} from '../lint/rule-helpers.js';
import {UserError} from '../core/user-error.js';
import {defaultName, nameProblem} from './name.js';
import {nonLocalRefs} from './non-local-refs.js';
import {pruneUnusedDefinitions} from './prune-defs.js';
import {requireAllAsNullable} from './require-all.js';
import {rewriteForModel, RewriteTooLarge} from './rewrite.js';
import {BUILDERS} from './targets/index.js';
import {inlineRef, valueAt} from '../lint/transforms/index.js';

export const EXPORT_TARGETS: readonly VendorTarget[] = ['openai', 'anthropic', 'gemini', 'gemini-legacy'];

export interface ExportOptions {
  target: VendorTarget;
  /** A request form of the target (see {@link formsOf}), or `all`; default the target's first. */
  form?: string;
  /** Default: the schema's title or the file's base name, reduced to the vendors' name pattern. */
  name?: string;
  /** Names the input in findings and gives the default name (default `schema.json`). */
  file?: string;
}

export interface ExportResult {
  /** The request fragment (with `form: all`, each form's under its name); undefined when refused. */
  fragment?: Record<string, unknown>;
  /** The schema as rewritten for the target (also when refused: the findings point into it). */
  schema: unknown;
  /** What `lint schema --target T` says of `schema` (a refusal's reasons among them), plus the input's parse problems. */
  findings: Finding[];
  /** An error-severity finding remains: no fragment is given. */
  refused: boolean;
  target: VendorTarget;
  form: string;
  name: string;
}

/** The request forms a target has (`all` gives every one). */
export function formsOf(target: VendorTarget): readonly string[] {
  return BUILDERS[target].forms;
}

/**
 * The request fragment the target's API takes for a schema (RFC 0030 §B): the schema is first given what
 * `lint schema --fix --target T` applies, then rewritten by the target's vendor model (lossless rewrites; constraints it
 * cannot express moved into `description`; keys it does not read dropped), then linted for the target. Any error left
 * refuses the export: a fragment is only given when `lint schema --target T` would pass its schema.
 * Throws a UserError for a bad `form` or `name` (a usage error, not a finding).
 */
export function exportSchema(input: string | object, options: ExportOptions): ExportResult {
  const {target} = options;
  const builder = BUILDERS[target];
  if (!builder) throw new UserError(`unknown target "${String(target)}"`, `one of ${EXPORT_TARGETS.join(', ')}`);
  const form = options.form ?? builder.defaultForm;
  if (form !== 'all' && !builder.forms.includes(form)) throw new UserError(`--form ${form} is not a request form of ${target}`, `${target} has ${[...builder.forms, 'all'].join(', ')}`);
  const file = options.file ?? 'schema.json';
  const problem = options.name === undefined ? undefined : nameProblem(options.name);
  if (problem) throw new UserError(`--name ${JSON.stringify(options.name)} is refused: ${problem}`, 'e.g. --name order_summary');

  const doc = typeof input === 'string' ? JsonDocument.parse(input.replace(/^\uFEFF/, ''), {file}) : undefined;
  const value: unknown = doc ? doc.value : input;
  const name = options.name ?? defaultName(value, options.file);
  const base = {target, form, name};
  const broken = doc?.problemFindings().filter((f) => f.severity === 'error') ?? [];
  if (doc && (!doc.parsed || broken.length > 0)) return {...base, schema: undefined, findings: doc.problemFindings(), refused: true};

  let schema: unknown;
  try {
    schema = schemaFor(value, target, file);
  } catch (error) {
    if (!(error instanceof RewriteTooLarge)) throw error;
    const finding: Finding = {
      ruleId: 'export/too-large',
      severity: 'error',
      message: `${error.message} (its references, inlined, multiply it); nothing is exported`,
      file,
      pointer: '',
      line: 1,
      column: 1,
    };
    return {...base, schema: undefined, findings: [finding], refused: true};
  }
  const out = JsonDocument.parse(JSON.stringify(schema, null, 2), {file: `${file} (as exported for ${target})`});
  // A ref to another document is refused before the lint, which would otherwise go and read it.
  const outside = nonLocalRefFindings(out, schema);
  const findings = outside.length > 0 ? outside : lintSchemaDocument(out, {targets: [target]});
  if (doc) placeOnInput(findings, doc, out);
  // A walk cut short checked only part of the schema: not a pass.
  const refused = findings.some((f) => f.severity === 'error' || f.ruleId === 'lint/incomplete');
  if (refused) return {...base, schema, findings, refused};
  const description = isObject(schema) && typeof schema.description === 'string' ? schema.description : undefined;
  const fragmentInput = {name, schema, ...(description === undefined ? {} : {description})};
  const fragment = form === 'all' ? Object.fromEntries(builder.forms.map((f) => [f, builder.build(f, fragmentInput)])) : builder.build(form, fragmentInput);
  return {...base, fragment, schema, findings, refused};
}

/** The findings export makes itself, for the reporter's rule table. */
export const EXPORT_RULES: readonly Rule[] = [
  defineRule({
    id: 'export/non-local-ref',
    commands: ['export schema'],
    description: 'A $ref to another document: a request carries one schema.',
    explanation:
      'A structured-output request embeds the schema itself, and the provider resolves $ref only within it; a reference to another file or URL would be sent dangling. Move the referenced schema into $defs and refer to it as #/$defs/<name>.',
    examples: {invalid: ['{"properties": {"address": {"$ref": "address.schema.json"}}}'], valid: ['{"properties": {"address": {"$ref": "#/$defs/address"}}, "$defs": {"address": {…}}}']},
    sources: [SOURCES.jsonSchemaRef, SOURCES.openai, SOURCES.anthropic, SOURCES.gemini],
  }),
  defineRule({
    id: 'export/too-large',
    commands: ['export schema'],
    description: 'Inlining the references would write more sub-schemas than an export may (a reference bomb?).',
    explanation:
      'Some targets need references inlined; a definition referenced twice by a definition referenced twice (and so on) doubles at every level, so a small file can expand past any memory. Reduce the fan-out of $defs that reference each other, or export for a target that keeps $ref.',
    examples: {
      invalid: ['"$defs": {"a": {"properties": {"x": {"$ref": "#/$defs/b"}, "y": {"$ref": "#/$defs/b"}}}, "b": {… the same over c …}, … 30 levels}'],
      valid: ['each definition referenced from a few places, a few levels deep'],
    },
    sources: [SOURCES.jsonSchemaRef],
  }),
];

/** Rewrite, `--fix`, then rewrite again (the fixes may add what the target spells otherwise, e.g. a type list). */
function schemaFor(value: unknown, target: VendorTarget, file: string): unknown {
  const model = VENDOR_MODELS[target];
  // OpenAI and Anthropic want "type": "object" on the root itself: a root $ref (pydantic's recursive models) is
  // replaced by what it names, its $defs kept beside it, so refs inside still resolve.
  const rooted = (target === 'openai' || target === 'anthropic') && isObject(value) && typeof value.$ref === 'string' ? (inlineRef(value, value, {allowRecursive: true}) ?? value) : value;
  let rewritten = rewriteForModel(rooted, model);
  if (!isObject(rewritten)) return rewritten;
  // The same required-and-nullable emulation --fix applies (its plan), on the value: --fix builds one edit per
  // property, which grows with the square of an object's size (5,000 optional properties took 18 s).
  if (target === 'openai') rewritten = requireAllAsNullable(rewritten);
  const fixed = fixSchemaText(JSON.stringify(rewritten, null, 2), file, {targets: [target]});
  return pruneUnusedDefinitions(rewriteForModel(JSON.parse(fixed.text), model));
}

/**
 * A finding at a place the input has too (most are: rewrites keep paths, except where a $ref was inlined or a oneOf
 * renamed) is shown at that place in the input file, which the user has; the others stay in the exported schema.
 */
function placeOnInput(findings: Finding[], input: JsonDocument, exported: JsonDocument): void {
  const onInput = findings.filter((f) => f.file === exported.source.file && (f.pointer === '' || valueAt(input.value, f.pointer) !== undefined));
  for (const f of onInput) f.file = input.source.file;
  if (onInput.length > 0) input.placeAll(onInput);
}

function nonLocalRefFindings(doc: JsonDocument, schema: unknown): Finding[] {
  const findings: Finding[] = nonLocalRefs(schema).map((pointer) => ({
    ruleId: 'export/non-local-ref',
    severity: 'error',
    message: 'a $ref to another document cannot be sent: a request carries one schema (bundle the referenced schemas into "$defs" first)',
    file: doc.source.file,
    pointer,
    line: 0,
    column: 0,
  }));
  if (findings.length > 0) doc.placeAll(findings);
  return findings;
}
