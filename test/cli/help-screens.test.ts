import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {ROOT, runCli} from '../helpers/cli.js';

/** Each command and its docs page (docs/commands/<page>.md), which holds what does not fit a screen of --help. */
const PAGES: Record<string, string> = {
  'lint schema': 'lint-schema',
  'validate envelope': 'validate-envelope',
  'validate pack': 'validate-pack',
  'validate bundle': 'validate-bundle',
  'probe host': 'probe-host',
  'simulate retry': 'simulate-retry',
  'scaffold kind': 'scaffold-kind',
  'export schema': 'export-schema',
  init: 'init',
  lsp: 'lsp',
};

const SCREEN = 60;
const docsBase = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {ruleDocsBaseUrl: string}).ruleDocsBaseUrl;

describe('--help fits a screen and links the docs page', () => {
  it('openwop --help', async () => {
    const r = await runCli(['--help'], {env: {COLUMNS: '80'}});
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').length).toBeLessThan(SCREEN);
  });

  for (const [id, page] of Object.entries(PAGES)) {
    it(`${id}: under ${SCREEN} lines piped, with examples and the link to docs/commands/${page}.md`, async () => {
      const r = await runCli([...id.split(' '), '--help'], {env: {COLUMNS: '80'}});
      expect(r.code).toBe(0);
      expect(r.stdout.trimEnd().split('\n').length).toBeLessThan(SCREEN);
      expect(r.stdout).toMatch(/^EXAMPLES\n\s+(\$ openwop |\S.*\| openwop )/m);
      // The URL sits at package.json's docs base (a fork's own pages), on one line: a wrapped URL cannot be followed.
      expect(r.stdout).toContain(new URL(`../commands/${page}.md`, docsBase).href);
      expect(existsSync(join(ROOT, 'docs', 'commands', `${page}.md`))).toBe(true);
    });
  }

  it('every docs page links only pages that exist', () => {
    for (const page of [...Object.values(PAGES), 'shared']) {
      const text = readFileSync(join(ROOT, 'docs', 'commands', `${page}.md`), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([a-z-]+\.md)(?:#[a-z-]+)?\)/g)) expect(existsSync(join(ROOT, 'docs', 'commands', target)), `${page}.md → ${target}`).toBe(true);
    }
  });
});
