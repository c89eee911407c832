import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {lintSchemaFile, type LintTarget} from '../../src/lint/index.js';
import {scaffoldKind} from '../../src/scaffold/index.js';
import {tempDir} from '../helpers/cli.js';
import {compilePayload, envelopeValidator, fileOf, objectSchemas, readJson, type Json} from './support.js';

/** Field sets covering every type, required and optional, nested objects and lists of objects. */
const MATRIX: Record<string, string[]> = {
  'every type, required': [
    'title:string:Plan title',
    'ratio:number',
    'count:integer',
    'done:boolean',
    'level:enum(low|medium|high)',
    'tags:string[]',
    'scores:number[]',
    'sizes:integer[]',
    'flags:boolean[]',
    'modes:enum(a|b)[]',
    'meta.source:string',
  ],
  'every type, optional': [
    'title?:string',
    'ratio?:number',
    'count?:integer',
    'done?:boolean',
    'level?:enum(low|high)',
    'tags?:string[]',
    'modes?:enum(a|b)[]',
    'meta?:object:Extra facts',
    'meta.source?:string',
  ],
  'nested object, parent declared after its children': ['owner.name:string', 'owner.contact.email?:string', 'owner.contact.phone:string', 'owner?:object:Who owns the plan', 'summary:string'],
  'list of objects': ['steps[].title:string', 'steps[].done?:boolean', 'steps[].owner.name:string', 'steps?:object[]:Ordered steps'],
  'one field': ['percent:number'],
  'deepest allowed nesting (Tier-1 depth 5)': ['a.b.c.d.e:string'],
};

const STRICT_TARGETS: LintTarget[] = ['tier1', 'openai', 'anthropic'];

describe('scaffolded kinds round-trip: strict-lint clean, valid example passes, invalid one fails for the stated reason', () => {
  for (const [name, fields] of Object.entries(MATRIX)) {
    for (const reasoning of [true, false]) {
      for (const gemini of [false, true]) {
        it(`${name}; ${reasoning ? 'with' : 'without'} reasoning${gemini ? '; --target gemini' : ''}`, async () => {
          const dir = tempDir('openwop-scaffold-rt-');
          const kind = 'vendor.test.round.trip';
          const result = await scaffoldKind({kind, fields, cwd: dir, out: 'out', reasoning, ...(gemini ? {targets: ['tier1', 'gemini']} : {})});
          const schemaPath = fileOf(result, 'schema');
          expect(schemaPath).toBe(join(dir, 'out', `${kind}.schema.json`));

          const schema = readJson(schemaPath);
          const rootKeys = Object.keys(schema.properties as Json);

          // 1. Zero findings from lint schema --profile strict for the targets it was written for. Without reasoning, the
          // root "$comment" declares the omission, which reasoning/missing honours (RFC 0030 §A allows it).
          // A schema written for Gemini carries propertyOrdering, which OpenAI and Anthropic refuse as an unknown keyword
          // (export schema drops it for them): it is linted for the targets it was written for.
          const targets = gemini ? (['tier1', 'gemini'] as const) : STRICT_TARGETS;
          const lint = await lintSchemaFile(schemaPath, {profile: 'strict', targets, cwd: dir});
          expect(lint.findings).toEqual([]);
          if (gemini) {
            const forOpenai = await lintSchemaFile(schemaPath, {profile: 'strict', targets: ['openai'], cwd: dir});
            expect(new Set(forOpenai.findings.map((f) => `${f.ruleId} ${f.pointer.split('/').at(-1)}`))).toEqual(new Set(['openai/unsupported-keyword propertyOrdering']));
          }
          expect(lint.kind).toBe(kind);
          // The scaffold's own check says the same.
          expect(result.findings).toEqual([]);
          expect('$comment' in schema).toBe(!reasoning);

          // 2. The shape the strict emulation promises.
          expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
          expect(schema.$id).toBe(`https://schemas.example.invalid/envelopes/${kind}.schema.json`);
          expect(schema.title).toBe(kind);
          expect(rootKeys[0] === 'reasoning').toBe(reasoning);
          if (reasoning) expect((schema.properties as Json).reasoning).toMatchObject({type: ['string', 'null']});
          for (const {pointer, schema: obj} of objectSchemas(schema)) {
            const keys = Object.keys(obj.properties as Json);
            expect(obj.additionalProperties, pointer).toBe(false);
            expect(obj.required, pointer).toEqual(keys);
            if (gemini) expect(obj.propertyOrdering, pointer).toEqual(keys);
            else expect(obj, pointer).not.toHaveProperty('propertyOrdering');
            for (const key of keys) expect(typeof (obj.properties as Record<string, Json>)[key].description, `${pointer}/${key}`).toBe('string');
          }

          // 3. The valid example is a complete AIEnvelope whose payload passes the generated schema.
          const validatePayload = compilePayload(schema);
          const valid = readJson(fileOf(result, 'valid-example'));
          expect(envelopeValidator()(valid), JSON.stringify(envelopeValidator().errors)).toBe(true);
          expect(valid.type).toBe(kind);
          expect(validatePayload(valid.payload), JSON.stringify(validatePayload.errors)).toBe(true);

          // 4. The invalid example passes the top level and fails the payload for exactly the stated reason.
          const invalid = readJson(fileOf(result, 'invalid-example'));
          expect(envelopeValidator()(invalid)).toBe(true);
          expect(validatePayload(invalid.payload)).toBe(false);
          const missing = rootKeys.find((k) => k !== 'reasoning') as string;
          expect(validatePayload.errors?.map((e) => [e.keyword, e.instancePath, e.params])).toEqual([['required', '', {missingProperty: missing}]]);
          expect(result.invalidBecause).toBe(`the payload lacks the required property "${missing}"`);
          expect(invalid.envelopeId).not.toBe(valid.envelopeId);

          // 5. Optional means "required but nullable"; required fields refuse null.
          const payload = valid.payload as Json;
          for (const key of rootKeys) {
            const optional = key === 'reasoning' || fields.some((f) => f.startsWith(`${key}?:`));
            expect(validatePayload({...payload, [key]: null}), `${key} = null`).toBe(optional);
          }
        });
      }
    }
  }
});
