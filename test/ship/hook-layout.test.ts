// The hooks' `files`/`exclude` patterns and scaffold kind's default folders describe one layout: each file the
// scaffold writes reaches exactly the hook meant for it. (test/ship/pre-commit.test.ts checks the same through the
// real framework; this fails in seconds, in `npm test`.)
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join, relative} from 'node:path';
import {describe, expect, it} from 'vitest';
import {DEFAULT_EXAMPLES_OUT, DEFAULT_OUT, kindFilePaths} from '../../src/scaffold/index.js';
import {ROOT, runCli, tempDir} from '../helpers/cli.js';

interface Hook {
  id: string;
  entry?: string;
  files?: RegExp;
  exclude?: RegExp;
}

/** The hooks' ids and patterns; the file is ours and flat, one `key: value` per line. pre-commit uses Python's re.search. */
function hooks(): Hook[] {
  const list: Hook[] = [];
  for (const line of readFileSync(join(ROOT, '.pre-commit-hooks.yaml'), 'utf8').split('\n')) {
    const id = /^- id: (\S+)$/.exec(line);
    if (id) list.push({id: id[1]});
    const pattern = /^ {2}(files|exclude): (.+)$/.exec(line);
    if (pattern) list[list.length - 1][pattern[1] as 'files' | 'exclude'] = new RegExp(pattern[2]);
    const entry = /^ {2}entry: (.+)$/.exec(line);
    if (entry) list[list.length - 1].entry = entry[1];
  }
  return list;
}

function hooksFor(path: string): string[] {
  return hooks()
    .filter((h) => h.files?.test(path) && !h.exclude?.test(path))
    .map((h) => h.id);
}

describe('the default layout and the pre-commit hooks agree', () => {
  const cwd = '/project';
  const files = kindFilePaths(join(cwd, DEFAULT_OUT), join(cwd, DEFAULT_EXAMPLES_OUT), 'vendor.acme.plan.create');
  const rel = (p: string) => relative(cwd, p).split('\\').join('/');

  it('reads three hooks with their patterns', () => {
    expect(hooks().map((h) => [h.id, Boolean(h.files)])).toEqual([
      ['openwop-lint-schema', true],
      ['openwop-validate-envelope', true],
      ['openwop-validate-pack', true],
    ]);
  });

  it.each([
    [rel(files.schema), ['openwop-lint-schema']],
    [rel(files['valid-example']), ['openwop-validate-envelope']],
    // The example that fails on purpose is left out; validate it by hand, expecting exit 1.
    [rel(files['invalid-example']), []],
    ['recordings/run.ndjson', ['openwop-validate-envelope']],
    ['envelopes/2026/run-42.json', ['openwop-validate-envelope']],
    ['schemas/envelopes/shared-defs.json', []],
    ['packs/webhook/pack.json', ['openwop-validate-pack']],
    ['packs/webhook/schemas/node.schema.json', ['openwop-lint-schema']],
    ['openwop.config.json', []],
  ])('%s → %j', (path, expected) => {
    expect(hooksFor(path)).toEqual(expected);
  });
});

describe('a hook whose staged files the config ignores', () => {
  // Nothing to check is exit 2 (io/no-match); a commit touching only ignored files must still go through.
  it.each([
    ['openwop-lint-schema', 'generated/x.schema.json'],
    ['openwop-validate-envelope', 'generated/envelopes/x.json'],
    ['openwop-validate-pack', 'generated/pack.json'],
  ])('%s passes %s, which the config ignores, and exits 0 with a note', async (id, file) => {
    const dir = tempDir();
    mkdirSync(join(dir, '.git'));
    mkdirSync(join(dir, file, '..'), {recursive: true});
    writeFileSync(join(dir, 'openwop.config.json'), JSON.stringify({ignore: ['generated/**']}));
    writeFileSync(join(dir, file), '{}');
    const hook = hooks().find((h) => h.id === id);
    const [bin, ...args] = (hook?.entry ?? '').split(' ');
    expect(bin).toBe('openwop');
    const r = await runCli([...args, file], {cwd: dir});
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('--no-error-on-unmatched-pattern');
  });
});
