import {readFileSync} from 'node:fs';
import {Ajv2020, type ValidateFunction} from 'ajv/dist/2020.js';
import {packageRoot} from '../io/package-root.js';
import {join} from 'node:path';

let validator: ValidateFunction | undefined;

export interface ConfigProblem {
  pointer: string;
  message: string;
}

/** First problem with the config object, or undefined when it is valid. */
export function validateConfigShape(value: unknown): ConfigProblem | undefined {
  validator ??= compile();
  if (validator(value)) return undefined;
  const err = validator.errors?.[0];
  if (!err) return {pointer: '', message: 'invalid config'};
  if (err.keyword === 'additionalProperties') {
    const extra = (err.params as {additionalProperty: string}).additionalProperty;
    return {pointer: `${err.instancePath}/${extra}`, message: `unknown setting "${extra}"${err.instancePath ? ` in ${err.instancePath}` : ''}`};
  }
  if (err.keyword === 'enum') {
    const allowed = (err.params as {allowedValues: unknown[]}).allowedValues.map((v) => JSON.stringify(v)).join(', ');
    return {pointer: err.instancePath, message: `${err.instancePath || 'value'} must be one of ${allowed}`};
  }
  return {pointer: err.instancePath, message: `${err.instancePath || 'config'} ${err.message ?? 'is invalid'}`};
}

function compile(): ValidateFunction {
  const schema = JSON.parse(readFileSync(join(packageRoot(), 'schemas', 'openwop-config.schema.json'), 'utf8'));
  // The config schema uses `format: uri` only as documentation; no formats plugin needed here.
  return new Ajv2020({allErrors: false, strict: false, validateFormats: false}).compile(schema);
}
