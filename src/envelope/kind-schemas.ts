import type {Ajv2020} from 'ajv/dist/2020.js';
import type {ValidateFunction} from 'ajv';
import {displayPath} from '../io/inputs.js';
import {listFolder} from '../io/list-folder.js';
import {jsonOrFail} from '../io/read-json.js';
import type {ReadScope} from '../io/read-scope.js';
import type {Finding} from '../core/finding.js';
import {UserError} from '../core/user-error.js';
import {builtinKinds, builtinKindSchema, createAjv, getValidator, patternRefusalFinding, UnsupportedPatternError} from '../schemas/index.js';
import {isObject} from '../core/json.js';

const SUFFIX = '.schema.json';
/** Stands in for a refused schema: the refusal is reported once, on the schema, not on every payload. */
const UNCHECKED = (() => true) as unknown as ValidateFunction;

/**
 * Payload schemas by kind: the bundled ones (universal and media kinds) plus `<kind>.schema.json` files from the
 * folders given with --schemas and config `kindSchemas`. A user's file wins over a bundled schema of the same kind,
 * so a host's newer version of a universal kind can be checked. User schemas are compiled on first use, in their own
 * Ajv instance (which knows the bundled schemas, so a vendor schema may $ref them), whose patterns run in linear time.
 * A schema with a pattern that cannot is refused: one `schema/pattern-unsupported` finding, and that kind's payloads
 * go unchecked against it.
 */
export class KindSchemas {
  /** Kind → the schema file, as a path and as findings name it (relative to cwd when inside it). */
  private readonly files = new Map<string, {path: string; display: string}>();
  private readonly compiled = new Map<string, ValidateFunction>();
  private ajv: Ajv2020 | undefined;
  private readonly refusals: Finding[] = [];

  private constructor(private readonly scope: ReadScope) {}

  /**
   * Folders are resolved against the scope's cwd and listed within it (see listFolder); a folder that cannot be
   * listed, or leads outside every root, is a usage error (exit 2).
   */
  static fromFolders(folders: readonly string[], scope: ReadScope): KindSchemas {
    const schemas = new KindSchemas(scope);
    for (const folder of folders) {
      const listed = listFolder(folder, scope);
      if ('problem' in listed) throw new UserError(`cannot read kind schema folder ${folder}: ${listed.problem}`);
      for (const {name, path} of listed.files) {
        if (name.endsWith(SUFFIX) && name.length > SUFFIX.length) schemas.files.set(name.slice(0, -SUFFIX.length), {path, display: displayPath(path, scope.cwd)});
      }
    }
    return schemas;
  }

  has(kind: string): boolean {
    return this.files.has(kind) || builtinKindSchema(kind) !== undefined;
  }

  /** Every kind with a schema, bundled or user-supplied. */
  kinds(): string[] {
    return [...new Set([...builtinKinds(), ...this.files.keys()])];
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

  /** Findings about the user schemas themselves (refused patterns), found as kinds were first used. */
  schemaFindings(): readonly Finding[] {
    return this.refusals;
  }

  private compile({path: file, display}: {path: string; display: string}): ValidateFunction {
    const read = this.scope.readReference(file, `kind schema ${display}`);
    if (!read.ok) throw new UserError(read.finding.message);
    const doc = jsonOrFail(read.bytes, `kind schema ${file}`, display);
    if (!isObject(doc.value)) throw new UserError(`kind schema ${file}: expected a JSON Schema object`);
    // Ajv 2020 refuses other drafts' meta-schema URIs; the keywords a payload schema uses mean the same in draft-07.
    const {$schema: _draft, ...schema} = doc.value;
    try {
      return (this.ajv ??= createAjv()).compile(schema);
    } catch (error) {
      if (error instanceof UnsupportedPatternError) {
        this.refusals.push(patternRefusalFinding(error, doc, 'the schema was refused and payloads of this kind were not checked against it'));
        return UNCHECKED;
      }
      throw new UserError(`kind schema ${file} does not compile: ${(error as Error).message}`);
    }
  }
}
