import {lstatSync, readdirSync} from 'node:fs';
import {join, normalize, sep} from 'node:path';
import {displayPath} from '../io/inputs.js';
import type {JsonDocument} from '../io/json-document.js';
import {trimTrailing} from '../io/trim.js';
import type {Finding} from '../core/finding.js';
import type {LoadedSchema} from './check-files.js';
import {readJsonDocument} from './read-json-file.js';
import {PACK_RULES} from './rules.js';

/** The folder of a pack whose `.json` files the registry serves under `<idBase>/<pack>/<version>/<file>`. */
const SCHEMAS_DIR = 'schemas';

interface SchemaIdContext {
  doc: JsonDocument;
  /** The pack folder (the manifest's folder). */
  root: string;
  /** A pack.json in its own folder: every `schemas/*.json` there is checked, referenced or not. */
  inPackFolder: boolean;
  pack: {name: string; version: string};
  idBase: string;
  cwd: string;
  maxBytes: number;
}

/**
 * The `$id` check of the registry's scripts/check-pack-schema-ids.mjs: each `*.json` directly in the pack's
 * `schemas/` folder must carry `$id` `<idBase>/<pack>/<version>/<file name>` exactly (no `schemas/` segment, no
 * trailing `#` forgiven), and one without an `$id` is reported too. Files elsewhere in the pack are not served by
 * the registry's schema mirror and not checked by the gate, so not here either. The gate takes the pack segment
 * from the folder name; we take the manifest `name`, which is what the registry serves under and which the registry
 * keeps equal to the folder name.
 */
export function checkSchemaIds(referenced: {schemas: readonly LoadedSchema[]; broken: ReadonlySet<string>}, ctx: SchemaIdContext): Finding[] {
  const findings: Finding[] = [];
  const seen = new Set(referenced.broken);
  for (const schema of referenced.schemas) {
    seen.add(schema.path);
    const file = servedName(ctx.root, schema.path);
    if (file !== undefined) {
      const finding = idFinding(schema.doc.value, file, ctx, schema.refs[0].pointer, schema.refs[0].ref);
      if (finding) findings.push(finding);
    }
  }
  if (!ctx.inPackFolder) return findings;
  for (const file of schemaFiles(ctx.root)) {
    const path = join(ctx.root, SCHEMAS_DIR, file);
    if (seen.has(path)) continue; // checked above, or already pack/schema-invalid
    const shown = `${SCHEMAS_DIR}/${file}`;
    const read = readJsonDocument(path, displayPath(path, ctx.cwd), ctx.maxBytes, 'a pack schema');
    if ('reason' in read || !read.doc.parsed) {
      const why = 'reason' in read ? read.finding.message : (read.doc.problemFindings()[0]?.message ?? 'unreadable');
      // A file too large to read is not known to be invalid JSON: said as what it is.
      const what = 'reason' in read && read.fatal ? 'could not be read' : 'is not valid JSON';
      findings.push({...ctx.doc.finding(PACK_RULES.schemaInvalid.id, 'error', `${shown} (in the pack's schemas folder, not referenced) ${what}: ${why}`, ''), subject: shown});
      continue;
    }
    const finding = idFinding(read.doc.value, file, ctx, '', shown);
    if (finding) findings.push({...finding, subject: shown});
  }
  return findings;
}

/** The bare file name when `path` sits directly in the pack's schemas folder, else undefined. */
function servedName(root: string, path: string): string | undefined {
  const prefix = normalize(join(root, SCHEMAS_DIR)) + sep;
  if (!path.startsWith(prefix)) return undefined;
  const rest = path.slice(prefix.length);
  return rest.includes(sep) || !rest.endsWith('.json') ? undefined : rest;
}

function schemaFiles(root: string): string[] {
  const dir = join(root, SCHEMAS_DIR);
  try {
    // Regular files in a real folder only: a link (the folder or a file) may lead out of the pack and is not
    // followed; a folder named x.json is not a schema.
    if (!lstatSync(dir, {throwIfNoEntry: false})?.isDirectory()) return [];
    return readdirSync(dir, {withFileTypes: true})
      .filter((d) => d.isFile() && d.name.endsWith('.json'))
      .map((d) => d.name)
      .sort();
  } catch {
    return [];
  }
}

function idFinding(schema: unknown, file: string, ctx: SchemaIdContext, pointer: string, shown: string): Finding | undefined {
  const expected = `${trimTrailing(ctx.idBase, '/')}/${ctx.pack.name}/${ctx.pack.version}/${file}`;
  // As the gate reads it: a boolean or array schema has no $id either.
  const id = schema !== null && typeof schema === 'object' ? (schema as Record<string, unknown>).$id : undefined;
  if (typeof id !== 'string') {
    return ctx.doc.finding(PACK_RULES.schemaIdMissing.id, 'warning', `${shown} has no $id; the registry expects "${expected}"`, pointer);
  }
  if (id === expected) return undefined;
  return ctx.doc.finding(PACK_RULES.schemaId.id, 'warning', `${shown} has $id "${id}"; the registry convention is "${expected}"`, pointer);
}
