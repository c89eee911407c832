// Build step: Ajv standalone code for every bundled schema, one CommonJS module each, plus the fingerprint of the
// schema files (src/schemas/compiled.ts uses the modules only while it matches). Run after tsc.
import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import standaloneCode from 'ajv/dist/standalone/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const load = (file) => import(pathToFileURL(join(root, 'dist', 'src', 'schemas', file)).href);
const {BUNDLED_SCHEMA_NAMES, bundledSchemaId, createAjv} = await load('index.js');
const {compiledValidatorFile, defaultCompiledValidators, fingerprintFile, schemaFingerprint} = await load('compiled.js');

const where = defaultCompiledValidators();
rmSync(where.dir, {recursive: true, force: true});
mkdirSync(where.dir, {recursive: true});
const ajv = createAjv({standaloneSource: true, patterns: 'native'});
for (const name of BUNDLED_SCHEMA_NAMES) {
  const validate = ajv.getSchema(bundledSchemaId(name));
  if (!validate) throw new Error(`precompile: ${name} did not compile`);
  writeFileSync(compiledValidatorFile(where, name), standaloneCode.default(ajv, validate));
}
// Last: a half-written folder has no fingerprint, so nothing in it is used.
writeFileSync(fingerprintFile(where), `${schemaFingerprint()}\n`);
console.log(`dist/src/schemas/compiled: ${BUNDLED_SCHEMA_NAMES.length} validators`);
