// The html report at scale (issue 23): a real `lint schema` run over one schema of 5,000 string properties, each with
// `maxLength` (outside the strict Tier-1 subset) and none required — 10,002 findings, every one with its excerpt and
// half of them about a range of several lines — formatted by the real formatter with the real rule catalogue. The
// page must stay under 5 MB, and in Debian's chromium (headless; OPENWOP_CHROMIUM or /usr/bin/chromium) load and
// render — from navigation to the second frame after `load`, so layout and paint are in — and apply one filter
// (a rule picked in the rule menu, measured inside the page to the second frame after) in under 1 s each.
/* global document, requestAnimationFrame -- the functions handed to page.evaluate run in the browser */
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {BIN, DATA, ROOT, figure, runProcess, stats} from './lib.mjs';

export const title = 'HTML report';

const PROPERTIES = 5000;
const SCHEMA = 'vendor.acme.order.intake.schema.json';
const CHROMIUM = process.env.OPENWOP_CHROMIUM || '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const MB = 2 ** 20;

export async function measure({runs = 15} = {}) {
  const load = (path) => import(pathToFileURL(join(ROOT, 'dist', 'src', ...path.split('/'))).href);
  const {format} = await load('report/formatters/html.js');
  const {makeFormatContext} = await load('report/format-context.js');
  const {allRules} = await load('rule-catalog.js');
  const rules = await allRules();

  // The findings come from the real lint run (exit 1: it finds problems); the formatter is then timed on its report.
  const project = mkdtempSync(join(tmpdir(), 'openwop-bench-html-'));
  mkdirSync(join(project, '.git'));
  writeFileSync(join(project, SCHEMA), schemaText());
  const report = JSON.parse(runProcess([BIN, 'lint', 'schema', SCHEMA, '--format', 'json'], {cwd: project, okCodes: [1]}).stdout);
  const findings = report.results.reduce((n, r) => n + r.findings.length, 0);
  const sources = new Map([[SCHEMA, readFileSync(join(project, SCHEMA), 'utf8')]]);
  rmSync(project, {recursive: true, force: true});
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
      detail: `a real lint schema run: ${findings} findings over ${PROPERTIES} properties, each with its excerpt; formatter ${build.median.toFixed(0)} ms (median of ${builds.length})`,
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
        if (shown === 0 || shown === document.querySelectorAll('li.finding').length) throw new Error(`the filter showed ${shown} findings`);
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

/** A pretty-printed vendor schema of PROPERTIES optional string properties, each with a description and `maxLength`. */
function schemaText() {
  const properties = {};
  for (let i = 0; i < PROPERTIES; i++) {
    properties[`line_item_${i}_note`] = {type: 'string', description: `Free-text note for order line item ${i}, as the customer typed it`, maxLength: 500};
  }
  return JSON.stringify({$schema: 'https://json-schema.org/draft/2020-12/schema', $id: 'https://acme.example/schemas/order.intake', type: 'object', properties}, null, 2);
}
