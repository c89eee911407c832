// Issue 16, item 4: after `lint schema --fix --target X` a real-world schema either lints clean for X or every
// finding left says why it is not auto-fixable; a second --fix changes nothing.
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {fixSchemaText, lintSchemaDocument, type LintTarget} from '../../src/lint/index.js';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'real-world');
const corpus = JSON.parse(readFileSync(join(DIR, 'corpus.json'), 'utf8')) as {id: string; file: string}[];
const TARGETS: LintTarget[] = ['openai', 'anthropic', 'gemini', 'gemini-legacy'];

describe.each(TARGETS)('--fix --target %s on the real-world corpus', (target) => {
  it.each(corpus.map((e) => [e.id, e.file]))('%s: clean, or each finding left says why', (_id, file) => {
    const options = {targets: [target], path: join(DIR, file), cwd: DIR, rules: {'reasoning/*': 'off' as const}};
    const text = readFileSync(join(DIR, file), 'utf8');
    const once = fixSchemaText(text, file, options);
    expect(once.refused).toBeUndefined();
    for (const f of lintSchemaDocument(once.text, options)) expect(f.message, `${f.ruleId} ${f.pointer}`).toMatch(/not auto-fixable: /);
    expect(fixSchemaText(once.text, file, options).fixed).toBe(0);
  });
});

describe('Tier-1 on a real schema: the oneOf is reported, and so is what its branches hold', () => {
  it('genai-one-of-resource-config (python-genai replay test): the open objects inside the oneOf branches too', () => {
    const file = join(DIR, 'genai-one-of-resource-config.json');
    const found = lintSchemaDocument(readFileSync(file, 'utf8'), {path: file, cwd: DIR}).map((f) => `${f.ruleId} ${f.pointer}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'tier1/forbidden-keyword /properties/resource_config/oneOf',
        'tier1-ext/additional-properties /properties/resource_config/oneOf/0',
        'tier1-ext/additional-properties /properties/resource_config/oneOf/1',
      ]),
    );
  });
});
