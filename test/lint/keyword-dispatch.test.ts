import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {JsonDocument} from '../../src/io/json-document.js';
import {lintSchemaDocument} from '../../src/lint/engine.js';
import {RULES} from '../../src/lint/rules/index.js';
import type {LintProfile, LintRule} from '../../src/lint/types.js';
import {EMPTY_DIR} from './helpers.js';

// The engine calls a check only on sub-schemas holding one of the keys its rule lists in `meta.keywords`. That must
// never change a finding: the same rules with no `keywords` (called on every sub-schema) give exactly the same output.

const UNDISPATCHED: LintRule[] = RULES.map((rule) => ({...rule, meta: {...rule.meta, keywords: undefined}}));

/** Every key some rule lists, and a few no rule does. */
const KEYWORDS = [...new Set(RULES.flatMap((r) => r.meta.keywords ?? []))];
const OTHER_KEYS = ['description', 'title', 'default', 'examples', 'x-note', 'nullable', 'exclusiveMinimum', 'exclusiveMaximum'];

type Schema = Record<string, unknown>;

const scalar = fc.oneof(fc.constantFrom<unknown>('string', 'object', 'array', 'number', 'integer', 'null', 'uri', 'date'), fc.integer({min: -2, max: 3}), fc.boolean(), fc.constant(null));

const typeValue = fc.oneof(fc.constantFrom<unknown>('object', 'string', 'number', 'integer', 'array', 'boolean', 'null'), fc.subarray(['object', 'string', 'number', 'integer', 'array', 'null']));

/** A sub-schema with up to six keys drawn from the vocabulary, and sub-schemas of its own down to `depth` levels. */
function schema(depth: number): fc.Arbitrary<Schema> {
  return fc
    .record({
      keys: fc.subarray([...KEYWORDS, ...OTHER_KEYS], {maxLength: 6}),
      type: fc.option(typeValue, {nil: undefined}),
      children: depth === 0 ? fc.constant<Schema[]>([]) : fc.array(schema(depth - 1), {maxLength: 3}),
      values: fc.array(scalar, {minLength: 3, maxLength: 3}),
    })
    .map(({keys, type, children, values}) => {
      const s: Schema = {};
      if (type !== undefined) s.type = type;
      const names = ['a', 'reasoning', 'b'];
      for (const key of keys) {
        if (key === 'type') continue;
        if (['properties', '$defs', 'definitions', 'patternProperties'].includes(key)) s[key] = Object.fromEntries(children.map((c, i) => [names[i], c]));
        else if (['anyOf', 'oneOf', 'allOf', 'prefixItems'].includes(key)) s[key] = children;
        else if (['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'].includes(key)) s[key] = children[0] ?? values[0];
        else if (key === 'enum') s[key] = values;
        else if (['required', 'propertyOrdering'].includes(key)) s[key] = names.slice(0, children.length);
        else s[key] = values[0];
      }
      return s;
    });
}

const root = fc.record({body: schema(4), kind: fc.constantFrom(undefined, 'vendor.acme.plan', 'schema.response')}).map(({body, kind}) => ({
  ...(kind ? {'x-openwop-kind': kind} : {}),
  type: 'object',
  ...body,
}));

function lintBoth(value: unknown, profile: LintProfile) {
  const text = JSON.stringify(value, null, 2);
  const options = {cwd: EMPTY_DIR, profile, targets: ['tier1', 'openai', 'anthropic', 'gemini'] as const};
  return {
    dispatched: lintSchemaDocument(JsonDocument.parse(text, {file: 's.json'}), options),
    everywhere: lintSchemaDocument(JsonDocument.parse(text, {file: 's.json'}), {...options, ruleSet: UNDISPATCHED}),
  };
}

describe('keyword dispatch', () => {
  it('lists only keys some rule can report on', () => {
    expect(KEYWORDS.length).toBeGreaterThan(20);
    for (const rule of RULES) for (const key of rule.meta.keywords ?? []) expect(typeof key, rule.meta.id).toBe('string');
  });

  it('gives the same findings as calling every check on every sub-schema (2,000 random schemas, all targets)', () => {
    let findings = 0;
    fc.assert(
      fc.property(root, fc.constantFrom<LintProfile>('strict', 'load-bearing'), (value, profile) => {
        const {dispatched, everywhere} = lintBoth(value, profile);
        findings += everywhere.length;
        expect(dispatched).toEqual(everywhere);
      }),
      {numRuns: 2000, seed: 20261122},
    );
    // The schemas are rich enough to make most rules report.
    expect(findings).toBeGreaterThan(20_000);
  });

  it('gives the same findings on every rule-doc example', () => {
    for (const rule of RULES) {
      for (const example of [...rule.meta.docs.valid, ...rule.meta.docs.invalid.map((i) => i.schema)]) {
        for (const profile of ['strict', 'load-bearing'] as const) {
          const {dispatched, everywhere} = lintBoth(example, profile);
          expect(dispatched, rule.meta.id).toEqual(everywhere);
        }
      }
    }
  });
});
