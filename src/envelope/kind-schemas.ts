import {readdirSync, readFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import type {Ajv2020} from 'ajv/dist/2020.js';
import type {ValidateFunction} from 'ajv';
import {noteFileUsed} from '../io/files-used.js';
import {JsonDocument} from '../io/json-document.js';
import {UserError} from '../report/user-error.js';
import {builtinKindSchema, createAjv, getValidator} from '../schemas/index.js';

const SUFFIX = '.schema.json';

/**
 * Payload schemas by kind: the bundled ones (universal and media kinds) plus `<kind>.schema.json` files from the
 * folders given with --schemas and config `kindSchemas`. A user's file wins over a bundled schema of the same kind,
 * so a host's newer version of a universal kind can be checked. User schemas are compiled on first use, in their own
 * Ajv instance (which knows the bundled schemas, so a vendor schema may $ref them).
 */
export class KindSchemas {
  private readonly files = new Map<string, string>();
  private readonly compiled = new Map<string, ValidateFunction>();
  private ajv: Ajv2020 | undefined;

  /** Folders are resolved against `cwd`; a folder that cannot be listed is a usage error (exit 2). */
  static fromFolders(folders: readonly string[], cwd: string): KindSchemas {
    const schemas = new KindSchemas();
    for (const folder of folders) {
      const dir = resolve(cwd, folder);
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        throw new UserError(`cannot read kind schema folder ${folder}: ${code === 'ENOENT' ? 'no such folder' : code === 'ENOTDIR' ? 'not a folder' : (error as Error).message}`);
      }
      for (const name of names.sort()) {
        if (name.endsWith(SUFFIX) && name.length > SUFFIX.length) schemas.files.set(name.slice(0, -SUFFIX.length), join(dir, name));
      }
    }
    return schemas;
  }

  has(kind: string): boolean {
    return this.files.has(kind) || builtinKindSchema(kind) !== undefined;
  }

  /** Kinds that have a user-supplied schema. */
  userKinds(): string[] {
    return [...this.files.keys()];
  }

  validator(kind: string): ValidateFunction | undefined {
    const file = this.files.get(kind);
    if (file === undefined) {
      const name = builtinKindSchema(kind);
      return name ? getValidator(name) : undefined;
    }
    let validate = this.compiled.get(kind);
    if (validate === undefined) {
      validate = this.compile(file);
      this.compiled.set(kind, validate);
    }
    return validate;
  }

  private compile(file: string): ValidateFunction {
    let text: string;
    try {
      text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
      noteFileUsed(file);
    } catch (error) {
      throw new UserError(`cannot read kind schema ${file}: ${(error as Error).message}`);
    }
    const doc = JsonDocument.parse(text, {file});
    const broken = doc.problemFindings().find((f) => f.severity === 'error');
    if (broken) throw new UserError(`kind schema ${file}:${broken.line}:${broken.column}: ${broken.message}`);
    if (doc.value === null || typeof doc.value !== 'object' || Array.isArray(doc.value)) throw new UserError(`kind schema ${file}: expected a JSON Schema object`);
    // Ajv 2020 refuses other drafts' meta-schema URIs; the keywords a payload schema uses mean the same in draft-07.
    const {$schema: _draft, ...schema} = doc.value as Record<string, unknown>;
    try {
      return (this.ajv ??= createAjv()).compile(schema);
    } catch (error) {
      throw new UserError(`kind schema ${file} does not compile: ${(error as Error).message}`);
    }
  }
}
