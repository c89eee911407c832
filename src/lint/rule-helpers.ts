import {ptr, typeIn} from './schema-util.js';
import type {RuleSource} from '../core/rule.js';
import {defineLintRule} from './define-lint-rule.js';
import type {LintRule, RuleContext, RuleDocs, SchemaNode} from './types.js';
import {TIER1_MAX_DEPTH} from './types.js';
import {VERIFIED} from '../core/rule-sources.js';

export const SOURCES = {
  rfc0030: {url: 'https://github.com/openwop/openwop', title: 'OpenWOP RFC 0030: the reasoning field (§A, §D) and the Tier-1 structured-output subset (§B)', verified: VERIFIED},
  rfc0031: {url: 'https://github.com/openwop/openwop', title: 'OpenWOP RFC 0031: variants (anyOf with a discriminator; oneOf banned)', verified: VERIFIED},
  conformance: {url: 'https://github.com/openwop/openwop/tree/main/conformance', title: 'OpenWOP conformance suite: the Tier-1 subset walker (load-bearing and strict modes)', verified: VERIFIED},
  rfc0021: {url: 'https://github.com/openwop/openwop', title: 'OpenWOP RFC 0021: AI envelope, universal kinds and kind naming', verified: VERIFIED},
  jsonSchemaRef: {url: 'https://json-schema.org/draft/2020-12/json-schema-core#name-direct-references-with-ref', title: 'JSON Schema 2020-12 core: $ref', verified: VERIFIED},
  openai: {url: 'https://platform.openai.com/docs/guides/structured-outputs#supported-schemas', title: 'OpenAI: Structured Outputs, supported schemas and limits', verified: VERIFIED},
  anthropic: {
    url: 'https://docs.claude.com/en/docs/build-with-claude/structured-outputs#json-schema-limitations',
    title: 'Anthropic: structured outputs and strict tool use, JSON Schema limitations',
    verified: VERIFIED,
  },
  gemini: {url: 'https://ai.google.dev/gemini-api/docs/structured-output', title: 'Google: Gemini API structured output (responseSchema and responseJsonSchema)', verified: VERIFIED},
} satisfies Record<string, RuleSource>;

/** Tier-1 checks run on this node: upstream's walker visits it and it is not past the depth limit. */
export function tier1Checks(node: SchemaNode): boolean {
  return node.tier1 && node.depth <= TIER1_MAX_DEPTH;
}

export const EXTENSION_EDGES_TEXT =
  '`$ref` targets (local and relative files), `definitions`, `additionalProperties` and `patternProperties` sub-schemas, `contains`, tuple `items`/`prefixItems`, and the branches of keywords Tier-1 forbids (`oneOf`, `allOf`, `not`, `if`/`then`/`else`, `dependentSchemas`)';

/**
 * The extension twin of an upstream Tier-1 rule: the same check on the sub-schemas upstream's walker never visits.
 * Its own id (`tier1-ext/<name>`) keeps upstream's counts exact while still reporting what vendors would reject.
 */
export function extensionTwin(base: LintRule, docs: RuleDocs): LintRule {
  const name = base.meta.id.slice(base.meta.id.indexOf('/') + 1);
  return defineLintRule({
    meta: {
      ...base.meta,
      id: `tier1-ext/${name}`,
      description: `${base.meta.description.replace(/\.$/, '')}, on sub-schemas the upstream walker skips.`,
      extension: true,
      upstreamName: undefined,
      reach: 'extension',
      impliedBy: [base.meta.id],
      docs,
      explanation: `Our extension of ${base.meta.id}: the same check on sub-schemas the upstream conformance walker does not visit: ${EXTENSION_EDGES_TEXT}. Vendors apply their rules there too, so a schema can pass upstream's walker and still be refused. Kept under its own id so counts of ${base.meta.id} stay exactly upstream's. A sub-schema also reachable by upstream's walk (a $ref to #/$defs/…) is reported once, under ${base.meta.id}.\n\n${base.meta.explanation}`,
    },
    ...(base.check ? {check: base.check} : {}),
  });
}

/** Wraps an example sub-schema so that it is reached only through `additionalProperties` (an extension edge). */
export function underAdditionalProperties(sub: unknown): unknown {
  return {type: 'object', properties: {}, required: [], additionalProperties: sub};
}

/**
 * Whether the schema has one of `keys`, from one pass over its own few keys: cheaper than a lookup per key when, as on
 * almost every sub-schema, it has none.
 */
export function hasAnyKey(schema: Record<string, unknown>, keys: ReadonlySet<string>): boolean {
  for (const k in schema) if (keys.has(k) && Object.hasOwn(schema, k)) return true;
  return false;
}

/** The messages of the rules {@link constraintCheck} makes the check of. */
export const CONSTRAINT_MESSAGES = {constraint: '"{{keyword}}" on {{what}} is outside the strict Tier-1 subset: move it into "description" and check it in the host'};

/** One finding per constraint keyword present on a schema of one of `types` (how upstream counts). */
export function constraintCheck(types: string[], keywords: string[], what: string): NonNullable<LintRule['check']> {
  const keywordSet = new Set(keywords);
  return (node, ctx) => {
    if (!tier1Checks(node) || !typeIn(node.schema, types) || !hasAnyKey(node.schema, keywordSet)) return;
    for (const kw of keywords) {
      if (!Object.hasOwn(node.schema, kw)) continue;
      ctx.report({
        doc: node.doc,
        pointer: ptr(node.pointer, kw),
        messageId: 'constraint',
        data: {keyword: kw, what},
      });
    }
  };
}

/** True the first time a rule sees this sub-schema (a $ref target can be visited more than once); for whole-schema counts. */
export function firstVisit(node: SchemaNode, ctx: RuleContext): boolean {
  // Without a "$ref" key the walk is a tree walk of a parsed tree, which reaches every object once.
  if (!ctx.root.doc.mayHoldString('$ref')) return true;
  // Keyed by the sub-schema object itself: a second visit reaches the same parsed object, and building the pointer
  // string of every node cost more than the counting rules' checks.
  const seen = ((ctx.state.seen as Set<object> | undefined) ??= new Set<object>());
  if (seen.has(node.schema)) return false;
  seen.add(node.schema);
  return true;
}
