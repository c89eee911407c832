// The html report at scale (issue 23): 10,000 findings over 500 files, each file a 240-line schema the findings point
// into (so every finding carries its excerpt), built through the real formatter with the real rule catalogue. The
// page must stay under 5 MB, and in Debian's chromium (headless; OPENWOP_CHROMIUM or /usr/bin/chromium) load and
// render — from navigation to the second frame after `load`, so layout and paint are in — and apply one filter
// (a rule picked in the rule menu, measured inside the page to the second frame after) in under 1 s each.
/* global document, requestAnimationFrame -- the functions handed to page.evaluate run in the browser */
import {existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {DATA, ROOT, figure, stats} from './lib.mjs';

export const title = 'HTML report';

const FILES = 500;
const PER_FILE = 20;
const LINES = 240;
const CHROMIUM = process.env.OPENWOP_CHROMIUM || '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const MB = 2 ** 20;

export async function measure({runs = 15} = {}) {
  const load = (path) => import(pathToFileURL(join(ROOT, 'dist', 'src', ...path.split('/'))).href);
  const {format} = await load('report/formatters/html.js');
  const {makeFormatContext} = await load('report/format-context.js');
  const {buildReport} = await load('report/report.js');
  const {allRules} = await load('rule-catalog.js');
  const rules = (await allRules()).filter((r) => r.commands.includes('lint schema')).slice(0, 25);

  const sources = new Map();
  const results = [];
  for (let f = 0; f < FILES; f++) {
    const file = `schemas/group-${f % 25}/vendor.acme.kind-${f}.schema.json`;
    sources.set(file, schemaText(f));
    const findings = [];
    for (let i = 0; i < PER_FILE; i++) {
      const rule = rules[(f + i) % rules.length];
      const line = 4 + i * 11;
      findings.push({
        ruleId: rule.id,
        severity: i % 7 === 0 ? 'warning' : i % 13 === 0 ? 'info' : 'error',
        message: `"pattern" on property "field${i}" is outside the Tier-1 subset: move it into "description" and check it in the host`,
        file,
        pointer: `/properties/field${i}/pattern`,
        line,
        column: 7,
        endLine: line,
        endColumn: 16,
      });
    }
    results.push({file, findings});
  }
  const report = buildReport('lint schema', '0.1.0', results);
  const ctx = makeFormatContext({toolVersion: '0.1.0', rules: new Map(rules.map((r) => [r.id, r])), sources});
  const builds = [];
  let page = '';
  for (let i = 0; i < Math.min(runs, 5); i++) {
    const start = performance.now();
    page = format(report, ctx);
    builds.push(performance.now() - start);
  }
  mkdirSync(DATA, {recursive: true});
  const file = join(DATA, 'html-report-10k.html');
  writeFileSync(file, page);
  const size = Buffer.byteLength(page) / MB;

  const {render, filter} = await inChromium(file, Math.min(runs, 10));
  const build = stats(builds);
  const r = stats(render);
  const fl = stats(filter);
  return [
    figure('html report: 10,000 findings, page size', {
      target: 5,
      unit: ' MB',
      value: size,
      detail: `${FILES} files × ${PER_FILE} findings, each with its excerpt; formatter ${build.median.toFixed(0)} ms (median of ${builds.length})`,
    }),
    figure('html report: 10,000 findings, load and render in chromium', {
      target: 1000,
      unit: ' ms',
      value: r.median,
      ratio: r,
      detail: `file:// navigation to the second frame after load; median of ${render.length}, ${r.min.toFixed(0)}–${r.max.toFixed(0)} ms`,
    }),
    figure('html report: 10,000 findings, one filter in chromium', {
      target: 1000,
      unit: ' ms',
      value: fl.median,
      ratio: fl,
      detail: `a rule chosen in the rule menu, to the second frame after; median of ${filter.length}, ${fl.min.toFixed(0)}–${fl.max.toFixed(0)} ms`,
    }),
  ];
}

async function inChromium(file, runs) {
  if (!existsSync(CHROMIUM)) throw new Error(`chromium not found at ${CHROMIUM} (set OPENWOP_CHROMIUM)`);
  const {default: puppeteer} = await import('puppeteer-core');
  const profile = mkdtempSync(join(tmpdir(), 'openwop-bench-chromium-'));
  const browser = await puppeteer.launch({executablePath: CHROMIUM, headless: true, pipe: true, args: [...FLAGS, `--user-data-dir=${profile}`]});
  const render = [];
  const filter = [];
  try {
    for (let i = 0; i < runs + 1; i++) {
      const page = await browser.newPage();
      await page.setViewport({width: 1280, height: 900});
      const start = performance.now();
      await page.goto(pathToFileURL(file).href, {waitUntil: 'load', timeout: 120_000});
      await page.evaluate(twoFrames);
      const loaded = performance.now() - start;
      const filtered = await page.evaluate(async () => {
        const select = document.getElementById('f-rule');
        const t0 = performance.now();
        select.value = '3';
        select.dispatchEvent(new Event('change'));
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const shown = document.querySelectorAll('li.finding:not([hidden])').length;
        if (shown === 0 || shown === 10000) throw new Error(`the filter showed ${shown} findings`);
        return performance.now() - t0;
      });
      await page.close();
      // The first run warms the browser's caches (code, fonts): it is not counted.
      if (i === 0) continue;
      render.push(loaded);
      filter.push(filtered);
    }
  } finally {
    await browser.close();
    rmSync(profile, {recursive: true, force: true});
  }
  return {render, filter};
}

function twoFrames() {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

/** A pretty-printed schema of about LINES lines: the findings point at its `pattern` lines. */
function schemaText(n) {
  const properties = {};
  for (let i = 0; i < 20; i++) {
    properties[`field${i}`] = {
      type: 'string',
      description: `Field ${i} of kind ${n}: a description of ordinary length for a property`,
      pattern: '^[A-Z]{3}-[0-9]{4}$',
      minLength: 3,
      examples: ['ABC-1234'],
      title: `Field ${i}`,
      default: 'AAA-0000',
      $comment: 'kept',
    };
  }
  return JSON.stringify({$schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties}, null, 2).split('\n').slice(0, LINES).join('\n');
}
