import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {JsonDocument} from '../../src/io/json-document.js';
import {lintSchemaDocument, prepareLint, type LintOptions} from '../../src/lint/engine.js';
import {defineLintRule} from '../../src/lint/define-lint-rule.js';
import {RULES} from '../../src/lint/rules/index.js';
import {EMPTY_DIR} from './helpers.js';

// A prepared lint keeps the paths (and pointer strings) of the findings it placed, for the next document's findings to
// reuse. Whatever documents came before, each one's findings must be exactly those of the same document linted alone.

const OPTIONS: LintOptions = {cwd: EMPTY_DIR, targets: ['tier1', 'openai', 'anthropic', 'gemini', 'gemini-legacy']};

type Schema = Record<string, unknown>;

const leaf = fc.constantFrom<Schema>(
  {type: 'string'},
  {type: ['string', 'null'], description: 'd'},
  {type: 'string', format: 'email', maxLength: 3},
  {const: 'x'},
  {type: 'integer', minimum: 0},
  {$ref: '#/$defs/item'},
  {$ref: '#/$defs/item', description: 'beside a ref'},
);

/** Property names: plain mostly, and some a pointer or JSON escapes, an empty one and integer-like ones. */
const name = fc.oneof({arbitrary: fc.constantFrom('a', 'b', 'reasoning', 'c'), weight: 6}, {arbitrary: fc.constantFrom('a/b', 'm~n', 'x\\y', 'q"', '', '0', '10'), weight: 1});

const sub: fc.Arbitrary<Schema> = fc.letrec<{s: Schema}>((tie) => ({
  s: fc.oneof(
    {depthSize: 'small', maxDepth: 3},
    leaf,
    fc.record({type: fc.constant('object'), properties: fc.dictionary(name, tie('s'), {minKeys: 1, maxKeys: 3}), additionalProperties: fc.boolean()}),
    fc.record({type: fc.constant('array'), items: tie('s'), minItems: fc.constant(1)}),
    fc.record({oneOf: fc.array(tie('s'), {minLength: 1, maxLength: 2})}),
    fc.record({anyOf: fc.array(tie('s'), {minLength: 1, maxLength: 2})}),
  ),
})).s;

/** A schema's text, and how it is read: a whole file, one with a repeated key (placed by pointer), or an element of a stream. */
const document = fc.record({body: sub, item: sub, form: fc.constantFrom('file', 'file', 'file', 'repeated-key', 'stream-element')}).map(({body, item, form}) => {
  const text = JSON.stringify({$schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: {p: body, q: item}, $defs: {item}}, null, 2);
  return {text: form === 'repeated-key' ? text.replace('"type": "object"', '"type": "object", "type": "object"') : text, pointerBase: form === 'stream-element' ? '/3' : ''};
});

function parse({text, pointerBase}: {text: string; pointerBase: string}, file: string): JsonDocument {
  return JsonDocument.parse(text, {file, pointerBase});
}

function lintAlone(source: {text: string; pointerBase: string}, file: string) {
  return lintSchemaDocument(parse(source, file), OPTIONS);
}

describe('a prepared lint that places many documents', () => {
  it('gives each document the findings it gets linted alone, whatever came before', () => {
    let findings = 0;
    fc.assert(
      fc.property(fc.array(document, {minLength: 2, maxLength: 8}), (sources) => {
        const lint = prepareLint(OPTIONS);
        sources.forEach((source, i) => {
          const file = `s${i}.json`;
          const doc = parse(source, file);
          const shared = lint(doc).findings;
          findings += shared.length;
          expect(shared).toEqual(lintAlone(source, file));
          // And each where its pointer says, as the pointer-by-pointer scan finds it (a path other than the engine's).
          for (const f of shared)
            if (f.ruleId !== 'json/duplicate-key') expect({line: f.line, column: f.column, endLine: f.endLine, endColumn: f.endColumn}, `${f.ruleId} ${f.pointer}`).toEqual(doc.locate(f.pointer));
        });
      }),
      {numRuns: 150, seed: 20261126},
    );
    expect(findings).toBeGreaterThan(3000);
  });

  it('places right after a document with more distinct paths than it keeps', () => {
    const lint = prepareLint(OPTIONS);
    const wide = JSON.stringify({type: 'object', properties: Object.fromEntries(Array.from({length: 5000}, (_, i) => [`k${i}`, {type: ['string', 'null'], format: 'email'}]))}, null, 2);
    const sources = [{text: wide, pointerBase: ''}, {text: wide.replaceAll('"k', '"j'), pointerBase: ''}, ...fc.sample(document, {numRuns: 3, seed: 7})];
    for (const [i, source] of sources.entries()) expect(lint(parse(source, `w${i}.json`)).findings).toEqual(lintAlone(source, `w${i}.json`));
  });

  // An inner document placed by path begins a round of the same pool, so the outer one is placed by pointer; one with a
  // repeated key begins none, and the outer one stays placed by path.
  it.each([
    ['placed by path', '{"type": "object", "properties": {"z": {"type": "string", "$comment": "c"}}}', ['gemini-legacy/unsupported-keyword /properties/z/$comment 1:59']],
    [
      'with a repeated key',
      '{"type": "object", "type": "object", "properties": {"z": {"$comment": "c"}}}',
      ['json/duplicate-key /type 1:20', 'gemini-legacy/unsupported-keyword /properties/z/$comment 1:59'],
    ],
  ])('places right when a rule lints another document (%s) with it during a walk', (_, innerText, innerWhere) => {
    const inner = JsonDocument.parse(innerText, {file: 'inner.json'});
    // The rule is made before the lint that runs it, and calls that lint.
    const prepared: {lint?: ReturnType<typeof prepareLint>} = {};
    const innerFindings: string[] = [];
    let nested = false;
    const nesting = defineLintRule({
      meta: {id: 'gemini-legacy/test-lints-another', description: 'test rule', sources: [], docs: {valid: [], invalid: []}, explanation: 'x', messages: {x: 'x'}},
      check(node) {
        const {lint} = prepared;
        if (node.pointer !== '/properties/a' || !lint || nested) return;
        nested = true;
        for (const f of lint(inner).findings) innerFindings.push(`${f.ruleId} ${f.pointer} ${f.line}:${f.column}`);
        nested = false;
      },
    });
    const legacy = RULES.filter((r) => r.meta.id.startsWith('gemini-legacy/'));
    const options: LintOptions = {cwd: EMPTY_DIR, targets: ['gemini-legacy'], ruleSet: [nesting, ...legacy]};
    const lint = (prepared.lint = prepareLint(options));
    const text = '{\n  "type": "object",\n  "additionalProperties": false,\n  "properties": {"a": {"type": ["string", "null"]}}\n}';
    const outer = lint(JsonDocument.parse(text, {file: 'outer.json'})).findings;
    expect(innerFindings).toEqual(innerWhere);
    const where = outer.map((f) => `${f.ruleId} ${f.pointer} ${f.line}:${f.column}-${f.endLine}:${f.endColumn}`);
    expect(where).toEqual(['gemini-legacy/unsupported-keyword /additionalProperties 3:3-3:32', 'gemini-legacy/type-list /properties/a/type 4:24-4:50']);
  });
});
