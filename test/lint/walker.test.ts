import {mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {JsonDocument} from '../../src/io/json-document.js';
import {lintSchemaDocument} from '../../src/lint/engine.js';
import type {SchemaNode} from '../../src/lint/types.js';
import {walkSchema} from '../../src/lint/walker.js';
import {at, count, doc, EMPTY_DIR, ids, lint} from './helpers.js';
import {tempDir} from '../helpers/cli.js';

function visits(value: unknown, options = {}): SchemaNode[] {
  const nodes: SchemaNode[] = [];
  walkSchema(doc(value), {cwd: EMPTY_DIR, ...options}, (n) => nodes.push(n));
  return nodes;
}

const closed = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({type: 'object', properties, required: Object.keys(properties), additionalProperties: false, ...extra});

describe('the walker follows upstream edges exactly', () => {
  it('visits properties, anyOf, object items and $defs one level deeper each, in document order', () => {
    const nodes = visits({
      type: 'object',
      properties: {a: {type: 'string'}, b: {type: 'array', items: {type: 'object', properties: {c: {anyOf: [{type: 'string'}]}}}}},
      $defs: {d: {type: 'string'}},
    });
    expect(nodes.map((n) => [n.pointer, n.depth, n.edge, n.reach])).toEqual([
      ['', 0, 'root', 'upstream'],
      ['/properties/a', 1, 'properties', 'upstream'],
      ['/properties/b', 1, 'properties', 'upstream'],
      ['/properties/b/items', 2, 'items', 'upstream'],
      ['/properties/b/items/properties/c', 3, 'properties', 'upstream'],
      ['/properties/b/items/properties/c/anyOf/0', 4, 'anyOf', 'upstream'],
      ['/$defs/d', 1, '$defs', 'upstream'],
    ]);
  });

  it('marks every other edge as our extension', () => {
    const nodes = visits({
      type: 'object',
      additionalProperties: {type: 'string'},
      patternProperties: {'^x': {type: 'string'}},
      definitions: {d: {type: 'string'}},
      properties: {
        t: {type: 'array', prefixItems: [{type: 'string'}], items: [{type: 'number'}], contains: {type: 'string'}},
        r: {$ref: '#/definitions/d'},
      },
    });
    const ext = nodes.filter((n) => n.reach === 'extension').map((n) => `${n.edge} ${n.pointer}`);
    expect(ext).toEqual([
      'contains /properties/t/contains',
      'prefixItems /properties/t/prefixItems/0',
      'tupleItems /properties/t/items/0',
      '$ref /definitions/d',
      'definitions /definitions/d',
      'additionalProperties /additionalProperties',
      'patternProperties /patternProperties/^x',
    ]);
  });

  it('gives a $ref target the depth of the schema that refers to it', () => {
    const nodes = visits({type: 'object', properties: {a: {type: 'object', properties: {b: {$ref: '#/$defs/x'}}}}, $defs: {x: {type: 'string'}}});
    const viaRef = nodes.find((n) => n.edge === '$ref');
    expect(viaRef?.depth).toBe(2);
    expect(nodes.find((n) => n.edge === '$defs')?.depth).toBe(1);
  });

  it('stops Tier-1 checks below depth 5, as upstream stops descending', () => {
    let s: unknown = {type: 'object', properties: {deep: {type: 'string', minLength: 1}}, additionalProperties: false, required: ['deep']};
    for (let i = 0; i < 6; i++) s = closed({a: s});
    // depth 6 is the first node past the limit: one max-depth finding there, nothing from below it.
    const findings = lint(s, {profile: 'strict'});
    expect(at(findings, 'tier1/max-depth')).toEqual(['/properties/a/properties/a/properties/a/properties/a/properties/a/properties/a']);
    expect(count(findings, 'tier1/string-constraint')).toBe(0);
    expect(findings.filter((f) => f.ruleId.startsWith('tier1-ext/'))).toEqual([]);
  });

  it('reports max-depth once per branch that crosses the limit', () => {
    let a: unknown = {type: 'string'};
    for (let i = 0; i < 7; i++) a = closed({a});
    const findings = lint(closed({x: a, y: a}), {profile: 'load-bearing'});
    expect(count(findings, 'tier1/max-depth')).toBe(2);
  });
});

describe('upstream counting', () => {
  it('one finding per offending keyword and per optional property', () => {
    const findings = lint(
      {
        type: 'object',
        properties: {
          s: {type: ['string', 'null'], minLength: 1, maxLength: 2, pattern: 'x', format: 'date'},
          n: {type: 'integer', minimum: 0, maximum: 9, multipleOf: 3},
          a: {type: 'array', minItems: 1, maxItems: 2, uniqueItems: false, items: {type: 'string'}},
        },
      },
      {profile: 'strict'},
    );
    expect(count(findings, 'tier1/string-constraint')).toBe(4);
    expect(count(findings, 'tier1/number-constraint')).toBe(3);
    expect(count(findings, 'tier1/array-constraint')).toBe(3);
    expect(count(findings, 'tier1/all-required')).toBe(3);
    expect(count(findings, 'tier1/additional-properties')).toBe(1);
  });

  it('constraint keywords count only on schemas of the matching type', () => {
    const findings = lint(closed({n: {type: 'number', minLength: 3}, s: {type: 'string', minimum: 1}}), {profile: 'strict'});
    expect(count(findings, 'tier1/string-constraint') + count(findings, 'tier1/number-constraint')).toBe(0);
  });

  it('max-properties counts every walked properties entry, once, at the root', () => {
    const defs = Object.fromEntries(Array.from({length: 60}, (_, i) => [`p${i}`, {type: 'string'}]));
    expect(at(lint(closed(defs, {$defs: {x: closed(defs)}}), {profile: 'strict'}), 'tier1/max-properties')).toEqual(['']);
    expect(count(lint(closed(defs), {profile: 'strict'}), 'tier1/max-properties')).toBe(0);
    // additionalProperties sub-schemas are not walked by upstream, so they do not count.
    expect(count(lint(closed(defs, {additionalProperties: closed(defs)}), {profile: 'strict'}), 'tier1/max-properties')).toBe(0);
  });

  it('forbidden keywords are load-bearing, one per keyword, pointing at the keyword', () => {
    const findings = lint({type: 'object', properties: {a: {oneOf: [], not: {}}, b: {type: 'array', prefixItems: []}}, $defs: {c: {propertyNames: {}}}}, {profile: 'load-bearing'});
    expect(at(findings, 'tier1/forbidden-keyword').sort()).toEqual(['/$defs/c/propertyNames', '/properties/a/not', '/properties/a/oneOf', '/properties/b/prefixItems']);
  });

  it('load-bearing reports nothing strict', () => {
    const findings = lint({type: 'object', properties: {a: {type: 'string', maxLength: 3}}}, {profile: 'load-bearing'});
    expect(findings).toEqual([]);
  });

  it('root must be an object, not an anyOf', () => {
    expect(ids(lint({anyOf: [{type: 'object'}]}, {profile: 'load-bearing'}))).toContain('tier1/root-object');
    expect(ids(lint([1, 2], {profile: 'load-bearing'}))).toEqual(['tier1/root-object']);
    expect(ids(lint('x', {profile: 'load-bearing'}))).toEqual(['tier1/root-object']);
  });

  it('anyOf branches need a $ref or a discriminator', () => {
    const v = (k: string) => closed({kind: {type: 'string', enum: [k]}});
    expect(count(lint(closed({u: {anyOf: [v('a'), v('b'), {$ref: '#/$defs/c'}]}}, {$defs: {c: v('c')}})), 'tier1/anyof-discriminator')).toBe(0);
    expect(at(lint(closed({u: {anyOf: [v('a'), {type: 'null'}]}})), 'tier1/anyof-discriminator')).toEqual(['/properties/u/anyOf/1']);
  });
});

describe('our extension walk', () => {
  it('reports the same checks under tier1-ext/* where upstream does not look', () => {
    const findings = lint(closed({}, {additionalProperties: {type: 'object', properties: {x: {oneOf: []}}}}), {profile: 'strict'});
    expect(
      ids(findings)
        .filter((i) => i.startsWith('tier1-ext/'))
        .sort(),
    ).toEqual(['tier1-ext/additional-properties', 'tier1-ext/all-required', 'tier1-ext/forbidden-keyword']);
    expect(findings.filter((f) => f.ruleId.startsWith('tier1/')).map((f) => f.pointer)).toEqual(['']);
  });

  it('reports a $defs target once, under the upstream id, although a $ref reaches it too', () => {
    const findings = lint(closed({a: {$ref: '#/$defs/x'}}, {$defs: {x: {type: 'object', properties: {}}}}), {profile: 'strict'});
    expect(findings.filter((f) => f.pointer === '/$defs/x').map((f) => f.ruleId)).toEqual(['tier1/additional-properties']);
  });

  it('follows a $ref into definitions (which upstream does not walk)', () => {
    const findings = lint(closed({a: {$ref: '#/definitions/x'}}, {definitions: {x: {type: 'string', pattern: 'y'}}}), {profile: 'strict'});
    expect(at(findings, 'tier1-ext/string-constraint')).toEqual(['/definitions/x/pattern']);
  });

  it('detects recursion and terminates on every $ref cycle', () => {
    const cyc = {
      type: 'object',
      properties: {a: {$ref: '#/$defs/a'}, self: {$ref: '#'}},
      $defs: {a: {$ref: '#/$defs/b'}, b: {type: 'object', properties: {c: {$ref: '#/$defs/a'}}}, loop: {$ref: '#/$defs/loop'}},
    };
    const findings = lint(cyc, {profile: 'load-bearing', targets: ['tier1', 'anthropic']});
    // Every $ref on the cycle a → b → c → a is reported, seen from each entry point; each once.
    expect(at(findings, 'ref/recursive').sort()).toEqual(['/$defs/a/$ref', '/$defs/b/properties/c/$ref', '/$defs/loop/$ref', '/properties/self/$ref']);
    expect(count(findings, 'anthropic/recursion')).toBe(4);
  });

  it('does not blow up on a $ref fan-out (each target walked once per depth)', () => {
    const defs: Record<string, unknown> = {d0: {type: 'string'}};
    for (let i = 1; i < 40; i++) defs[`d${i}`] = {type: 'object', properties: {l: {$ref: `#/$defs/d${i - 1}`}, r: {$ref: `#/$defs/d${i - 1}`}}};
    const nodes = visits({type: 'object', properties: {x: {$ref: '#/$defs/d39'}}, $defs: defs});
    expect(nodes.length).toBeLessThan(20_000);
  });

  it('resolves relative file refs against the schema file, reporting inside that file', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'common'));
    writeFileSync(join(dir, 'common', 'money.json'), JSON.stringify({$defs: {amount: {type: 'number', minimum: 0}, cur: {type: 'object', properties: {code: {type: 'string'}}}}}, null, 2));
    const main = join(dir, 'main.schema.json');
    const text = JSON.stringify(closed({price: {$ref: 'common/money.json#/$defs/amount'}, currency: {$ref: './common/money.json#/$defs/cur'}, missing: {$ref: 'common/nope.json'}}), null, 2);
    const findings = lintSchemaDocument(JsonDocument.parse(text, {file: 'main.schema.json'}), {cwd: dir, path: main, profile: 'strict'});
    const inOther = findings.filter((f) => f.file === 'common/money.json');
    expect(inOther.map((f) => `${f.ruleId} ${f.pointer} ${f.line}:${f.column}`).sort()).toEqual([
      'tier1-ext/additional-properties /$defs/cur 7:5',
      'tier1-ext/all-required /$defs/cur/properties/code 10:9',
      'tier1-ext/number-constraint /$defs/amount/minimum 5:7',
    ]);
    expect(findings.find((f) => f.ruleId === 'ref/unresolved')?.message).toContain('common/nope.json does not exist');
    // Findings in the linted file come first.
    expect(findings[0].file).toBe('main.schema.json');
  });

  it('places findings a rule reports at a key of a node, in the linted file, in a $ref target and in a referenced file', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'other.json'), JSON.stringify({$defs: {a: {type: ['string', 'null'], format: 'email'}}}, null, 2));
    const main = join(dir, 'main.schema.json');
    const schema = {...closed({x: {$ref: 'other.json#/$defs/a'}, y: {$ref: '#/$defs/b'}}), $defs: {b: {type: 'object', additionalProperties: false}}};
    const findings = lintSchemaDocument(JsonDocument.parse(JSON.stringify(schema, null, 2), {file: 'main.schema.json'}), {cwd: dir, path: main, targets: ['gemini-legacy']});
    const placed = (id: string) => findings.filter((f) => f.ruleId === id).map((f) => `${f.file} ${f.pointer} ${f.line}:${f.column}-${f.endLine}:${f.endColumn}`);
    expect(placed('gemini-legacy/type-list')).toEqual(['other.json /$defs/a/type 4:7-7:8']);
    expect(placed('gemini-legacy/format')).toEqual(['other.json /$defs/a/format 8:7-8:24']);
    expect(placed('gemini-legacy/unsupported-keyword')).toEqual([
      'main.schema.json /properties/x/$ref 5:7-5:36',
      'main.schema.json /properties/y/$ref 8:7-8:26',
      'main.schema.json /additionalProperties 15:3-15:32',
      'main.schema.json /$defs 16:3-21:4',
      // Reached through #/$defs/b and under $defs: one finding.
      'main.schema.json /$defs/b/additionalProperties 19:7-19:36',
    ]);
  });

  it('a finding reported at a key of a node inside an allOf branch says its fix would change the schema, and carries none', () => {
    const schema = closed({a: {type: ['string', 'null']}, b: {allOf: [{type: ['string', 'null']}]}});
    const findings = lint(schema, {targets: ['gemini-legacy'], withFixes: true}).filter((f) => f.ruleId === 'gemini-legacy/type-list');
    expect(findings.map((f) => [f.pointer, f.message.endsWith('would change what the whole schema accepts)'), f.fix !== undefined])).toEqual([
      ['/properties/a/type', false, true],
      ['/properties/b/allOf/0/type', true, false],
    ]);
  });

  it('never fetches remote refs itself: it follows only documents fetched beforehand', () => {
    const findings = lint(closed({a: {$ref: 'https://example.com/a.json#/x'}}), {profile: 'load-bearing'});
    expect(findings.map((f) => [f.ruleId, f.severity])).toEqual([['ref/remote-not-fetched', 'info']]);
    const remote = new Map([['https://example.com/a.json', JsonDocument.parse('{"x": {"oneOf": [{"type": "string"}]}}', {file: 'https://example.com/a.json'})]]);
    const followed = lint(closed({a: {$ref: 'https://example.com/a.json#/x'}}), {profile: 'load-bearing', remote});
    expect(followed.map((f) => [f.ruleId, f.file, f.pointer])).toEqual([['tier1-ext/forbidden-keyword', 'https://example.com/a.json', '/x/oneOf']]);
    const failed = lint(closed({a: {$ref: 'https://example.com/a.json'}}), {profile: 'load-bearing', remote: new Map([['https://example.com/a.json', 'could not fetch it: HTTP 404']])});
    expect(failed.map((f) => f.ruleId)).toEqual(['ref/unresolved']);
  });

  it("treats a $ref to the document's own $id as local", () => {
    const findings = lint({...closed({a: {$ref: 'https://x.example/s.json#/$defs/a'}}), $id: 'https://x.example/s.json', $defs: {a: {type: 'string'}}}, {profile: 'strict'});
    expect(findings).toEqual([]);
  });

  it('resolves $anchor fragments', () => {
    const findings = lint(closed({a: {$ref: '#money'}}, {$defs: {m: {$anchor: 'money', type: 'number', multipleOf: 0.01}}}), {profile: 'strict'});
    expect(findings.map((f) => f.ruleId)).toEqual(['tier1/number-constraint']);
  });
});

