// Finding placement at scale (DESIGN §6: 80k findings in one file placed in under 2 s, O(n log n)). Standalone:
//   node bench/placement.mjs [--root DIR]
// DIR is a built checkout to measure (default: this one), so a before/after pair is two runs on one machine.
// Three figures per size, each as findings placed per second:
// - placeAll: JsonDocument.placeAll over one finding per member of a schema's `properties` (what lint does);
// - locate:   JsonDocument.locate one pointer at a time, as envelope, pack and probe findings are placed;
// - lint:     `openwop lint schema --format json` on that schema, end to end (one tier1/all-required finding each).
// A mode whose run took over BUDGET_MS is not run at the larger sizes (the quadratic "before" would take minutes).
import {mkdirSync, writeFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {pathToFileURL} from 'node:url';
import {DATA, ROOT, runProcess} from './lib.mjs';

const SIZES = [10_000, 80_000, 150_000];
const BUDGET_MS = 20_000;
const rootArg = process.argv.indexOf('--root');
const root = rootArg === -1 ? ROOT : resolve(process.argv[rootArg + 1]);
const {JsonDocument} = await import(pathToFileURL(join(root, 'dist', 'src', 'io', 'json-document.js')).href);

function schemaText(n) {
  const properties = {};
  for (let i = 0; i < n; i++) properties[`p${i}`] = {type: 'string'};
  return JSON.stringify({type: 'object', additionalProperties: false, properties});
}

function pointers(n) {
  return Array.from({length: n}, (_, i) => `/properties/p${i}`);
}

const modes = {
  placeAll(text, n) {
    const doc = JsonDocument.parse(text, {file: 'big.schema.json'});
    const items = pointers(n).map((pointer) => ({pointer, line: 0, column: 0}));
    const start = performance.now();
    doc.placeAll(items);
    return performance.now() - start;
  },
  locate(text, n) {
    const doc = JsonDocument.parse(text, {file: 'big.schema.json'});
    const start = performance.now();
    for (const pointer of pointers(n)) doc.locate(pointer);
    return performance.now() - start;
  },
  lint(text, n) {
    mkdirSync(DATA, {recursive: true});
    const file = join(DATA, `placement-${n}.schema.json`);
    writeFileSync(file, text);
    return runProcess([join(root, 'bin', 'run.js'), 'lint', 'schema', file, '--format', 'json'], {okCodes: [1], stdio: ['ignore', 'ignore', 'pipe']}).ms;
  },
};

console.log(`placement, ${root}`);
const over = new Set();
for (const n of SIZES) {
  const text = schemaText(n);
  const cells = [];
  for (const [name, run] of Object.entries(modes)) {
    if (over.has(name)) {
      cells.push(`${name} skipped`);
      continue;
    }
    const ms = run(text, n);
    if (ms > BUDGET_MS) over.add(name);
    cells.push(`${name} ${(ms / 1000).toFixed(2)} s = ${Math.round((n / ms) * 1000).toLocaleString('en')} findings/s`);
  }
  console.log(`${n.toLocaleString('en').padStart(8)} findings: ${cells.join(' · ')}`);
}
