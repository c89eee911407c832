export {loadedSchemaNames, createAjv, getSharedAjv, getValidator} from './ajv.js';
export {bundledSchemaPath, loadBundledSchema, type JsonSchemaObject} from './load.js';
export {
  BUNDLED_SCHEMA_NAMES,
  type BundledSchemaName,
  builtinKindSchema,
  bundledSchemaId,
  isBundledSchemaName,
  packManifestSchema,
  LEGACY_KINDS,
  UNIVERSAL_KINDS,
  type UniversalKind,
} from './names.js';
