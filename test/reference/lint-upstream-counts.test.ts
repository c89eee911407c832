import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {JsonDocument} from '../../src/io/json-document.js';
import {lintSchemaDocument} from '../../src/lint/engine.js';
import {referencePath} from './support/reference.js';

// SPEC-NOTES §3: upstream's conformance walker gives the four universal kinds zero load-bearing findings, and in strict
// mode these counts (why upstream's reference host advertises tierOneSubsetCompliance "warn"). `lint schema` must
// reproduce them exactly with its tier1/* rules. referencePath throws when ../shared/reference is missing.
const COUNTS: Record<string, number> = {'clarification.request': 11, error: 6, 'schema.request': 5, 'schema.response': 2, 'media.file': 7};
const UPSTREAM_STRICT = /^tier1\/(additional-properties|all-required|string-constraint|number-constraint|array-constraint)$/;

function load(kind: string): JsonDocument {
  const file = referencePath('openwop', 'schemas', 'openwop-sdks', 'schemas', 'envelopes', `${kind}.schema.json`);
  return JsonDocument.parse(readFileSync(file, 'utf8'), {file});
}

describe('lint schema reproduces the upstream conformance walker on the reference schemas', () => {
  it.each(Object.entries(COUNTS))('%s: strict mode gives %i upstream findings', (kind, n) => {
    const findings = lintSchemaDocument(load(kind), {profile: 'strict'});
    expect(findings.filter((f) => UPSTREAM_STRICT.test(f.ruleId))).toHaveLength(n);
  });

  it.each(Object.keys(COUNTS))('%s: load-bearing mode gives no finding at all', (kind) => {
    expect(lintSchemaDocument(load(kind), {profile: 'load-bearing'})).toEqual([]);
  });

  it.each(['clarification.request', 'error', 'schema.request', 'schema.response'])('%s (universal): no Tier-1 finding in load-bearing mode for any target', (kind) => {
    const findings = lintSchemaDocument(load(kind), {profile: 'load-bearing', targets: ['tier1']});
    expect(findings.filter((f) => f.ruleId.startsWith('tier1'))).toEqual([]);
  });

  it('counts one finding per offending keyword or property, at upstream-recognisable pointers', () => {
    const pointers = lintSchemaDocument(load('error'), {profile: 'strict'})
      .filter((f) => UPSTREAM_STRICT.test(f.ruleId))
      .map((f) => `${f.ruleId} ${f.pointer}`)
      .sort();
    expect(pointers).toEqual([
      'tier1/additional-properties /properties/details',
      'tier1/all-required /properties/details',
      'tier1/all-required /properties/reasoning',
      'tier1/string-constraint /properties/code/maxLength',
      'tier1/string-constraint /properties/code/minLength',
      'tier1/string-constraint /properties/message/minLength',
    ]);
  });

  it('the older openwop/schemas copies (no reasoning) are load-bearing clean too', () => {
    for (const kind of ['clarification.request', 'error', 'schema.request', 'schema.response', 'media.image', 'media.audio']) {
      const file = referencePath('openwop', 'schemas', 'openwop', 'schemas', 'envelopes', `${kind}.schema.json`);
      const doc = JsonDocument.parse(readFileSync(file, 'utf8'), {file});
      expect(lintSchemaDocument(doc, {profile: 'load-bearing'}).filter((f) => f.ruleId.startsWith('tier1'))).toEqual([]);
    }
  });
});