describe('targets and dedupe', () => {
  it('vendor rules run only for their target, and do not repeat what tier1 already says', () => {
    const s = {type: 'object', properties: {a: {type: 'string', format: 'uri', maxLength: 4}, b: {allOf: []}}};
    const t1 = ids(lint(s, {profile: 'strict'}));
    expect(t1.some((i) => i.startsWith('openai/'))).toBe(false);
    const both = lint(s, {profile: 'strict', targets: ['tier1', 'openai', 'anthropic']});
    expect(count(both, 'openai/additional-properties')).toBe(0);
    expect(count(both, 'openai/all-required')).toBe(0);
    expect(count(both, 'openai/unsupported-keyword')).toBe(0);
    expect(count(both, 'anthropic/unsupported-keyword')).toBe(0);
    expect(count(both, 'openai/format')).toBe(1);
    const openaiOnly = lint(s, {profile: 'load-bearing', targets: ['openai']});
    expect(ids(openaiOnly).sort()).toEqual(['openai/additional-properties', 'openai/all-required', 'openai/all-required', 'openai/format', 'openai/unsupported-keyword']);
  });

  it('rule levels: off skips, warn and info re-severity, wildcards, the most specific wins', () => {
    const s = {type: 'object', properties: {a: {type: 'string'}}};
    expect(ids(lint(s, {rules: {'tier1/*': 'off'}}))).toEqual([]);
    const f = lint(s, {rules: {'tier1/*': 'warn', 'tier1/all-required': 'error'}});
    expect(f.map((x) => `${x.ruleId}=${x.severity}`).sort()).toEqual(['tier1/additional-properties=warning', 'tier1/all-required=error']);
  });

  it('de-duplicates alike with a few findings and with many (pairwise and keyed)', () => {
    // A bad $defs entry reached upstream, and through $refs at depths 1 and 2 (as tier1-ext/*, implied by tier1/*, and
    // twice alike); `extra` more properties with a finding each push the count past the pairwise limit.
    const schema = (extra: number) =>
      closed(
        {
          p: {$ref: '#/$defs/x'},
          deep: closed({r: {$ref: '#/$defs/x'}}),
          ...Object.fromEntries(Array.from({length: extra}, (_, i) => [`q${i}`, {type: 'string', maxLength: 3}])),
        },
        {$defs: {x: {type: 'object', properties: {s: {type: 'string', maxLength: 3}}}}},
      );
    for (const extra of [0, 30]) {
      const findings = lint(schema(extra), {profile: 'strict', targets: ['tier1', 'openai']});
      const keys = findings.map((f) => `${f.ruleId} ${f.pointer} ${f.message}`);
      expect(new Set(keys).size, `extra=${extra}`).toBe(keys.length);
      expect(
        findings.filter((f) => f.pointer.startsWith('/$defs/x')).map((f) => `${f.ruleId} ${f.pointer}`),
        `extra=${extra}`,
      ).toEqual(['tier1/additional-properties /$defs/x', 'tier1/all-required /$defs/x/properties/s', 'tier1/string-constraint /$defs/x/properties/s/maxLength']);
      expect(findings.length > 16, `extra=${extra}`).toBe(extra > 0);
    }
  });

  it('an implied vendor finding comes back when the tier1 rule is turned off', () => {
    const s = {type: 'object', properties: {}};
    expect(ids(lint(s, {targets: ['tier1', 'openai'], rules: {'tier1/additional-properties': 'off'}}))).toEqual(['openai/additional-properties']);
  });
});
