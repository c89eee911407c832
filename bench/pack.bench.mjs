// Pack throughput (issue #5): `validate pack` over 1,000 generated manifests, in process, against the minimum any
// validator must do for the same files: readFileSync, JSON.parse and one compiled-Ajv validation each. Target ≤ 2×.
import {mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {DATA, figure, paired, ROOT} from './lib.mjs';

export const title = 'Pack manifests';

const COUNT = 1000;
const TOKENS = ['net.dns', 'net.outbound', 'crypto', 'subprocess', 'fs.read', 'fs.write', 'env.read', 'clock'];
const CATEGORIES = ['chat', 'control', 'data', 'canvas', 'coordination', 'integration'];

/** Node packs shaped like the registry's: 3–14 nodes, a few requirements, one defect in every 20th. */
function manifest(i, language) {
  const name = `vendor.bench${i % 37}.pack-${i}`;
  const nodes = Array.from({length: 3 + (i % 12)}, (_, n) => ({
    typeId: `${name}.node${n}`,
    version: '1.0.0',
    label: `Node ${n}`,
    description: 'Generated for the pack throughput benchmark; about as long as a real node description tends to be.',
    category: i % 20 === 0 && n === 0 ? 'flow' : CATEGORIES[(i + n) % CATEGORIES.length],
    role: n % 2 ? 'pure' : 'side-effect',
    capabilities: n % 3 ? ['cacheable'] : ['side-effectful'],
  }));
  return {
    name,
    version: `1.${i % 10}.0`,
    description: `Benchmark pack ${i}.`,
    author: 'bench',
    license: 'Apache-2.0',
    engines: {openwop: '>=1.0.0 <2.0.0'},
    runtime: {language, entry: 'index.mjs', requires: TOKENS.filter((_, t) => (i >> t) & 1)},
    nodes,
  };
}

/** 1,000 lone manifests in one folder; with `entry`, the index.mjs they all name sits next to them. */
function generate(name, entry, language) {
  const dir = join(DATA, name);
  rmSync(dir, {recursive: true, force: true});
  mkdirSync(dir, {recursive: true});
  for (let i = 0; i < COUNT; i++) writeFileSync(join(dir, `p${String(i).padStart(4, '0')}.pack.json`), JSON.stringify(manifest(i, language), null, 2));
  if (entry) writeFileSync(join(dir, 'index.mjs'), 'export const nodes = {};\n');
  return dir;
}

export async function measure({runs}) {
  const {validatePackInputs} = await import(pathToFileURL(join(ROOT, 'dist', 'src', 'pack', 'index.js')).href);
  const {getValidator} = await import(pathToFileURL(join(ROOT, 'dist', 'src', 'schemas', 'index.js')).href);
  const validate = getValidator('packs/node-pack-manifest');
  const rows = [];
  for (const [name, entry, language, target, what] of [
    ['packs', true, 'javascript', 2.0, 'javascript, entry present and scanned; findings only on the 5% schema-invalid'],
    ['packs-python', true, 'python', undefined, 'python: the entry is only checked to exist, not read'],
    ['packs-no-entry', false, 'javascript', undefined, 'entry absent: every manifest gets a positioned pack/missing-file warning'],
  ]) {
    const dir = generate(name, entry, language);
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => join(dir, f));
    let seen = 0;
    const subject = async () => {
      const start = performance.now();
      seen = (await validatePackInputs([dir], {cwd: ROOT})).summary.packs;
      return performance.now() - start;
    };
    let invalid = 0;
    const baseline = async () => {
      const start = performance.now();
      invalid = 0;
      for (const file of files) if (!validate(JSON.parse(readFileSync(file, 'utf8')))) invalid++;
      return performance.now() - start;
    };
    const r = await paired(subject, baseline, {runs, warmup: 2});
    if (seen !== COUNT) throw new Error(`validate pack saw ${seen} manifests, expected ${COUNT}`);
    rows.push(
      figure(`validate pack: ${COUNT} manifests in process ÷ readFileSync + JSON.parse + compiled Ajv (${what})`, {
        target,
        ratio: r.ratio,
        detail: `median ${r.subjectMs.median.toFixed(0)} ms vs ${r.baselineMs.median.toFixed(0)} ms; ${invalid} invalid by Ajv`,
      }),
    );
  }
  return rows;
}
