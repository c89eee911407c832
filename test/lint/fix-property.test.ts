import fc from 'fast-check';
import {findNodeAtLocation, parseTree, type Node} from 'jsonc-parser';
import {describe, expect, it} from 'vitest';
import {JsonDocument} from '../../src/io/json-document.js';
import {lintSchemaDocument} from '../../src/lint/engine.js';
import {fixSchemaText} from '../../src/lint/fixer.js';
import type {LintTarget} from '../../src/lint/types.js';
import {EMPTY_DIR} from './helpers.js';

// Random schemas with nested objects, arrays, anyOf, $ref, optional properties, constraints and `reasoning` anywhere,
// printed in random styles. After --fix: the text parses, a second run changes nothing, and no fixable finding is left.

const NAMES = ['reasoning', 'a', 'b', 'title', '0', '12', 'x-y', 'we~ird/key', 'é', 'required'];

type Schema = Record<string, unknown>;

const leaf: fc.Arbitrary<Schema> = fc
  .record(
    {
      type: fc.constantFrom<unknown>('string', 'integer', 'number', 'boolean', ['string'], ['integer', 'null']),
      description: fc.constantFrom('d', 'a, b'),
      enumVals: fc.boolean(),
      constraint: fc.constantFrom(undefined, 'minLength', 'maximum', 'format'),
    },
    {requiredKeys: ['type']},
  )
  .map(({type, description, enumVals, constraint}) => {
    const s: Schema = {type};
    if (description) s.description = description;
    if (enumVals && (type === 'string' || JSON.stringify(type) === '["string"]')) s.enum = ['x', 'y'];
    if (constraint === 'minLength') s.minLength = 1;
    if (constraint === 'maximum') s.maximum = 3;
    if (constraint === 'format') s.format = 'date';
    return s;
  });

const tree = fc.letrec<{node: Schema; object: Schema; array: Schema; union: Schema}>((tie) => ({
  node: fc.oneof({depthSize: 'small', withCrossShrink: true}, leaf, tie('object'), tie('array'), tie('union'), fc.constant({$ref: '#/$defs/shared'}), fc.constant({})),
  object: fc
    .record({
      props: fc.uniqueArray(fc.tuple(fc.constantFrom(...NAMES), tie('node')), {maxLength: 4, selector: ([k]) => k}),
      requiredMask: fc.array(fc.boolean(), {minLength: 4, maxLength: 4}),
      ap: fc.constantFrom<unknown>(undefined, false, true),
      ordering: fc.boolean(),
      noRequiredKey: fc.boolean(),
    })
    .map(({props, requiredMask, ap, ordering, noRequiredKey}) => {
      const s: Schema = {type: 'object', properties: Object.fromEntries(props)};
      const req = props.filter((_, i) => requiredMask[i]).map(([k]) => k);
      if (!noRequiredKey || req.length) s.required = req;
      if (ap !== undefined) s.additionalProperties = ap;
      if (ordering) s.propertyOrdering = [...props.map(([k]) => k)].reverse();
      return s;
    }),
  array: tie('node').map((items) => ({type: 'array', items})),
  union: fc.array(tie('object'), {minLength: 1, maxLength: 3}).map((anyOf) => ({anyOf})),
}));

const rootSchema = fc.record({root: tree.object, shared: tree.object}).map(({root, shared}): Schema => ({...root, $defs: {shared}}));

const style = fc.record({indent: fc.constantFrom<string | number>(0, 2, 4, '\t'), crlf: fc.boolean(), finalNewline: fc.boolean()});

function print(value: unknown, s: {indent: string | number; crlf: boolean; finalNewline: boolean}): string {
  let text = JSON.stringify(value, null, s.indent);
  if (s.crlf) text = text.replace(/\n/g, '\r\n');
  return s.finalNewline ? text + (s.crlf ? '\r\n' : '\n') : text;
}

/** The root `properties` keys in text order (JSON.parse puts integer-like keys first). */
function keyOrder(text: string): string[] {
  const props = findNodeAtLocation(parseTree(text) as Node, ['properties']);
  return (props?.children ?? []).map((p) => p.children?.[0]?.value as string);
}

const targetsArb = fc.subarray<LintTarget>(['tier1', 'openai', 'anthropic', 'gemini'], {minLength: 1});

describe('--fix on random schemas', () => {
  it('parses, is idempotent and leaves nothing fixable (1,000 schemas)', () => {
    const seen = {runs: 0, changed: 0, multiPass: 0, reasoningMoved: 0};
    fc.assert(
      fc.property(rootSchema, style, targetsArb, fc.constantFrom<'strict' | 'load-bearing'>('strict', 'load-bearing'), (schema, st, targets, profile) => {
        const text = print(schema, st);
        const options = {cwd: EMPTY_DIR, profile, targets};
        const first = fixSchemaText(text, 'r.schema.json', options);
        expect(first.refused).toBeUndefined();
        seen.runs++;
        if (first.fixed > 0) seen.changed++;
        if (first.passes > 1) seen.multiPass++;
        if (Object.keys(schema.properties as object).indexOf('reasoning') > 0) seen.reasoningMoved++;
        const value = JSON.parse(first.text) as Schema; // still parses
        const second = fixSchemaText(first.text, 'r.schema.json', options);
        expect(second.fixed).toBe(0);
        expect(second.text).toBe(first.text);
        const left = lintSchemaDocument(JsonDocument.parse(first.text, {file: 'r.schema.json'}), {...options, withFixes: true}).filter((f) => f.fix);
        expect(left.map((f) => `${f.ruleId} ${f.pointer}`)).toEqual([]);
        const rootKeys = Object.keys(value.properties as object);
        if (rootKeys.includes('reasoning')) expect(keyOrder(first.text)[0]).toBe('reasoning');
        // Nothing a user wrote is lost: every property name survives, and the root keeps its keys.
        expect(Object.keys(value.properties as object).sort()).toEqual(Object.keys(schema.properties as object).sort());
        for (const k of Object.keys(schema)) expect(k in value).toBe(true);
        // Line endings and the final newline are kept.
        expect(first.text.includes('\r\n')).toBe(st.crlf && text.includes('\n'));
        expect(first.text.endsWith('\n')).toBe(st.finalNewline);
      }),
      {numRuns: 1000},
    );
    // The generator really exercises the fixer (guards against a vacuous pass).
    expect(seen.changed).toBeGreaterThan(seen.runs / 2);
    expect(seen.multiPass).toBeGreaterThan(50);
    expect(seen.reasoningMoved).toBeGreaterThan(50);
  });
});
