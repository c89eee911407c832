import {readFileSync} from 'node:fs';
import type {ValidateFunction} from 'ajv/dist/2020.js';
import {createAjv, getValidator} from '../../src/schemas/index.js';
import type {ScaffoldResult} from '../../src/scaffold/index.js';

export type Json = Record<string, unknown>;

export function readJson(path: string): Json {
  return JSON.parse(readFileSync(path, 'utf8')) as Json;
}

export function fileOf(result: ScaffoldResult, role: 'schema' | 'valid-example' | 'invalid-example'): string {
  const file = result.files.find((f) => f.role === role);
  if (!file) throw new Error(`no ${role} in the result`);
  return file.path;
}

/** The generated payload schema compiled the way a host would: a fresh Ajv 2020 with formats. */
export function compilePayload(schema: Json): ValidateFunction {
  return createAjv().compile(schema);
}

export const envelopeValidator = (): ValidateFunction => getValidator('ai-envelope');

/** Every object schema below `schema` (the root, properties, array items), with its pointer. */
export function objectSchemas(schema: Json, pointer = ''): {pointer: string; schema: Json}[] {
  const out: {pointer: string; schema: Json}[] = [];
  const types = ([] as unknown[]).concat(schema.type);
  if (types.includes('object')) out.push({pointer, schema});
  const props = (schema.properties ?? {}) as Record<string, Json>;
  for (const [name, sub] of Object.entries(props)) out.push(...objectSchemas(sub, `${pointer}/properties/${name}`));
  if (schema.items && typeof schema.items === 'object') out.push(...objectSchemas(schema.items as Json, `${pointer}/items`));
  return out;
}
