import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {packageRoot} from '../../src/io/package-root.js';
import {JsonDocument} from '../../src/io/json-document.js';
import {lintSchemaDocument} from '../../src/lint/engine.js';
import {UPSTREAM_COUNTS, UPSTREAM_STRICT_IDS} from './helpers.js';

// The same numbers as test/reference/lint-upstream-counts.test.ts, on our own bundled copies of the universal kinds
// (authored from SPEC-NOTES, never copied): the bundle must keep upstream's Tier-1 verdicts.
const DIR = join(packageRoot(), 'schemas', 'envelopes');

describe("bundled envelope schemas give upstream's Tier-1 verdicts", () => {
  it.each(Object.entries(UPSTREAM_COUNTS))('%s: zero load-bearing findings, %i strict upstream findings', (kind, n) => {
    const file = join(DIR, `${kind}.schema.json`);
    expect(existsSync(file), `missing bundled schema ${file}`).toBe(true);
    const doc = JsonDocument.parse(readFileSync(file, 'utf8'), {file});
    expect(lintSchemaDocument(doc, {profile: 'load-bearing'}).filter((f) => f.severity !== 'info')).toEqual([]);
    const strict = lintSchemaDocument(doc, {profile: 'strict'});
    expect(strict.filter((f) => UPSTREAM_STRICT_IDS.test(f.ruleId)).length).toBe(n);
  });
});
