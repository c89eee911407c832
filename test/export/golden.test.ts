import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {EXPORT_TARGETS, exportSchema, formsOf, renderFragment} from '../../src/export/index.js';
import {ROOT} from '../helpers/cli.js';

// One realistic schema (a described nested $ref, an optional field, bounds, a oneOf told apart by a discriminator, a
// const), exported for every target and request form. UPDATE_GOLDENS=1 rewrites the files; review the diff.
const DIR = join(ROOT, 'test/fixtures/export');
const INPUT = readFileSync(join(DIR, 'order.schema.json'), 'utf8');

describe('export schema goldens', () => {
  for (const target of EXPORT_TARGETS) {
    for (const form of formsOf(target)) {
      it(`${target} ${form}`, async () => {
        const result = exportSchema(INPUT, {target, form, file: 'order.schema.json'});
        expect(result.refused).toBe(false);
        const text = await renderFragment(result.fragment, 'json');
        const golden = join(DIR, 'golden', `${target}.${form}.json`);
        if (process.env.UPDATE_GOLDENS === '1') writeFileSync(golden, text);
        expect(existsSync(golden)).toBe(true);
        expect(text).toBe(readFileSync(golden, 'utf8'));
      });
    }
  }
});
