import type {ValidateFunction} from 'ajv/dist/2020.js';

let validator: ValidateFunction | undefined;

export interface ConfigProblem {
  pointer: string;
  message: string;
  hint?: string;
}

/** First problem with the config object, or undefined when it is valid. Ajv loads only when a config file exists. */
export async function validateConfigShape(value: unknown): Promise<ConfigProblem | undefined> {
  validator ??= (await import('./compile-validator.js')).compileConfigValidator();
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
