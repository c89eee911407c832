import {existsSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import puppeteer, {type Browser, type Page} from 'puppeteer-core';

// Debian's chromium driven by puppeteer-core (which downloads no browser). Found through OPENWOP_CHROMIUM (.ci/run
// sets it) or /usr/bin/chromium; without it the tests fail, never skip. Every profile is a fresh temp folder, and the
// flags keep the browser from reaching the network on its own (updates, sync, QUIC probes).

export const CHROMIUM = process.env.OPENWOP_CHROMIUM || '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function launchChromium(): Promise<{browser: Browser; close: () => Promise<void>}> {
  if (!existsSync(CHROMIUM)) throw new Error(`chromium not found at ${CHROMIUM}: install Debian's chromium (apt-get install chromium) or set OPENWOP_CHROMIUM`);
  const profile = mkdtempSync(join(tmpdir(), 'openwop-chromium-'));
  const browser = await puppeteer.launch({executablePath: CHROMIUM, headless: true, pipe: true, args: [...FLAGS, `--user-data-dir=${profile}`]});
  return {
    browser,
    close: async () => {
      await browser.close();
      rmSync(profile, {recursive: true, force: true});
    },
  };
}

/** What a page did that a report must never make it do: run script from input, open a dialog, ask for anything but itself. */
export interface PageWatch {
  errors: string[];
  dialogs: string[];
  console: string[];
  requests: string[];
}

/** Opens `file` from file:// with every request but the file's own refused (and noted), and every error, dialog and console message noted. */
export async function openReport(browser: Browser, file: string, viewport = {width: 1280, height: 900}): Promise<{page: Page; watch: PageWatch}> {
  const page = await browser.newPage();
  await page.setViewport(viewport);
  const url = pathToFileURL(file).href;
  const watch: PageWatch = {errors: [], dialogs: [], console: [], requests: []};
  page.on('pageerror', (e) => watch.errors.push(String(e)));
  page.on('console', (m) => watch.console.push(`${m.type()}: ${m.text()}`));
  page.on('dialog', (d) => {
    watch.dialogs.push(d.message());
    void d.dismiss();
  });
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (request.url() === url) return void request.continue();
    watch.requests.push(request.url());
    void request.abort();
  });
  await page.goto(url, {waitUntil: 'load'});
  return {page, watch};
}
