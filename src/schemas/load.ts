import {readFileSync} from 'node:fs';
import {join} from 'node:path';

import {packageRoot} from '../io/package-root.js';
import {type BundledSchemaName, schemaEntry} from './names.js';

export type JsonSchemaObject = Record<string, unknown>;

const fileCache = new Map<string, JsonSchemaObject>();

export function bundledSchemaPath(name: BundledSchemaName): string {
  return bundledFilePath(schemaEntry(name).file);
}

export function bundledFilePath(file: string): string {
  return join(packageRoot(), 'schemas', ...file.split('/'));
}

/**
 * The parsed schema, cached per process. For a run-event payload this is the `$defs` member, which still
 * refers to its siblings by `#/$defs/...`: compile it through {@link getValidator}, not on its own.
 * Callers must not mutate the result; it is shared.
 */
export function loadBundledSchema(name: BundledSchemaName): JsonSchemaObject {
  const entry = schemaEntry(name);
  const root = loadBundledFile(entry.file);
  if (entry.def === undefined) return root;
  const defs = root.$defs as Record<string, JsonSchemaObject> | undefined;
  const sub = defs?.[entry.def];
  if (sub === undefined) throw new Error(`openwop: ${entry.file} has no $defs/${entry.def}`);
  return sub;
}

export function loadBundledFile(file: string): JsonSchemaObject {
  let schema = fileCache.get(file);
  if (schema === undefined) {
    schema = JSON.parse(readFileSync(bundledFilePath(file), 'utf8')) as JsonSchemaObject;
    fileCache.set(file, schema);
  }
  return schema;
}
