// One large document (DESIGN §6: finding placement and every formatter O(n log n), 80k findings in one file in under
// 2 s; no input-controlled regex super-linear). The before/after tools behind these rows are bench/placement.mjs,
// bench/formatters.mjs and bench/redos.mjs; here each figure is the best of three, for this checkout's build.
import {spawnSync} from 'node:child_process';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {figure, ROOT} from './lib.mjs';

export const title = 'One large document';

const FINDINGS = 80_000;
const FORMATS = ['stylish', 'json', 'sarif', 'github', 'junit'];
const REDOS_PATTERN = '^(a+)+$';

export async function measure() {
  const rows = [];
  const placeAll = await bestOfThree(placeAllMs);
  rows.push(
    figure(`scale: JsonDocument.placeAll, ${FINDINGS.toLocaleString('en')} findings in one file`, {
      value: placeAll / 1000,
      unit: ' s',
      target: 2,
      detail: `${rate(placeAll)} findings/s (one per member of a schema's properties, as lint places them)`,
    }),
  );
  for (const format of FORMATS) {
    const {ms, bytes} = formatterRun(format);
    rows.push(
      figure(`scale: --format ${format}, ${FINDINGS.toLocaleString('en')} findings in one file`, {
        value: ms / 1000,
        unit: ' s',
        target: 2,
        detail: `${rate(ms)} findings/s, ${(bytes / 2 ** 20).toFixed(0)} MB of output (bench/formatters.mjs, best of three)`,
      }),
    );
  }
  const {linear, native} = await redos();
  rows.push(
    figure(`ReDoS: "pattern": "${REDOS_PATTERN}" in a user's schema against "a"×30 + "!"`, {
      value: linear,
      unit: ' ms',
      detail: `linear-time engine (user schemas); V8's backtracking RegExp, which Ajv used before: ${native.ms.toFixed(0)} ms at n=${native.n}, doubling with each character`,
    }),
  );
  return rows;
}

function rate(ms) {
  return Math.round((FINDINGS / ms) * 1000).toLocaleString('en');
}

async function bestOfThree(run) {
  let best = Infinity;
  for (let i = 0; i < 3; i++) best = Math.min(best, await run());
  return best;
}

async function placeAllMs() {
  const {JsonDocument} = await import(pathToFileURL(join(ROOT, 'dist', 'src', 'io', 'json-document.js')).href);
  const properties = {};
  for (let i = 0; i < FINDINGS; i++) properties[`p${i}`] = {type: 'string'};
  const doc = JsonDocument.parse(JSON.stringify({type: 'object', additionalProperties: false, properties}), {file: 'big.schema.json'});
  const items = Array.from({length: FINDINGS}, (_, i) => ({pointer: `/properties/p${i}`, line: 0, column: 0}));
  const start = performance.now();
  doc.placeAll(items);
  return performance.now() - start;
}

/** In a process of its own (bench/formatters.mjs --one), as a crash of one formatter must not end the run. */
function formatterRun(format) {
  const r = spawnSync(process.execPath, ['--max-old-space-size=4096', join(ROOT, 'bench', 'formatters.mjs'), '--one', ROOT, format, String(FINDINGS)], {encoding: 'utf8'});
  if (r.status !== 0) throw new Error(`--format ${format} on ${FINDINGS} findings: exit ${r.status}\n${r.stderr}`);
  return JSON.parse(r.stdout);
}

async function redos() {
  const {createAjv} = await import(pathToFileURL(join(ROOT, 'dist', 'src', 'schemas', 'index.js')).href);
  const schema = {type: 'object', properties: {name: {type: 'string', pattern: REDOS_PATTERN}}};
  const time = (validate, n) => {
    const start = performance.now();
    if (validate({name: `${'a'.repeat(n)}!`})) throw new Error(`${REDOS_PATTERN} matched`);
    return performance.now() - start;
  };
  const linear = createAjv().compile(schema);
  const native = createAjv({patterns: 'native'}).compile(schema);
  // V8 interprets a regular expression for its first runs before compiling it: warm both up on a short input first.
  time(linear, 16);
  time(native, 16);
  // n=24 keeps the run short; each further character doubles it (bench/redos.mjs goes on to n=31).
  return {linear: await bestOfThree(() => time(linear, 30)), native: {n: 24, ms: time(native, 24)}};
}
