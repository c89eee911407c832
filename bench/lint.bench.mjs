// Lint throughput (DESIGN §6): `lintSchemaInputs` over a folder of 1,200 generated payload schemas, vs a minimal
// read + JSON.parse + walk loop over the same files, in one process, alternating. (Cold start: startup.bench.mjs.)
import {mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {DATA, figure, paired, ROOT} from './lib.mjs';

export const title = 'Lint throughput';

const COUNT = 1200;
const VENDOR_TARGETS = ['openai', 'anthropic', 'gemini', 'gemini-legacy'];

export async function measure({runs}) {
  const dir = join(DATA, 'lint-corpus');
  rmSync(dir, {recursive: true, force: true});
  mkdirSync(dir, {recursive: true});
  for (let i = 0; i < COUNT; i++) writeFileSync(join(dir, `vendor.bench.kind${i}.schema.json`), JSON.stringify(schema(i), null, 2));
  const {lintSchemaInputs} = await import(pathToFileURL(join(ROOT, 'dist/src/lint/index.js')).href);
  let findings = 0;
  const lintWith = (cli) => async () => {
    const t = performance.now();
    const out = await lintSchemaInputs([dir], {cwd: ROOT, cli});
    findings = out.results.reduce((n, r) => n + r.findings.length, 0);
    // A run that checked fewer files (an ignore rule, a no-match) would time nothing and still look fast.
    if (out.results.length !== COUNT) throw new Error(`lint checked ${out.results.length} of ${COUNT} corpus files`);
    return performance.now() - t;
  };
  const loop = async () => {
    const t = performance.now();
    let nodes = 0;
    for (const f of readdirSync(dir)) nodes += walk(JSON.parse(readFileSync(join(dir, f), 'utf8')));
    if (nodes === 0) throw new Error('empty corpus');
    return performance.now() - t;
  };
  const pairs = {runs: Math.max(5, Math.min(runs, 11))};
  const r = await paired(lintWith({}), loop, pairs);
  const tier1Findings = findings;
  // Issue 16: every vendor rule set at once (each vendor rule visits every sub-schema) must stay within 2.5× the loop.
  const v = await paired(lintWith({targets: VENDOR_TARGETS}), loop, pairs);
  return [
    figure(`lint throughput: ${COUNT} schemas ÷ read+parse+walk loop`, {
      target: 2.0,
      ratio: r.ratio,
      detail: `median ${r.subjectMs.median.toFixed(0)} ms vs ${r.baselineMs.median.toFixed(0)} ms; ${tier1Findings} findings`,
    }),
    figure(`lint throughput, --target ${VENDOR_TARGETS.join(',')}: ${COUNT} schemas ÷ the same loop`, {
      target: 2.5,
      ratio: v.ratio,
      detail: `median ${v.subjectMs.median.toFixed(0)} ms vs ${v.baselineMs.median.toFixed(0)} ms; ${findings} findings`,
    }),
  ];
}

/** Visits every sub-schema, as a linter must. */
function walk(node) {
  if (node === null || typeof node !== 'object') return 0;
  let n = 1;
  for (const v of Array.isArray(node) ? node : Object.values(node)) n += walk(v);
  return n;
}

/** Realistic payload schemas: a reasoning field, nested objects, arrays of objects, enums, a discriminated anyOf; every third one strays from Tier-1 strict. */
function schema(i) {
  const strays = i % 3 === 0;
  const item = {
    type: 'object',
    additionalProperties: false,
    required: ['id', 'title', 'status'],
    properties: {
      id: {type: 'string', description: 'Stable id.'},
      title: {type: 'string', description: 'Short title.', ...(strays ? {maxLength: 120} : {})},
      status: {type: 'string', enum: ['todo', 'doing', 'done'], description: 'Where it stands.'},
      estimate: {type: ['number', 'null'], description: 'Hours.'},
    },
  };
  if (!strays) item.required.push('estimate');
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `https://schemas.example.com/envelopes/vendor.bench.kind${i}.schema.json`,
    title: `vendor.bench.kind${i}`,
    type: 'object',
    additionalProperties: false,
    required: ['reasoning', 'summary', 'items', 'owner', 'next'],
    properties: {
      reasoning: {type: ['string', 'null'], description: 'Why the plan looks this way.'},
      summary: {type: 'string', description: 'One paragraph.'},
      items: {type: 'array', items: item, description: 'The tasks.', ...(strays ? {minItems: 1} : {})},
      owner: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'email'],
        properties: {name: {type: 'string', description: 'Who.'}, email: {type: 'string', description: 'Where.', ...(strays ? {format: 'email'} : {})}},
        description: 'Owner.',
      },
      next: {
        description: 'What happens next.',
        anyOf: [
          {type: 'object', additionalProperties: false, required: ['kind', 'at'], properties: {kind: {type: 'string', enum: ['meeting']}, at: {type: 'string', description: 'When.'}}},
          {type: 'object', additionalProperties: false, required: ['kind', 'reason'], properties: {kind: {type: 'string', enum: ['none']}, reason: {type: 'string', description: 'Why not.'}}},
        ],
      },
    },
  };
}
