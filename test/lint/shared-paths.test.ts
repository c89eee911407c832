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

const sub: fc.Arbitrary<Schema> = fc.letrec<{s: Schema}>((tie) => ({
  s: fc.oneof(
    {depthSize: 'small', maxDepth: 3},
    leaf,
    fc.record({type: fc.constant('object'), properties: fc.dictionary(fc.constantFrom('a', 'b', 'reasoning', 'c'), tie('s'), {minKeys: 1, maxKeys: 3}), additionalProperties: fc.boolean()}),
    fc.record({type: fc.constant('array'), items: tie('s'), minItems: fc.constant(1)}),
    fc.record({oneOf: fc.array(tie('s'), {minLength: 1, maxLength: 2})}),
    fc.record({anyOf: fc.array(tie('s'), {minLength: 1, maxLength: 2})}),
  ),
})).s;

const document = fc.record({body: sub, item: sub, dupe: fc.boolean()}).map(({body, item, dupe}) => {
  const text = JSON.stringify({$schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: {p: body, q: item}, $defs: {item}}, null, 2);
  // A repeated key makes a document that is placed by pointer rather than by path.
  return dupe ? text.replace('"type": "object"', '"type": "object", "type": "object"') : text;
});

function lintAlone(text: string, file: string) {
  return lintSchemaDocument(JsonDocument.parse(text, {file}), OPTIONS);
}

describe('a prepared lint that places many documents', () => {
  it('gives each document the findings it gets linted alone, whatever came before', () => {
    let findings = 0;
    fc.assert(
      fc.property(fc.array(document, {minLength: 2, maxLength: 8}), (texts) => {
        const lint = prepareLint(OPTIONS);
        texts.forEach((text, i) => {
          const file = `s${i}.json`;
          const shared = lint(JsonDocument.parse(text, {file})).findings;
          findings += shared.length;
          expect(shared).toEqual(lintAlone(text, file));
        });
      }),
      {numRuns: 150, seed: 20261126},
    );
    expect(findings).toBeGreaterThan(3000);
  });

  it('places right after a document with more distinct paths than it keeps', () => {
    const lint = prepareLint(OPTIONS);
    const wide = JSON.stringify({type: 'object', properties: Object.fromEntries(Array.from({length: 5000}, (_, i) => [`k${i}`, {type: ['string', 'null'], format: 'email'}]))}, null, 2);
    const texts = [wide, wide.replaceAll('"k', '"j'), fc.sample(document, {numRuns: 1, seed: 7})[0]];
    for (const [i, text] of texts.entries()) expect(lint(JsonDocument.parse(text, {file: `w${i}.json`})).findings).toEqual(lintAlone(text, `w${i}.json`));
  });

  it('places right when a rule lints another document with it during a walk', () => {
    const inner = JsonDocument.parse('{"type": "object", "properties": {"z": {"type": "string", "$comment": "c"}}}', {file: 'inner.json'});
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
        for (const f of lint(inner).findings) innerFindings.push(`${f.pointer} ${f.line}:${f.column}`);
        nested = false;
      },
    });
    const legacy = RULES.filter((r) => r.meta.id.startsWith('gemini-legacy/'));
    const options: LintOptions = {cwd: EMPTY_DIR, targets: ['gemini-legacy'], ruleSet: [nesting, ...legacy]};
    const lint = (prepared.lint = prepareLint(options));
    const text = '{\n  "type": "object",\n  "additionalProperties": false,\n  "properties": {"a": {"type": ["string", "null"]}}\n}';
    const outer = lint(JsonDocument.parse(text, {file: 'outer.json'})).findings;
    expect(innerFindings).toEqual(['/properties/z/$comment 1:59']);
    const where = outer.map((f) => `${f.ruleId} ${f.pointer} ${f.line}:${f.column}-${f.endLine}:${f.endColumn}`);
    expect(where).toEqual(['gemini-legacy/unsupported-keyword /additionalProperties 3:3-3:32', 'gemini-legacy/type-list /properties/a/type 4:24-4:50']);
  });
});
