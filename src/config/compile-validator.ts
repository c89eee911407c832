import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {Ajv2020, type ValidateFunction} from 'ajv/dist/2020.js';
import {packageRoot} from '../io/package-root.js';

/** The config schema, compiled. In its own module so Ajv loads only when a config file exists. */
export function compileConfigValidator(): ValidateFunction {
  const schema = JSON.parse(readFileSync(join(packageRoot(), 'schemas', 'openwop-config.schema.json'), 'utf8')) as object;
  // The config schema uses `format: uri` only as documentation; no formats plugin needed here.
  return new Ajv2020({allErrors: false, strict: false, validateFormats: false}).compile(schema);
}
