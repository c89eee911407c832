// Corpora for the tests of runs over many files (--jobs, --shard): every sort of input each command meets, their names
// shuffled against their sorts so that neither input order nor a name's hash lines up with what a file holds.
import {cpSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {ROOT} from './cli.js';

/** Over validate pack's default threshold, so its run without --jobs uses a worker too (lint's and envelope's are higher: see threadCount's test). */
export const FILES = 210;

/** The same order on every run: a shuffle that varies with the seed only. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export const example = (path: string) => readFileSync(join(ROOT, 'examples', path), 'utf8');

/**
 * Schemas of every sort a run meets, their names shuffled against their sorts: clean, with findings, with a `$ref` to a
 * shared file that has findings of its own (reported once per run, however many workers reach it), not a schema
 * (skipped, counted), not JSON, fixable.
 */
export function schemaCorpus(): Record<string, unknown> {
  const sorts: unknown[] = [
    example('schemas/clean/vendor.acme.plan.create.schema.json'),
    example('schemas/violations/vendor.acme.ticket.triage.schema.json'),
    {type: 'object', properties: {shared: {$ref: './shared/defs.json#/$defs/open'}}, required: ['shared'], additionalProperties: false},
    example('envelopes/clarification.json'),
    '{"type": "object",',
    {type: 'object', properties: {name: {type: 'string'}}},
  ];
  const files: Record<string, unknown> = {'schemas/shared/defs.json': {$defs: {open: {type: 'object', properties: {x: {type: 'string', format: 'email'}}}}}};
  for (const [i, n] of shuffled([...Array(FILES).keys()], 7).entries()) files[`schemas/s${n}.json`] = sorts[i % sorts.length];
  return files;
}

/** Pack folders, the clean example and the defective one, under shuffled names. */
export function packCorpus(root: string): void {
  for (const [i, n] of shuffled([...Array(FILES).keys()], 11).entries()) {
    cpSync(join(ROOT, 'examples', 'packs', i % 3 === 0 ? 'webhook-defective' : 'webhook'), join(root, 'packs', `p${n}`), {recursive: true});
  }
}

/**
 * Envelopes and streams, some of two vendor kinds whose schemas are refused (a lookahead): each worker compiles the
 * schemas it meets, and the report still names each refusal once, in the order one thread met them.
 */
export function envelopeCorpus(): Record<string, unknown> {
  const vendor = (kind: string) => ({type: kind, envelopeId: 'e-1', correlationId: 'run-1:n:0:a', payload: {code: 'x'}, meta: {source: 'ai-generation', ts: '2026-11-20T10:00:00Z'}});
  const sorts: [string, unknown][] = [
    ['json', example('envelopes/clarification.json')],
    ['ndjson', example('envelopes/stream.ndjson')],
    ['ndjson', example('envelopes/foxctl-progress.ndjson')],
    ['json', '{"type": "error", "payload": '],
    ['json', vendor('vendor.acme.b.create')],
    ['json', vendor('vendor.acme.a.create')],
  ];
  const refused = (pattern: string) => ({type: 'object', properties: {code: {type: 'string', pattern}}});
  const files: Record<string, unknown> = {
    'kinds/vendor.acme.a.create.schema.json': refused('^(?=a)a'),
    'kinds/vendor.acme.b.create.schema.json': refused('^(?!b)c'),
  };
  for (const [i, n] of shuffled([...Array(FILES).keys()], 13).entries()) {
    const [ext, content] = sorts[i % sorts.length];
    files[`envelopes/e${n}.${ext}`] = content;
  }
  return files;
}

/** The three commands over the corpora, as tempProject({...schemaCorpus(), ...envelopeCorpus()}) plus packCorpus lays them out. */
export const COMMANDS = [
  {name: 'lint schema', args: ['lint', 'schema', 'schemas']},
  {name: 'validate pack --lint-schemas', args: ['validate', 'pack', '--lint-schemas', 'packs']},
  {name: 'validate envelope', args: ['validate', 'envelope', 'envelopes', '--schemas', 'kinds']},
];
