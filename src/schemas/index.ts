export {loadedSchemaNames, createAjv, getSharedAjv, getValidator, type CreateAjvOptions} from './ajv.js';
export {bundledSchemaPath, loadBundledSchema, type JsonSchemaObject} from './load.js';
export {
  BUNDLED_SCHEMA_NAMES,
  type BundledSchemaName,
  builtinKinds,
  builtinKindSchema,
  bundledSchemaId,
  isBundledSchemaName,
  packManifestSchema,
  LEGACY_KINDS,
  UNIVERSAL_KINDS,
  type UniversalKind,
} from './names.js';
export {compileLinear, linearRegExp, UnsupportedPatternError} from './pattern/linear-regexp.js';
export {PATTERN_UNSUPPORTED_RULE, patternRefusalFinding} from './pattern/refusal.js';
