import {defineLintRule} from '../define-lint-rule.js';
import {SOURCES} from '../rule-helpers.js';
import {fixTypeListToNullable} from '../vendors/fixes.js';

const TYPE_LIST = '"type": {{list}} is a type list; responseSchema takes one type name';

const rule = defineLintRule({
  meta: {
    id: 'gemini-legacy/type-list',
    keywords: ['type'],
    description: 'Gemini responseSchema: "type" is one type name; a type list or "null" is refused (use "nullable": true).',
    messages: {
      several: `${TYPE_LIST} (not auto-fixable: several non-null types need an "anyOf")`,
      contradicted: `${TYPE_LIST} (not auto-fixable: "nullable": false beside it says the opposite of the list's "null")`,
      oneType: `${TYPE_LIST} (--fix does that)`,
      oneTypeNullable: `${TYPE_LIST} with "nullable": true (--fix does that)`,
      nullType: '"type": "null" is not a responseSchema type; say "nullable": true on the schema that may be null (not auto-fixable: which schema that is is your call)',
    },
    fixable: true,
    sources: [SOURCES.gemini],
    evidence: [
      {
        kind: 'docs',
        text: 'The OpenAPI Schema "type" field is a single Type enum value (STRING, NUMBER, INTEGER, BOOLEAN, ARRAY, OBJECT); nullability is the separate "nullable" field.',
        url: SOURCES.gemini.url,
        verified: '2026-11',
      },
    ],
    docs: {
      valid: [{type: 'object', properties: {a: {type: 'string', nullable: true}}, required: ['a']}],
      invalid: [{schema: {type: 'object', properties: {a: {type: ['string', 'null']}, b: {type: 'null'}}, required: ['a']}, findings: 2}],
    },
    explanation:
      'The legacy responseSchema field is an OpenAPI 3.0 Schema: "type" takes one type name, and a value that may be null says "nullable": true. A JSON Schema type list, or the type "null", does not parse there and the request is refused. --fix turns ["T", "null"] into "type": "T", "nullable": true; a list of several non-null types needs an anyOf, which is left to you. Or send the schema as responseJsonSchema (--target gemini), which takes type lists.',
  },
  check(node, ctx) {
    const t = node.schema.type;
    if (Array.isArray(t)) {
      const shape = shapeOf(t);
      if (shape.only === undefined) ctx.reportAt(node, 'type', 'several', shape.data);
      else if (shape.nullable && node.schema.nullable === false) ctx.reportAt(node, 'type', 'contradicted', shape.data);
      else {
        // ["T"] is just "T"; ["T", "null"] is "T" with "nullable": true (kept when already there).
        const {only, nullable} = shape;
        const addNullable = nullable && !Object.hasOwn(node.schema, 'nullable');
        ctx.reportAt(node, 'type', nullable ? 'oneTypeNullable' : 'oneType', shape.data, () => fixTypeListToNullable(node.doc, node.pointer, only, addNullable));
      }
    } else if (t === 'null') ctx.reportAt(node, 'type', 'nullType');
  },
});

/** What a type list says to this rule. */
interface ListShape {
  /** The one non-null type, when the list has exactly one and it is a string. */
  only: string | undefined;
  /** The list holds "null". */
  nullable: boolean;
  /** The list as JSON, for the message: frozen, so findings on equal lists share one message. */
  data: Readonly<{list: string}>;
}

/**
 * Shapes of the lists seen, kept: the same few lists (["string", "null"]) recur on every schema, and a linter keeps every
 * finding until it reports, so findings on equal lists share their message. Found by comparing the elements, which
 * costs less than building a key for every list.
 */
const shapes: {list: readonly unknown[]; shape: ListShape}[] = [];
const SHAPES_KEPT = 32;

function shapeOf(list: readonly unknown[]): ListShape {
  for (const kept of shapes) if (sameElements(kept.list, list)) return kept.shape;
  const json = JSON.stringify(list);
  const types = list.filter((x) => x !== 'null');
  const nullable = types.length < list.length;
  const shape = {only: types.length === 1 && typeof types[0] === 'string' ? types[0] : undefined, nullable, data: Object.freeze({list: json})};
  if (shapes.length < SHAPES_KEPT) shapes.push({list: [...list], shape});
  return shape;
}

function sameElements(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export default rule;
