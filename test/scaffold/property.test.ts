import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {lintSchemaFile} from '../../src/lint/index.js';
import {UserError} from '../../src/core/user-error.js';
import {scaffoldKind, type ScaffoldResult} from '../../src/scaffold/index.js';
import {formatJson} from '../../src/scaffold/format-json.js';
import {tempDir} from '../helpers/cli.js';
import {compilePayload, envelopeValidator, type Json} from './support.js';

const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/).filter((n) => n !== 'reasoning');
const leafType = fc.constantFrom('string', 'number', 'integer', 'boolean', 'enum(a|b)', 'enum(x|y|z)[]', 'string[]', 'number[]', 'integer[]', 'boolean[]');
const child = fc.record({name, type: leafType, optional: fc.boolean()});
const top = fc.record({
  name,
  type: fc.oneof(leafType, fc.constant('object'), fc.constant('object[]')),
  optional: fc.boolean(),
  children: fc.uniqueArray(child, {minLength: 1, maxLength: 3, selector: (c) => c.name}),
});
const fieldSet = fc.uniqueArray(top, {minLength: 1, maxLength: 5, selector: (t) => t.name});

/** `--field` texts for a generated set, and how many nullable (union-typed) properties the schema will have. */
function toFlags(set: {name: string; type: string; optional: boolean; children: {name: string; type: string; optional: boolean}[]}[]) {
  const fields: string[] = [];
  let nullable = 0;
  for (const t of set) {
    fields.push(`${t.name}${t.optional ? '?' : ''}:${t.type}`);
    nullable += Number(t.optional);
    if (!t.type.startsWith('object')) continue;
    for (const c of t.children) {
      fields.push(`${t.name}${t.type === 'object[]' ? '[]' : ''}.${c.name}${c.optional ? '?' : ''}:${c.type}`);
      nullable += Number(c.optional);
    }
  }
  return {fields, nullable};
}

const schemaText = (r: ScaffoldResult) => r.files.find((f) => f.role === 'schema')?.content as string;
const parsed = (r: ScaffoldResult, role: 'valid-example' | 'invalid-example') => JSON.parse(r.files.find((f) => f.role === role)?.content as string) as Json;

describe('any field set: strict-lint clean and examples right, or refused for the Anthropic union limit', () => {
  it('holds for generated field sets (dry run, with and without reasoning)', async () => {
    const cwd = tempDir('openwop-scaffold-prop-');
    await fc.assert(
      fc.asyncProperty(fieldSet, fc.boolean(), async (set, reasoning) => {
        const {fields, nullable} = toFlags(set);
        const unions = nullable + Number(reasoning);
        const run = scaffoldKind({kind: 'vendor.prop.kind', fields, cwd, reasoning, dryRun: true, targets: ['tier1', 'openai', 'anthropic']});
        if (unions > 16) {
          await expect(run).rejects.toThrow(UserError);
          await expect(run).rejects.toThrow(/anthropic\/union-params.*nothing was written/);
          return;
        }
        const result = await run;
        const lint = await lintSchemaFile({text: schemaText(result), file: 'vendor.prop.kind.schema.json'}, {profile: 'strict', targets: ['tier1', 'openai', 'anthropic']});
        expect(lint.findings).toEqual([]);
        const validate = compilePayload(JSON.parse(schemaText(result)));
        const valid = parsed(result, 'valid-example');
        const invalid = parsed(result, 'invalid-example');
        expect(envelopeValidator()(valid) && envelopeValidator()(invalid)).toBe(true);
        expect(validate(valid.payload)).toBe(true);
        expect(validate(invalid.payload)).toBe(false);
        expect(validate.errors?.map((e) => e.params)).toEqual([{missingProperty: set[0].name}]);
      }),
      {numRuns: 60},
    );
  });
});

describe('formatJson', () => {
  it('is JSON.stringify with short scalar arrays on one line: it parses back to the same value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(formatJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
    expect(formatJson({type: ['string', 'null'], o: {}, a: []})).toBe('{\n  "type": ["string", "null"],\n  "o": {},\n  "a": []\n}\n');
  });
});
