import {canonicalJson, sha256Hex} from './canonical-json.js';

type Row = Record<string, unknown>;

/** The fields of a ledger row that the witness digest covers, in the emitter's projection (absent ones stay absent). */
const ROW_FIELDS = ['id', 'scenario', 'result', 'assertions', 'detail', 'evidence'] as const;

export type RowOrder = 'code-unit' | 'locale';

function project(row: Row): Row {
  const out: Row = {};
  for (const field of ROW_FIELDS) if (row[field] !== undefined) out[field] = row[field];
  return out;
}

const idOf = (row: Row): string => (typeof row.id === 'string' ? row.id : '');

/**
 * SHA-256 (hex) of the canonical JSON of the rows sorted by id, each projected to its witnessed fields; with operator
 * relaxations, of `{rows, relaxations}`. The emitter sorts with localeCompare; plain code-unit order is used first
 * (deterministic on every machine), `locale` only to tell a reader why a digest matched only that way.
 */
export function witnessDigest(rows: readonly Row[], relaxations: readonly unknown[] | undefined, order: RowOrder = 'code-unit'): string {
  const compare = order === 'locale' ? (a: Row, b: Row) => idOf(a).localeCompare(idOf(b)) : (a: Row, b: Row) => (idOf(a) < idOf(b) ? -1 : idOf(a) > idOf(b) ? 1 : 0);
  const sorted = rows.map(project).sort(compare);
  return sha256Hex(canonicalJson(relaxations !== undefined && relaxations.length > 0 ? {rows: sorted, relaxations} : sorted));
}

export function documentDigest(document: unknown): string {
  return sha256Hex(canonicalJson(document));
}

export interface AttestedFields {
  witnessSha256: unknown;
  build: unknown;
  suiteVersion: unknown;
  discoverySha256: unknown;
}

/**
 * The bytes the host key signs: canonical JSON of the four attested fields under their literal dotted names, with the
 * values the bundle states (a stated digest that does not recompute is a finding of its own; the signature is checked
 * over what was stated, so each tamper is reported by the rule that names it).
 */
export function attestationPayload(fields: AttestedFields): Buffer {
  const build = fields.build as {id?: unknown; kind?: unknown} | undefined;
  const text = canonicalJson({
    'discovery.sha256': fields.discoverySha256,
    'host.build': {id: build?.id, kind: build?.kind},
    'suite.version': fields.suiteVersion,
    witnessSha256: fields.witnessSha256,
  });
  return Buffer.from(text, 'utf8');
}
