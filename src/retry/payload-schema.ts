import {join} from 'node:path';
import type {ValidateFunction} from 'ajv';
import {mb, type FileRead} from '../io/read-file.js';
import {jsonOrFail} from '../io/read-json.js';
import type {ReadScope} from '../io/read-scope.js';
import {readWholeSource} from '../io/read-source.js';
import {UserError} from '../core/user-error.js';
import {builtinKindSchema, createAjv, getValidator, loadBundledSchema, patternRefusalFinding, UnsupportedPatternError} from '../schemas/index.js';
import {describeIssues} from './corrective-fragment.js';
import type {PayloadValidator} from './payload.js';
import {isObject} from '../core/json.js';

export interface PayloadSchemaOptions {
  /** --schema FILE */
  schema?: string;
  /** --kind KIND: a kind the spec defines, or a vendor kind found as `<kind>.schema.json` in `schemaDirs`. */
  kind?: string;
  /** --schemas DIR (repeatable) and the config's kindSchemas, already resolved to absolute folders. */
  schemaDirs: readonly string[];
  /** Where the schema files may be read from, and how large they may be. */
  scope: ReadScope;
}

/** The payload check for the simulated node; null when no schema was given (then any JSON value is valid). */
export async function resolvePayloadValidator(options: PayloadSchemaOptions): Promise<PayloadValidator | null> {
  if (options.schema !== undefined) {
    const label = `--schema ${options.schema}`;
    const read = await readSchema(options.schema, label, options.scope);
    if (!read.ok) throw new UserError(read.finding.message);
    return compileFile(options.schema, label, read.bytes);
  }
  if (options.kind === undefined) return null;
  const kind = options.kind;
  const bundled = builtinKindSchema(kind);
  if (bundled) return wrap(getValidator(bundled), loadBundledSchema(bundled), `kind ${kind}`);
  for (const dir of options.schemaDirs) {
    const path = join(dir, `${kind}.schema.json`);
    const label = `kind ${kind} (${path})`;
    const read = await readSchema(path, label, options.scope);
    if (!read.ok && read.reason === 'missing') continue;
    if (!read.ok) throw new UserError(read.finding.message);
    return compileFile(path, label, read.bytes);
  }
  throw new UserError(
    `no payload schema for kind "${kind}": the spec does not define it and no ${kind}.schema.json was found${options.schemaDirs.length ? ` in ${options.schemaDirs.join(', ')}` : ''}`,
    'give --schemas DIR holding <kind>.schema.json, or --schema FILE',
  );
}

function readSchema(path: string, label: string, scope: ReadScope): Promise<FileRead> {
  return readWholeSource(path, scope, scope.maxBytes, label, (what, size, max) => `${what} is ${mb(size)} MB, over the ${mb(max)} MB limit for a schema`);
}

function compileFile(path: string, label: string, bytes: Buffer): PayloadValidator {
  const doc = jsonOrFail(bytes, label, path);
  const schema = doc.value;
  if (typeof schema !== 'boolean' && !isObject(schema)) {
    throw new UserError(`${label} is not a JSON Schema: expected an object or a boolean`);
  }
  let validate: ValidateFunction;
  try {
    // A fresh instance: the user's $id must not collide with another run's, and bundled refs still resolve.
    validate = createAjv().compile(schema as object);
  } catch (error) {
    if (error instanceof UnsupportedPatternError) {
      // Every verdict of the replay hangs on this one schema, so it is not run without the pattern: the command stops.
      const refusal = patternRefusalFinding(error, doc, 'the schema was refused');
      throw new UserError(
        `${label}:${refusal.line}:${refusal.column}: ${refusal.message} [${refusal.ruleId}]`,
        'rewrite the pattern without lookaround or backreferences, or leave the check to the host',
      );
    }
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
