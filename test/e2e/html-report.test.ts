// The html reports in a real browser: Debian's chromium (test/e2e/chromium.ts) opens each command's report from
// file://, and the test checks what a reader sees — the counts, the groups, the excerpts, a filter applied and cleared,
// the command's own view — and that nothing from input runs. Screenshots go to docs/images/ (the README shows them).
import {mkdirSync, writeFileSync} from 'node:fs';
import type {Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {join} from 'node:path';
import type {Browser, Page} from 'puppeteer-core';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {buildReport} from '../../src/report/report.js';
import {format as html} from '../../src/report/formatters/html.js';
import {makeFormatContext} from '../../src/report/format-context.js';
import {ROOT, runCli, tempDir, tempProject} from '../helpers/cli.js';
import {launchChromium, openReport, type PageWatch} from './chromium.js';
// @ts-expect-error: the example host is plain JavaScript
import {exampleHost} from '../../examples/hosts/serve.mjs';

const IMAGES = join(ROOT, 'docs', 'images');
const RECORDINGS = 'examples/recordings';

let browser: Browser;
let close: () => Promise<void>;
let out: string;
let host: Server;
let hostUrl = '';

beforeAll(async () => {
  ({browser, close} = await launchChromium());
  out = tempDir('openwop-html-');
  mkdirSync(IMAGES, {recursive: true});
  host = exampleHost() as Server;
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await close?.();
  await new Promise<void>((resolve) => (host ? host.close(() => resolve()) : resolve()));
});

interface JsonReport {
  summary: {files: number; errors: number; warnings: number; infos: number};
  results: {file: string; findings: {ruleId: string; severity: string}[]}[];
}

/** The command's html report written with -o, and its json report for the expected counts. */
async function report(name: string, args: string[], cwd = ROOT): Promise<{file: string; json: JsonReport}> {
  const file = join(out, `${name}.html`);
  const written = await runCli([...args, '--format', 'html', '-o', file], {cwd});
  expect(written.stderr).not.toMatch(/Error/);
  const json = await runCli([...args, '--format', 'json'], {cwd});
  return {file, json: JSON.parse(json.stdout) as JsonReport};
}

function expectQuiet(watch: PageWatch): void {
  expect(watch.errors).toEqual([]);
  expect(watch.dialogs).toEqual([]);
  expect(watch.requests).toEqual([]);
  expect(watch.console).toEqual([]);
}

const visible = (page: Page, selector: string) => page.$$eval(selector, (els) => els.filter((e) => (e as unknown as {offsetParent: unknown}).offsetParent !== null).length);
const count = (page: Page, kind: string) => page.$eval(`[data-count="${kind}"] b`, (b) => Number(b.textContent));
const shownLine = (page: Page) => page.$eval('#f-count', (e) => e.textContent);

async function expectCounts(page: Page, json: JsonReport): Promise<void> {
  expect(await count(page, 'files')).toBe(json.summary.files);
  expect(await count(page, 'error')).toBe(json.summary.errors);
  expect(await count(page, 'warning')).toBe(json.summary.warnings);
  expect(await count(page, 'info')).toBe(json.summary.infos);
  const findings = json.results.reduce((n, r) => n + r.findings.length, 0);
  expect(await page.$$eval('li.finding', (els) => els.length)).toBe(findings);
  // Blocks, not list items: Chromium renumbers a list after each item hidden, which made a 10,000-finding filter take 20 s.
  expect(await page.$$eval('li.finding', (els) => els.filter((e) => (globalThis as unknown as {getComputedStyle(e: unknown): {display: string}}).getComputedStyle(e).display !== 'block').length)).toBe(
    0,
  );
  expect(await shownLine(page)).toBe(`${findings} of ${findings} findings shown`);
}

describe('html report in chromium', () => {
  it('lint schema: counts, groups by file and by rule, excerpts, filters applied and cleared', async () => {
    const {file, json} = await report('lint-schema', ['lint', 'schema', 'examples/schemas/violations', 'examples/schemas/clean']);
    const {page, watch} = await openReport(browser, file);
    await expectCounts(page, json);
    const withFindings = json.results.filter((r) => r.findings.length > 0).length;
    expect(await visible(page, '#by-file > .group')).toBe(withFindings);
    // Every finding in a file has an excerpt with its line numbered and its range marked.
    const excerpts = await page.$$eval('li.finding pre.src', (els) =>
      els.map((e) => ({marked: e.querySelector('mark')?.textContent ?? '', numbers: [...e.querySelectorAll('i')].map((n) => Number(n.textContent))})),
    );
    expect(excerpts.length).toBe(json.results.reduce((n, r) => n + r.findings.length, 0));
    for (const e of excerpts) {
      expect(e.marked.length).toBeGreaterThan(0);
      expect(e.numbers).toEqual(e.numbers.map((_, i) => e.numbers[0] + i));
    }
    await page.screenshot({path: join(IMAGES, 'report-lint-schema.png')});

    const rules = new Set(json.results.flatMap((r) => r.findings.map((f) => f.ruleId)));
    const ruleIndex = await page.$eval(
      '#f-rule',
      (s, id) => [...(s as unknown as {options: Iterable<{textContent: string | null; value: string}>}).options].find((o) => o.textContent === id)?.value,
      'tier1/all-required',
    );
    const allRequired = json.results.flatMap((r) => r.findings).filter((f) => f.ruleId === 'tier1/all-required').length;
    await page.select('#f-rule', ruleIndex ?? '');
    expect(await visible(page, 'li.finding')).toBe(allRequired);
    expect(await shownLine(page)).toMatch(new RegExp(`^${allRequired} of \\d+ findings shown$`));
    await page.click('#f-clear');
    await page.type('#f-text', 'additionalProperties');
    const byText = await visible(page, 'li.finding');
    expect(byText).toBeGreaterThan(0);
    expect(byText).toBeLessThan(excerpts.length);
    await page.click('#f-clear');
    expect(await visible(page, 'li.finding')).toBe(excerpts.length);

    await page.click('#g-rule');
    expect(await visible(page, '#by-rule > .group')).toBe(rules.size);
    expect(await visible(page, '#by-file')).toBe(0);
    expect(await visible(page, 'li.finding')).toBe(excerpts.length);
    expect(await page.$$eval('#by-rule a.docs', (as) => as.every((a) => (a.getAttribute('href') ?? '').startsWith('https://')))).toBe(true);
    await page.select('#f-severity', 'info');
    expect(await visible(page, '#by-rule > .group')).toBe(0);
    await page.click('#f-clear');
    await page.click('#g-file');
    expect(await visible(page, '#by-file > .group')).toBe(withFindings);
    expectQuiet(watch);
  });

  it('validate envelope: stream findings with their lines', async () => {
    const {file, json} = await report('validate-envelope', ['validate', 'envelope', 'examples/envelopes']);
    const {page, watch} = await openReport(browser, file);
    await expectCounts(page, json);
    expect(await page.$$eval('li.finding pre.src mark', (els) => els.length)).toBeGreaterThan(0);
    await page.screenshot({path: join(IMAGES, 'report-validate-envelope.png')});
    expectQuiet(watch);
  });

  it("validate pack: each pack's gate verdict", async () => {
    const {file, json} = await report('validate-pack', ['validate', 'pack', 'examples/packs/webhook', 'examples/packs/webhook-defective', '--grant', 'net.dns,net.outbound']);
    const {page, watch} = await openReport(browser, file);
    await expectCounts(page, json);
    const gates = await page.$$eval('.gate .pill', (els) => els.map((e) => e.textContent));
    expect(gates).toHaveLength(2);
    for (const g of gates) expect(g).toMatch(/^gate: (installs|refused|not reached|not installed)$/);
    await page.screenshot({path: join(IMAGES, 'report-validate-pack.png')});
    expectQuiet(watch);
  });

  it('validate bundle', async () => {
    const {file, json} = await report('validate-bundle', ['validate', 'bundle', 'examples/bundles/acme.bundle-v3.json']);
    const {page, watch} = await openReport(browser, file);
    await expectCounts(page, json);
    await page.screenshot({path: join(IMAGES, 'report-validate-bundle.png')});
    expectQuiet(watch);
  });

  it("probe host: the document's families and derived profiles", async () => {
    const {file, json} = await report('probe-host', ['probe', 'host', hostUrl]);
    const {page, watch} = await openReport(browser, file);
    await expectCounts(page, json);
    const profiles = (json.results[0] as unknown as {profiles: string[]}).profiles;
    expect(await page.$$eval('.profiles code', (els) => els.map((e) => e.textContent))).toEqual(profiles);
    expect(await page.$$eval('.family th', (els) => els.length)).toBeGreaterThan(2);
    await page.screenshot({path: join(IMAGES, 'report-probe-host.png')});
    expectQuiet(watch);
  });

  it('simulate retry: a timeline per emission, with lanes, budgets, fragment and outcome', async () => {
    const args = [
      'simulate',
      'retry',
      `${RECORDINGS}/anthropic-conformant-host.har`,
      `${RECORDINGS}/openai-responses-nonconformant-host.har`,
      `${RECORDINGS}/openai-chat-schema-violation`,
      `${RECORDINGS}/anthropic-refusal.json`,
    ];
    const flags = ['--schema', `${RECORDINGS}/ticket.schema.json`, '--provider-ceiling', '150'];
    const {file, json} = await report('simulate-retry', [...args, ...flags]);
    const {page, watch} = await openReport(browser, file);
    await expectCounts(page, json);
    const timelines = await page.$$eval('svg.retry-timeline', (svgs) =>
      svgs.map((s) => ({
        lanes: s.querySelectorAll('.lane').length,
        budgets: [...s.querySelectorAll('.budget-bar')].map((b) => Number(b.getAttribute('data-budget'))),
        fragments: s.querySelectorAll('.fragment').length,
        outcome: s.querySelector('.outcome')?.getAttribute('data-outcome'),
      })),
    );
    const attempts = (json.results as unknown as {outcome: string; attempts: {maxTokens: number | null; correctiveFragment: string | null}[]}[]).map((r) => ({
      lanes: r.attempts.length,
      budgets: r.attempts.flatMap((a) => (a.maxTokens === null ? [] : [a.maxTokens])),
      fragments: r.attempts.filter((a) => a.correctiveFragment !== null).length,
      outcome: r.outcome,
    }));
    expect(timelines).toEqual(attempts);
    // The non-conformant host's trace: the budget doubles on truncation, then stops at the provider ceiling.
    expect(timelines[1]).toEqual({lanes: 3, budgets: [48, 96, 150], fragments: 0, outcome: 'failed'});
    expect(timelines[2].fragments).toBe(1);
    await page.screenshot({path: join(IMAGES, 'report-simulate-retry.png')});
    expectQuiet(watch);

    const svgFile = join(out, 'timeline.svg');
    await runCli([...args, ...flags, '--format', 'svg', '-o', svgFile]);
    const standalone = await openReport(browser, svgFile, {width: 760, height: 900});
    expect(await standalone.page.$$eval('.timeline', (els) => els.length)).toBe(4);
    const size = await standalone.page.$eval('svg', (s) => ({w: Number(s.getAttribute('width')), h: Number(s.getAttribute('height'))}));
    await standalone.page.setViewport({width: size.w, height: size.h});
    await standalone.page.screenshot({path: join(IMAGES, 'retry-timeline.png')});
    expectQuiet(standalone.watch);
  });
});

const HOSTILE = ['<script>alert(1)</script>', '</script><script>alert(2)</script>', '"><img src=x onerror=alert(3)>', 'javascript:alert(4)', '\u202Eevil\u0007'];

describe('html report in chromium: hostile input', () => {
  it('a project whose file names and values are hostile: nothing runs, nothing loads, the text shows escaped', async () => {
    const name = `x"><img src=x onerror=alert(5)><script>alert(6)\u202E.schema.json`;
    const project = tempProject({[name]: {type: 'object', properties: {'</script><script>alert(7)</script>': {type: 'string', pattern: 'javascript:alert(8)', description: HOSTILE.join(' ')}}}});
    const file = join(out, 'hostile-project.html');
    const r = await runCli(['lint', 'schema', '.', '--format', 'html', '-o', file], {cwd: project});
    expect(r.code).toBe(1);
    const {page, watch} = await openReport(browser, file);
    expect(await page.$$eval('img', (els) => els.length)).toBe(0);
    expect(await page.$$eval('script', (els) => els.length)).toBe(1);
    const text = await page.$eval('body', (b) => b.innerText);
    expect(text).toContain('x"><img src=x onerror=alert(5)><script>alert(6)\\u202e.schema.json');
    expect(text).toContain('</script><script>alert(7)</script>');
    expect(text).not.toContain('\u202E');
    expectQuiet(watch);
  });

  it('findings whose messages, file names, pointers and excerpts hold script, markup, javascript: URLs and control characters', async () => {
    const files = HOSTILE.map((h, i) => `${i}-${h}.json`);
    const results = files.map((f, i) => ({
      file: f,
      findings: [
        {
          ruleId: 'tier1/forbidden-keyword',
          severity: 'error' as const,
          message: HOSTILE.join(' | '),
          file: f,
          pointer: `/${HOSTILE[i]}`,
          line: 2,
          column: 3,
          endLine: 2,
          endColumn: 12,
          data: {value: HOSTILE[i]},
        },
        {ruleId: HOSTILE[i], severity: 'warning' as const, message: 'rule id from input', file: f, pointer: '', line: 1, column: 1},
      ],
    }));
    const sources = new Map(files.map((f, i) => [f, `{\n  ${JSON.stringify(HOSTILE[i])}: ${JSON.stringify(HOSTILE.join(''))}\n}`]));
    const file = join(out, 'hostile-findings.html');
    writeFileSync(file, html(buildReport('validate envelope', '0.1.0', results), makeFormatContext({toolVersion: '0.1.0', sources})));
    const {page, watch} = await openReport(browser, file);
    expect(await page.$$eval('img', (els) => els.length)).toBe(0);
    expect(await page.$$eval('script', (els) => els.length)).toBe(1);
    expect(await page.$$eval('a', (as) => as.filter((a) => !(a.getAttribute('href') ?? '').startsWith('https://')).length)).toBe(0);
    const messages = await page.$$eval('li.finding .msg', (els) => els.map((e) => e.textContent));
    expect(messages).toContain('<script>alert(1)</script> | </script><script>alert(2)</script> | "><img src=x onerror=alert(3)> | javascript:alert(4) | \\u202eevil\\u0007');
    const excerpt = await page.$eval('li.finding[data-sev=error] pre.src mark', (m) => m.textContent);
    expect(excerpt).toBe('"<script>');
    // The filters still work over hostile rule ids and file names.
    await page.type('#f-text', '<img');
    // Every error quotes it in its message; one warning's file name and rule id hold it.
    expect(await visible(page, 'li.finding')).toBe(files.length + 1);
    await page.select('#f-severity', 'warning');
    expect(await visible(page, 'li.finding')).toBe(1);
    await page.click('#f-clear');
    await page.click('#g-rule');
    expect(await visible(page, '#by-rule > .group')).toBe(HOSTILE.length + 1);
    await page.screenshot({path: join(IMAGES, 'report-hostile-input.png')});
    expectQuiet(watch);
  });
});
