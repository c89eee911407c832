import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';

import {Ajv} from 'ajv';
import {Ajv2019} from 'ajv/dist/2019.js';
import {Ajv2020} from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type {AnySchemaObject, ValidateFunction} from 'ajv';

import {packageRoot} from '../../../src/io/package-root.js';

const addFormats = addFormatsModule.default;

/** The shared reference material lives next to the project, not inside it; the variable exists to prove the suite fails without it. */
export const REFERENCE_ROOT = process.env.OPENWOP_REFERENCE_ROOT ?? join(packageRoot(), '..', 'shared', 'reference');

/** Throws (so the calling test fails) rather than letting a missing folder turn into silently skipped checks. */
export function referencePath(...parts: string[]): string {
  if (!existsSync(REFERENCE_ROOT)) {
    throw new Error(`reference material missing: expected ${REFERENCE_ROOT} (../shared/reference from the project root)`);
  }
  const path = join(REFERENCE_ROOT, ...parts);
  if (!existsSync(path)) throw new Error(`reference material incomplete: ${path} does not exist`);
  return path;
}

export function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** `*.json` files of a reference folder, sorted so case order (and so fast-check replay) is stable. */
export function jsonFilesIn(...parts: string[]): string[] {
  const dir = referencePath(...parts);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => join(dir, f));
}

const SDKS = ['openwop', 'schemas', 'openwop-sdks', 'schemas'];
const OPENWOP = ['openwop', 'schemas', 'openwop', 'schemas'];
const REGISTRY = ['openwop', 'schemas', 'openwop-registry', 'schemas'];

/**
 * The reference schemas a bundled schema is compared with: the current v1 state of each twin only.
 * The older openwop/openwop envelope copies share $ids with the openwop-sdks ones, so they are loaded
 * separately by {@link legacyEnvelopeValidators}; media.image/audio exist only there.
 */
export function currentReferenceSchemaFiles(): string[] {
  return [
    referencePath(...SDKS, 'ai-envelope.schema.json'),
    referencePath(...SDKS, 'v2', 'ai-envelope.schema.json'),
    ...['clarification.request', 'schema.request', 'schema.response', 'error', 'media.file'].map((k) => referencePath(...SDKS, 'envelopes', `${k}.schema.json`)),
    referencePath(...OPENWOP, 'envelopes', 'media.image.schema.json'),
    referencePath(...OPENWOP, 'envelopes', 'media.audio.schema.json'),
    referencePath(...OPENWOP, 'capabilities.schema.EXCERPT.json'),
    referencePath(...OPENWOP, 'run-event-payloads.schema.EXCERPT.json'),
    ...jsonFilesIn(...REGISTRY),
    referencePath(...OPENWOP, 'v2', 'node-pack-manifest.schema.json'),
    // The v2 node-pack and capabilities schemas refer to the v2 id grammar by relative $ref.
    referencePath('openwop-v2', 'schemas', 'ids.schema.json'),
    referencePath('openwop-v2', 'schemas', 'certification-bundle.schema.json'),
    referencePath('openwop-v2', 'schemas', 'capabilities.schema.json'),
  ];
}

const V2 = 'https://openwop.dev/spec/v2/';
const DRAFT_2020 = 'https://json-schema.org/draft/2020-12/schema';
const deferToV1 = (base: string): AnySchemaObject => ({$schema: DRAFT_2020, $id: `${V2}${base}.schema.json`, $ref: `https://openwop.dev/spec/v1/${base}.schema.json`});

/**
 * Schemas the reference set refers to but does not hold, supplied the same way ours are: no v2 agent manifest is
 * published, so the v2 node-pack schema's `agent-manifest.schema.json` is a schema under the v2 id that defers to the v1
 * one (our bundled v2 schema refers to the v1 agent manifest directly). Likewise the v2 capabilities schema's
 * `prompt-kind`/`prompt-ref` defer to the v1 ones, and its `configurable.schema.json` is any object, as in ours.
 */
export function referenceStandIns(): AnySchemaObject[] {
  return [deferToV1('agent-manifest'), deferToV1('prompt-kind'), deferToV1('prompt-ref'), {$schema: DRAFT_2020, $id: `${V2}configurable.schema.json`, type: 'object'}];
}

type AjvLike = Pick<Ajv2020, 'addSchema' | 'getSchema'>;

function ajvForDraft(draft: string): AjvLike {
  const options = {allErrors: true, strict: false};
  let ajv: AjvLike & Parameters<typeof addFormats>[0];
  if (draft.includes('2020-12')) ajv = new Ajv2020(options);
  else if (draft.includes('2019-09')) ajv = new Ajv2019(options);
  else if (draft.includes('draft-07') || draft.includes('draft-06')) ajv = new Ajv(options);
  else throw new Error(`reference schema uses an unsupported draft: ${draft}`);
  addFormats(ajv);
  return ajv;
}

/**
 * Loads reference schemas under their own $ids into separate Ajv instances (one per draft, formats on,
 * same options as ours), independent of the project's loader.
 */
export function createReferenceValidators(files: string[], standIns: readonly AnySchemaObject[] = []): (id: string) => ValidateFunction {
  const byDraft = new Map<string, AjvLike>();
  const owner = new Map<string, AjvLike>();
  for (const schema of [...files.map((file) => readJson(file) as AnySchemaObject), ...standIns]) {
    const draft = typeof schema.$schema === 'string' ? schema.$schema : 'https://json-schema.org/draft/2020-12/schema';
    let ajv = byDraft.get(draft);
    if (ajv === undefined) byDraft.set(draft, (ajv = ajvForDraft(draft)));
    ajv.addSchema(schema);
    owner.set(String(schema.$id), ajv);
  }
  return (id) => {
    const ajv = owner.get(id.split('#')[0]);
    const validate = ajv?.getSchema(id);
    if (validate === undefined) throw new Error(`reference schema ${id} not found`);
    return validate;
  };
}

/** The older openwop/openwop copies of the universal kinds (no reasoning), for the drift check only. */
export function legacyEnvelopeValidators(): (id: string) => ValidateFunction {
  return createReferenceValidators(['clarification.request', 'schema.request', 'schema.response', 'error'].map((k) => referencePath(...OPENWOP, 'envelopes', `${k}.schema.json`)));
}
