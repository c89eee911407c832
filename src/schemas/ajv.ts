import {Ajv2020, type ValidateFunction} from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

import {loadCompiledValidator} from './compiled.js';
import {linearRegExp} from './pattern/linear-regexp.js';
import {loadBundledFile} from './load.js';
import {type BundledSchemaName, bundledSchemaFiles, bundledSchemaId} from './names.js';

export interface CreateAjvOptions {
  /** Keep the generated code, for the build's precompiled validators (Ajv standalone). */
  standaloneSource?: boolean;
  /**
   * `linear` (the default) evaluates `pattern` and `patternProperties` on a linear-time engine and refuses patterns it
   * cannot run (lookaround, backreferences): what any schema from a user or from input needs. `native` uses V8's
   * RegExp, for our bundled schemas only (test/hostile/patterns.test.ts proves their patterns give the same verdicts).
   */
  patterns?: 'linear' | 'native';
}

/**
 * A fresh Ajv (draft 2020-12) with format checks on and every bundled schema registered but not compiled:
 * Ajv compiles a schema the first time it is asked for, so a command that needs one schema pays for one.
 * `strict: false` keeps vendor keywords such as `propertyOrdering` from throwing. `logger: false`: Ajv's own warnings
 * (an unknown format) quote the schema raw on stderr, and a schema can come from a stranger's repository.
 */
export function createAjv(options: CreateAjvOptions = {}): Ajv2020 {
  const linear = (options.patterns ?? 'linear') === 'linear';
  const ajv = new Ajv2020({allErrors: true, strict: false, logger: false, code: {source: options.standaloneSource ?? false, ...(linear ? {regExp: linearRegExp} : {})}});
  // ajv-formats is CommonJS; under NodeNext its default import is the module object, whose `default` is the plugin.
  // Read here, not at import: a start that uses only the build's generated validators never loads Ajv.
  addFormatsModule.default(ajv);
  for (const {file} of bundledSchemaFiles()) {
    // Bundled files are checked against the meta-schema by the test suite, so skip that cost at run time.
    ajv.addSchema(loadBundledFile(file), undefined, undefined, false);
  }
  return ajv;
}

let shared: Ajv2020 | undefined;
const validators = new Map<BundledSchemaName, ValidateFunction>();

/** The process-wide instance behind {@link getValidator}. Add nothing to it: create your own with {@link createAjv}. */
export function getSharedAjv(): Ajv2020 {
  return (shared ??= createAjv({patterns: 'native'}));
}

/**
 * A compiled validator for a bundled schema, cached for the process: the one the build generated when the schemas
 * are unchanged since, else compiled on first use.
 */
export function getValidator(name: BundledSchemaName): ValidateFunction {
  let validate = validators.get(name);
  if (validate === undefined) {
    validate = loadCompiledValidator(name) ?? getSharedAjv().getSchema(bundledSchemaId(name));
    if (validate === undefined) throw new Error(`openwop: bundled schema ${name} did not resolve`);
    validators.set(name, validate);
  }
  return validate;
}

/** Names handed out so far by {@link getValidator}; lets tests and benchmarks check that loading stays lazy. */
export function loadedSchemaNames(): BundledSchemaName[] {
  return [...validators.keys()];
}
