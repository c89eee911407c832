import {mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {expandInputs} from '../../src/io/inputs.js';
import {tempDir} from '../helpers/cli.js';

function tree(): string {
  const dir = tempDir();
  mkdirSync(join(dir, 'a/b'), {recursive: true});
  mkdirSync(join(dir, 'node_modules/x'), {recursive: true});
  mkdirSync(join(dir, '.git'), {recursive: true});
  writeFileSync(join(dir, 'a/one.json'), '{}');
  writeFileSync(join(dir, 'a/b/two.ndjson'), '{}');
  writeFileSync(join(dir, 'a/b/notes.txt'), 'x');
  writeFileSync(join(dir, 'node_modules/x/skip.json'), '{}');
  writeFileSync(join(dir, '.git/skip.json'), '{}');
  return dir;
}

const exts = ['.json', '.ndjson'];

describe('expandInputs', () => {
  it('walks folders recursively, by extension, skipping node_modules and .git', async () => {
    const dir = tree();
    const {sources, problems} = await expandInputs(['.'], {cwd: dir, extensions: exts});
    expect(problems).toEqual([]);
    expect(sources.map((s) => s.display)).toEqual(['a/b/two.ndjson', 'a/one.json']);
  });

  it('survives a symlink loop', async () => {
    const dir = tree();
    symlinkSync(join(dir, 'a'), join(dir, 'a/b/loop'));
    symlinkSync(dir, join(dir, 'a/up'));
    const {sources} = await expandInputs([dir], {cwd: dir, extensions: exts});
    expect(sources.map((s) => s.display)).toEqual(['a/b/two.ndjson', 'a/one.json']);
  });

  it('expands globs and reports a glob that matches nothing', async () => {
    const dir = tree();
    const {sources, problems} = await expandInputs(['**/*.json', 'nothing/*.json'], {cwd: dir, extensions: exts});
    expect(sources.map((s) => s.display)).toEqual(['a/one.json']);
    expect(problems).toEqual([expect.objectContaining({ruleId: 'io/no-match'})]);
  });

  it('takes an explicit file whatever its extension, each input once, and stdin as -', async () => {
    const dir = tree();
    const {sources} = await expandInputs(['a/b/notes.txt', 'a/one.json', './a/one.json', '-', '-'], {cwd: dir, extensions: exts});
    expect(sources.map((s) => s.display)).toEqual(['a/b/notes.txt', 'a/one.json', '<stdin>']);
  });

  it('reports a missing path', async () => {
    const {problems} = await expandInputs(['missing.json'], {cwd: tempDir(), extensions: exts});
    expect(problems).toEqual([{display: 'missing.json', ruleId: 'io/not-found', message: 'no such file or folder: missing.json'}]);
  });

  it('honours ignore globs', async () => {
    const dir = tree();
    const {sources} = await expandInputs(['.'], {cwd: dir, extensions: exts, ignore: ['a/b/**']});
    expect(sources.map((s) => s.display)).toEqual(['a/one.json']);
  });
  it("applies an ignore file's anchored and unanchored patterns below a dot-named folder, however the folder is spelled", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, '.data/x'), {recursive: true});
    writeFileSync(join(dir, '.gitignore'), '/.data/x/skip.json\nlater.json\n');
    for (const f of ['keep.json', 'skip.json', 'later.json']) writeFileSync(join(dir, '.data/x', f), '{}');
    for (const arg of ['.data', '.data/./x', '.data/x/../x']) {
      const {sources} = await expandInputs([arg], {cwd: dir, extensions: exts});
      expect(sources.map((s) => s.display)).toEqual(['.data/x/keep.json']);
    }
  });
});
