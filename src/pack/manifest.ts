import type {ErrorObject} from 'ajv';
import type {JsonDocument} from '../io/json-document.js';
import type {Finding} from '../core/finding.js';
import {ajvFindings} from '../schemas/ajv-findings.js';
import {getValidator, packManifestSchema} from '../schemas/index.js';
import {targetMajor} from './protocol-major.js';
import {PACK_RULES} from './rules.js';
import {suggestToken} from './tokens.js';
import {isObject, type JsonObject} from '../core/json.js';

/** Every `kind` RFC-level text names; `connection` has no bundled schema yet. */
export const PACK_KINDS = Object.freeze(['node', 'workflow-chain', 'form-content', 'artifact-type', 'card', 'prompt', 'connection'] as const);

export interface ShapeVerdict {
  /** The manifest kind (absent `kind` = node), or null when it is not a known kind. */
  kind: string | null;
  /** The protocol major the manifest targets (engines.openwop), or null when it is not an object. */
  major: number | null;
  findings: Finding[];
}

/** Validates a manifest against the bundled schema its `kind` and protocol major (engines.openwop) select. */
export function checkManifestShape(doc: JsonDocument, value: unknown): ShapeVerdict {
  if (!isObject(value)) {
    const got = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    return {kind: null, major: null, findings: [doc.finding(PACK_RULES.invalidManifest.id, 'error', `a pack manifest must be a JSON object; got ${got}`, '')]};
  }
  const raw = value.kind;
  const kind = raw === undefined ? 'node' : raw;
  const major = targetMajor(value);
  if (typeof kind !== 'string' || !(PACK_KINDS as readonly string[]).includes(kind)) {
    const shown = typeof kind === 'string' ? `"${kind}"` : JSON.stringify(kind);
    return {kind: null, major, findings: [doc.finding(PACK_RULES.unknownKind.id, 'error', `unknown pack kind ${shown}: expected one of ${PACK_KINDS.join(', ')} (absent means node)`, '/kind')]};
  }
  const schema = major <= 2 ? packManifestSchema(raw, major === 2 ? 2 : 1) : undefined;
  if (schema === undefined) {
    const which = major === 1 ? `kind "${kind}"` : `kind "${kind}" under openwop ${major}.x (engines.openwop admits no earlier major)`;
    return {kind, major, findings: [doc.finding(PACK_RULES.kindUnchecked.id, 'warning', `no schema for ${which} is bundled yet: its shape was not validated, only the cross-checks ran`, '/kind')]};
  }
  const validate = getValidator(schema);
  if (validate(value)) return {kind, major, findings: []};
  return {kind, major, findings: schemaFindings(validate.errors ?? [], doc, value)};
}

const REQUIRES_ITEM = /^\/runtime\/requires\/(\d+)$/;

/** Ajv's enum message for a bad runtime.requires entry lists eight tokens; say which one was meant instead. */
function schemaFindings(errors: readonly ErrorObject[], doc: JsonDocument, value: JsonObject): Finding[] {
  const tokenErrors = errors.filter((e) => e.keyword === 'enum' && REQUIRES_ITEM.test(e.instancePath));
  const repeats = errors.filter((e) => e.keyword === 'uniqueItems' && e.instancePath === '/runtime/requires');
  // A Set, not includes(): a hostile runtime.requires gives an error per item, and includes() made that quadratic.
  const special = new Set([...tokenErrors, ...repeats]);
  const rest = errors.filter((e) => !special.has(e));
  const findings = ajvFindings(rest, doc, {rule: PACK_RULES.invalidManifest, base: '', value});
  const runtime = value.runtime;
  // Only reached through errors under /runtime/requires, so the array exists whenever it is read.
  const requires = (isObject(runtime) && Array.isArray(runtime.requires) ? runtime.requires : []) as unknown[];
  for (const e of repeats) {
    // Ajv's i/j order depends on its code path; the later item is the one to delete.
    const {i, j} = e.params as {i: number; j: number};
    const [first, again] = [Math.min(i, j), Math.max(i, j)];
    findings.push(
      doc.finding(
        PACK_RULES.invalidManifest.id,
        'error',
        `runtime.requires lists ${JSON.stringify(requires[again])} twice (items ${first} and ${again}): declare each primitive once`,
        `/runtime/requires/${again}`,
      ),
    );
  }
  for (const e of tokenErrors) {
    const entry = requires[Number(REQUIRES_ITEM.exec(e.instancePath)?.[1])];
    // A non-string entry already has Ajv's type error; a second finding would say the same.
    if (typeof entry === 'string') findings.push(doc.finding(PACK_RULES.invalidManifest.id, 'error', `runtime.requires: ${suggestToken(entry)}`, e.instancePath));
  }
  return findings;
}
