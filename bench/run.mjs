// `node bench/run.mjs [--runs N] [--only NAME] [--node 20,22,24]`: runs every bench/*.bench.mjs, prints each figure and
// writes bench/RESULTS.md. Run after `npm run build`. The start-up figures are taken on each Node major given (default:
// every supported one; scripts/node-runtimes.mjs fetches the ones this machine lacks), the others on this Node. With
// `--only`, only the rows measured are replaced in (or added to) bench/RESULTS.md. Each bench file runs in a process of
// its own (`--file`), so that no bench's heap, code or leftovers weigh on the next one's figures.
import {existsSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import {cpus, loadavg, totalmem} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {nodeRuntimes, SUPPORTED_MAJORS} from '../scripts/node-runtimes.mjs';
import {ROOT, runProcess} from './lib.mjs';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 15;
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const majors = args.includes('--node') ? args[args.indexOf('--node') + 1].split(',').map(Number) : SUPPORTED_MAJORS;
const loadAtStart = loadavg()[0];

/** Marks the line on which a `--file` process hands its rows to the run. */
const ROWS = 'bench-rows:';
const file = args.includes('--file') ? args[args.indexOf('--file') + 1] : undefined;
if (file) {
  // Only the cold starts run on other Nodes; fetching them (npm install) happens before that bench measures anything.
  const nodes = file === 'startup.bench.mjs' ? nodeRuntimes(majors) : new Map();
  const mod = await import(pathToFileURL(join(ROOT, 'bench', file)).href);
  const rows = await mod.measure({runs, nodes});
  process.stdout.write(`${ROWS}${JSON.stringify({title: mod.title, rows})}\n`);
  process.exit(0);
}

const files = readdirSync(join(ROOT, 'bench'))
  .filter((f) => f.endsWith('.bench.mjs') && (!only || f.startsWith(only)))
  .sort();
const sections = [];
for (const file of files) {
  process.stderr.write(`bench: ${file} …\n`);
  // stderr passes through: each bench's progress shows as it runs.
  const {stdout} = runProcess([fileURLToPath(import.meta.url), '--file', file, '--runs', String(runs), '--node', majors.join(',')], {stdio: ['ignore', 'pipe', 'inherit']});
  const line = stdout.split('\n').findLast((l) => l.startsWith(ROWS));
  if (!line) throw new Error(`bench/${file} printed no rows`);
  const {title, rows} = JSON.parse(line.slice(ROWS.length));
  for (const r of rows) {
    const verdict = r.met === undefined ? '' : r.met ? 'met' : 'NOT MET';
    console.log(`${r.name}: ${fmt(r.value)}${r.unit} (min ${fmt(r.ratio?.min)}, max ${fmt(r.ratio?.max)}) target ≤ ${r.target ?? '-'} ${verdict} ${r.detail}`);
  }
  sections.push({title, file, rows});
}

const row = (r) =>
  `| ${r.name} | ${fmt(r.value)}${r.unit} | ${r.ratio ? `${fmt(r.ratio.min)}–${fmt(r.ratio.max)}` : ''} | ${r.target === undefined ? '' : `≤ ${r.target}${r.unit}`} | ${r.met === undefined ? '' : r.met ? 'yes' : '**no**'} | ${r.detail} |`;
const md = [
  '# Benchmark results',
  '',
  `Written by \`node bench/run.mjs\` on ${new Date().toISOString().slice(0, 10)}: Node ${process.version} (cold starts on each Node named in their row), ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, load average ${loadAtStart.toFixed(2)} at the start and ${loadavg()[0].toFixed(2)} at the end. Ratios are medians of paired runs (min–max in brackets); lower is better.`,
  '',
  '| figure | result | min–max | target | met | detail |',
  '|---|---|---|---|---|---|',
  ...sections.flatMap((s) => s.rows.map(row)),
  '',
];
// Hand-written context for the figures (why a target is not met, what would close it) follows the table.
const notes = join(ROOT, 'bench', 'NOTES.md');
if (existsSync(notes)) md.push(readFileSync(notes, 'utf8'));
const results = join(ROOT, 'bench', 'RESULTS.md');
if (!only) writeFileSync(results, md.join('\n'));
else if (existsSync(results))
  writeFileSync(
    results,
    replaceRows(
      readFileSync(results, 'utf8'),
      sections.flatMap((s) => s.rows),
      md.slice(md.indexOf('', 6)),
    ),
  );

/**
 * `--only`: the rows measured replace the table's rows of the same name, or are added at its end; the other rows and
 * the header stay as the last full run wrote them, and the notes after the table are taken anew from NOTES.md.
 */
function replaceRows(text, rows, notes) {
  const lines = text.split('\n');
  let end = lines.findIndex((l) => l.startsWith('| figure |'));
  while (lines[end]?.startsWith('|')) end++;
  const table = lines.slice(0, end);
  for (const r of rows) {
    const at = table.findIndex((l) => l.startsWith(`| ${r.name} |`));
    if (at !== -1) table[at] = row(r);
    else table.push(row(r));
  }
  return [...table, ...notes].join('\n');
}

function fmt(v) {
  return v === undefined ? '-' : v >= 100 ? v.toFixed(0) : v.toFixed(2);
}
