// Formatter throughput (issue #14, class 5): findings per second for each --format at 10k, 80k and 150k findings in
// one file (DESIGN §6: 80k in one file within 2 s), for this checkout's build and, when given, another checkout's
// (the code before the change). Each measurement runs in a process of its own, so a formatter that crashes (the old
// stylish overflowed the call stack on a spread of its rows) is reported as such and the others still run.
//
//   npm run build && node bench/formatters.mjs [--before /path/to/other/checkout] [--sizes 10000,80000]
//
// Standalone (bench/scale.bench.mjs takes the 80k row of each format into bench/RESULTS.md).
import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {ROOT} from './lib.mjs';

const FORMATS = ['stylish', 'json', 'sarif', 'github', 'junit'];
const RULES = ['tier1/forbidden-keyword', 'tier1/all-required', 'reasoning/first', 'tier1/max-nesting-depth-5', 'openai/enum-size'];

if (process.argv[2] === '--one') {
  const [, , , checkout, format, count] = process.argv;
  console.log(JSON.stringify(await measure(checkout, format, Number(count))));
} else {
  const args = process.argv.slice(2);
  const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const before = option('--before');
  const sizes = (option('--sizes') ?? '10000,80000,150000').split(',').map(Number);
  const checkouts = [...(before ? [['before', before]] : []), ['after', ROOT]];
  for (const [, dir] of checkouts) {
    if (!existsSync(join(dir, 'dist', 'src', 'report', 'formatters', 'index.js'))) throw new Error(`${dir}: no build (run npm run build there)`);
  }
  console.log(`Formatter throughput on ${process.version}, findings per second (one process per cell)\n`);
  console.log(['format', 'findings', ...checkouts.map(([name]) => name.padStart(22))].join('  '));
  for (const format of FORMATS) {
    for (const n of sizes) {
      const cells = checkouts.map(([, dir]) => cell(dir, format, n));
      console.log([format.padEnd(7), String(n).padStart(8), ...cells.map((c) => c.padStart(22))].join('  '));
    }
  }
}

function cell(checkout, format, n) {
  const r = spawnSync(process.execPath, ['--max-old-space-size=4096', new URL(import.meta.url).pathname, '--one', checkout, format, String(n)], {encoding: 'utf8'});
  if (r.status !== 0) {
    const why = /Maximum call stack|Invalid string length|heap out of memory/.exec(r.stderr)?.[0] ?? `exit ${r.status}`;
    return `crashed (${why})`;
  }
  const {ms, bytes} = JSON.parse(r.stdout);
  return `${Math.round((n / ms) * 1000).toLocaleString('en-US')}/s ${(bytes / 2 ** 20).toFixed(0)} MB`;
}

/** One formatter over one report of `n` findings in one file; the best of three runs after a small warm-up. */
async function measure(checkout, format, n) {
  const dist = join(checkout, 'dist', 'src', 'report');
  const {getFormatter} = await import(pathToFileURL(join(dist, 'formatters', 'index.js')).href);
  const {makeFormatContext} = await import(pathToFileURL(join(dist, 'format-context.js')).href);
  const {buildReport} = await import(pathToFileURL(join(dist, 'report.js')).href);
  // A checkout from before the shared rule model (no dist/src/core/rule.js) takes plain {id, description, docsUrl}.
  const ruleModule = join(checkout, 'dist', 'src', 'core', 'rule.js');
  const {defineRule} = existsSync(ruleModule) ? await import(pathToFileURL(ruleModule).href) : {defineRule: (r) => ({...r, docsUrl: `https://example.invalid/rules/${r.id}`})};
  const rules = new Map(RULES.map((id) => [id, defineRule({id, description: `what ${id} checks`})]));
  const ctx = makeFormatContext({toolVersion: '0.0.0', cwd: ROOT, rules});
  const fmt = getFormatter(format);
  fmt(report(buildReport, 200), ctx);
  const big = report(buildReport, n);
  let best = Infinity;
  let bytes = 0;
  for (let run = 0; run < 3; run++) {
    const start = performance.now();
    bytes = fmt(big, ctx).length;
    best = Math.min(best, performance.now() - start);
  }
  return {ms: best, bytes};
}

/** Findings as the linter makes them for one large schema: quoted keys, pointers, a fix on every fifth. */
function report(buildReport, n) {
  const file = 'schemas/big.schema.json';
  const findings = Array.from({length: n}, (_, i) => ({
    ruleId: RULES[i % RULES.length],
    severity: i % 3 === 0 ? 'warning' : 'error',
    message: `Keyword "oneOf" at property "field_${i}" is not in the Tier-1 subset`,
    file,
    pointer: `/properties/group_${i % 97}/properties/field_${i}`,
    line: 3 + i * 4,
    column: 7,
    endLine: 3 + i * 4,
    endColumn: 14,
    ...(i % 5 === 0 ? {fix: {description: 'drop it', edits: [{offset: i * 40, length: 12, content: ''}]}} : {}),
  }));
  return buildReport('lint schema', '0.0.0', [{file, findings}]);
}
