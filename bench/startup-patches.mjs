// `node bench/startup-patches.mjs [--runs N] [--node 20,22,24] [--only NAME,…]`: what each start-up measure still buys,
// per Node major (--only: the variants whose names contain one of those, beside the shipped build).
// Builds the package once as it ships and once without each measure (temporary copies, dependencies linked), then times
// `lint schema <one file>` and `validate envelope <one file>` on each Node against `node -e 0`, every variant in every
// round, each run paired with one of `node -e 0`.
// Not a figure of RESULTS.md: the evidence for keeping or dropping each measure (bench/NOTES.md quotes it). Run after
// `npm run build`; takes a few minutes.
import {spawnSync} from 'node:child_process';
import {appendFileSync, cpSync, mkdirSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {bundle, START_UP_MEASURES} from '../scripts/bundle.mjs';
import {nodeRuntimes, SUPPORTED_MAJORS} from '../scripts/node-runtimes.mjs';
import {DATA, oneEnvelopeFile, ROOT, runProcess, stats, timeProcess} from './lib.mjs';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 15;
const majors = args.includes('--node') ? args[args.indexOf('--node') + 1].split(',').map(Number) : SUPPORTED_MAJORS;
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : undefined;

/**
 * Node's own compile cache in place of ours: the bundle loaded by require() after module.enableCompileCache (22.1+),
 * appended to bin/load-bundle.cjs (whose Module, join and BUNDLE_FILE it uses).
 */
const NODE_COMPILE_CACHE = `
module.exports.loadBundle = (packageRoot) => {
  globalThis.__openwopImport ??= (specifier) => import(specifier);
  const status = Module.enableCompileCache?.(join(packageRoot, 'dist', 'node-compile-cache')).status;
  return {exports: require(join(packageRoot, BUNDLE_FILE)), cacheUsed: status === Module.constants?.compileCacheStatus?.ENABLED};
};
`;

/** Each variant: the shipped build minus one measure. `skip` leaves rewrites out of the bundle. */
const ALL_VARIANTS = [
  {name: 'as shipped'},
  ...START_UP_MEASURES.map((name) => ({name: `without ${name}`, skip: [name]})),
  {name: 'ES module entry', esmEntry: true},
  {name: "Node's compile cache instead of ours", loader: NODE_COMPILE_CACHE},
  {name: 'no code cache at all', noCache: true},
];
const VARIANTS = ALL_VARIANTS.filter((v) => v.name === 'as shipped' || !only || only.some((o) => v.name.includes(o)));

/** A package folder built as `variant` says, with the build's code cache for this Node. */
async function build(variant, dir) {
  rmSync(dir, {recursive: true, force: true});
  mkdirSync(join(dir, 'dist'), {recursive: true});
  for (const part of ['bin', 'scripts', 'examples', 'package.json']) cpSync(join(ROOT, part), join(dir, part), {recursive: true});
  for (const part of ['commands', 'src']) cpSync(join(ROOT, 'dist', part), join(dir, 'dist', part), {recursive: true});
  for (const linked of ['node_modules', 'schemas', 'templates', 'oclif.manifest.json']) symlinkSync(join(ROOT, linked), join(dir, linked));
  await bundle(dir, {skip: variant.skip ?? []});
  if (variant.loader) appendFileSync(join(dir, 'bin', 'load-bundle.cjs'), variant.loader);
  if (variant.esmEntry) writeFileSync(join(dir, 'bin', 'run.mjs'), "import './run.js';\n");
  if (variant.noCache) {
    // A file where runtime caches would go: none can be written, and no build cache is made.
    writeFileSync(join(dir, 'dist', 'cache'), '');
    return;
  }
  const cache = spawnSync(process.execPath, [join(dir, 'scripts', 'code-cache.mjs')], {cwd: dir, encoding: 'utf8'});
  if (cache.status !== 0) throw new Error(`${variant.name}: code cache: ${cache.stderr}`);
}

const schema = join(ROOT, 'examples', 'schemas', 'clean', 'vendor.acme.plan.create.schema.json');
const envelope = oneEnvelopeFile();
const nodes = nodeRuntimes(majors);
const fmt = (n) => n.toFixed(2);
const bins = new Map();
for (const variant of VARIANTS) {
  const dir = join(DATA, 'startup-patches', variant.name.replace(/\W+/g, '-'));
  await build(variant, dir);
  bins.set(variant, join(dir, 'bin', variant.esmEntry ? 'run.mjs' : 'run.js'));
}
// Round by round, every variant once (in a rotating order), each paired with a `node -e 0` run: a change of load on
// the machine during the run then hits every variant alike. The first two rounds write the caches and are not kept.
const results = [];
for (const [major, node] of nodes) {
  for (const [job, jobArgs] of [
    ['lint', ['lint', 'schema', schema]],
    ['envelope', ['validate', 'envelope', envelope]],
  ]) {
    const ratios = new Map(VARIANTS.map((v) => [v, []]));
    for (let round = 0; round < runs + 2; round++) {
      for (let i = 0; i < VARIANTS.length; i++) {
        const variant = VARIANTS[(i + round) % VARIANTS.length];
        const ms = timeProcess([bins.get(variant), ...jobArgs], {node});
        const base = timeProcess(['-e', '0'], {node});
        if (round >= 2) ratios.get(variant).push(ms / base);
      }
    }
    for (const [variant, r] of ratios) results.push({variant: variant.name, major, job, ratio: stats(r).median});
    process.stderr.write(`Node ${major}, ${job}: done\n`);
  }
}

// One row per variant: the ratio per Node and job, and its difference from the shipped build (positive: the measure pays).
const header = [...nodes.keys()].flatMap((major) => [`Node ${major} lint`, `Node ${major} envelope`]);
console.log(`\n| variant | ${header.join(' | ')} |\n|---|${header.map(() => '---').join('|')}|`);
for (const variant of VARIANTS) {
  const cells = [...nodes.keys()].flatMap((major) =>
    ['lint', 'envelope'].map((job) => {
      const r = results.find((x) => x.variant === variant.name && x.major === major && x.job === job);
      const shipped = results.find((x) => x.variant === 'as shipped' && x.major === major && x.job === job);
      return variant.name === 'as shipped' ? `${fmt(r.ratio)}×` : `${fmt(r.ratio)}× (${r.ratio >= shipped.ratio ? '+' : ''}${fmt(r.ratio - shipped.ratio)})`;
    }),
  );
  console.log(`| ${variant.name} | ${cells.join(' | ')} |`);
}
const load = runProcess(['-e', "process.stdout.write(require('os').loadavg()[0].toFixed(2))"]).stdout;
console.log(`\n${runs} rounds, medians of the paired ratios; load average at the end ${load}.`);
