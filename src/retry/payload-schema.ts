import {readFile} from 'node:fs/promises';
import {join, resolve} from 'node:path';
import type {ValidateFunction} from 'ajv';
import {JsonDocument} from '../io/json-document.js';
import {UserError} from '../report/user-error.js';
import {builtinKindSchema, createAjv, getValidator, loadBundledSchema} from '../schemas/index.js';
import {describeIssues} from './corrective-fragment.js';
import type {PayloadValidator} from './payload.js';

export interface PayloadSchemaOptions {
  /** --schema FILE */
  schema?: string;
  /** --kind KIND: a kind the spec defines, or a vendor kind found as `<kind>.schema.json` in `schemaDirs`. */
  kind?: string;
  /** --schemas DIR (repeatable) and the config's kindSchemas, already resolved to absolute folders. */
  schemaDirs: readonly string[];
  cwd: string;
}

/** The payload check for the simulated node; null when no schema was given (then any JSON value is valid). */
export async function resolvePayloadValidator(options: PayloadSchemaOptions): Promise<PayloadValidator | null> {
  if (options.schema !== undefined) {
    const path = resolve(options.cwd, options.schema);
    return compileFile(path, `--schema ${options.schema}`, await readSchemaText(path, `--schema ${options.schema}`));
  }
  if (options.kind === undefined) return null;
  const kind = options.kind;
  const bundled = builtinKindSchema(kind);
  if (bundled) return wrap(getValidator(bundled), loadBundledSchema(bundled), `kind ${kind}`);
  for (const dir of options.schemaDirs) {
    const path = join(dir, `${kind}.schema.json`);
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch {
      continue;
    }
    return compileFile(path, `kind ${kind} (${path})`, text);
  }
  throw new UserError(
    `no payload schema for kind "${kind}": the spec does not define it and no ${kind}.schema.json was found${options.schemaDirs.length ? ` in ${options.schemaDirs.join(', ')}` : ''}`,
    'give --schemas DIR holding <kind>.schema.json, or --schema FILE',
  );
}

async function readSchemaText(path: string, label: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new UserError(`cannot read ${label}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
}

function compileFile(path: string, label: string, text: string): PayloadValidator {
  const doc = JsonDocument.parse(text.replace(/^\uFEFF/, ''), {file: path});
  const broken = doc.problemFindings().find((f) => f.severity === 'error');
  if (broken) throw new UserError(`${label}:${broken.line}:${broken.column}: ${broken.message}`);
  const schema = doc.value;
  if (typeof schema !== 'boolean' && (typeof schema !== 'object' || schema === null || Array.isArray(schema))) {
    throw new UserError(`${label} is not a JSON Schema: expected an object or a boolean`);
  }
  let validate: ValidateFunction;
  try {
    // A fresh instance: the user's $id must not collide with another run's, and bundled refs still resolve.
    validate = createAjv().compile(schema as object);
  } catch (error) {
    throw new UserError(`${label} does not compile: ${(error as Error).message}`, 'fix the schema (openwop lint schema helps), or point at another one');
  }
  return wrap(validate, schema, label);
}

function wrap(validate: ValidateFunction, schema: unknown, label: string): PayloadValidator {
  return {
    label,
    check(value) {
      if (validate(value)) return [];
      return describeIssues(validate.errors ?? [], schema);
    },
  };
}
