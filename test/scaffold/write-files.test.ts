import {existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {UserError} from '../../src/core/user-error.js';
import {inspectTargets, writeFilesAtomically} from '../../src/scaffold/write-files.js';
import {tempDir} from '../helpers/cli.js';

const display = (p: string) => p;
// The project root: '/' here, where no folder is out of bounds (the refusal outside it has its own test).
const opts = (force = false) => ({force, display, folderRoots: ['/']});
const inFolder = (folder: string, paths: string[]) => paths.map((path) => ({path, folder}));

describe('inspectTargets: every refusal happens before anything is written', () => {
  it('names every existing target, and refuses without --force', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.json'), 'mine');
    writeFileSync(join(dir, 'b.json'), 'mine too');
    const targets = [join(dir, 'a.json'), join(dir, 'b.json'), join(dir, 'c.json')];
    await expect(inspectTargets(inFolder(dir, targets), opts())).rejects.toThrow(`${join(dir, 'a.json')}, ${join(dir, 'b.json')} exist already: nothing was written`);
    const state = await inspectTargets(inFolder(dir, targets), opts(true));
    expect([...state.values()]).toEqual([true, true, false]);
  });

  it('refuses a target outside the output folder', async () => {
    const dir = tempDir();
    await expect(inspectTargets(inFolder(join(dir, 'out'), [join(dir, 'elsewhere.json')]), opts())).rejects.toThrow(/outside the output folder/);
    await expect(inspectTargets(inFolder(join(dir, 'out'), [join(dir, 'out', '..', 'x.json')]), opts())).rejects.toThrow(/outside the output folder/);
    // Each file is held to its own folder: an example may not land in the schema folder, nor the reverse.
    const both = [
      {path: join(dir, 'schemas', 'k.schema.json'), folder: join(dir, 'schemas')},
      {path: join(dir, 'schemas', 'k.valid.json'), folder: join(dir, 'examples')},
    ];
    await expect(inspectTargets(both, opts())).rejects.toThrow(/k\.valid\.json": it is outside the output folder "[^"]*examples"/);
    await expect(inspectTargets(both.slice(0, 1), opts())).resolves.toBeDefined();
  });

  it('refuses an output folder that is a file, an ancestor that is a file, and a folder in place of a target', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'file'), '');
    await expect(inspectTargets(inFolder(join(dir, 'file'), [join(dir, 'file', 'k.json')]), opts(true))).rejects.toThrow(/"[^"]*file" is a file, not a folder/);
    await expect(inspectTargets(inFolder(join(dir, 'file', 'sub'), [join(dir, 'file', 'sub', 'k.json')]), opts(true))).rejects.toThrow(/cannot create the folder "[^"]*sub": "[^"]*file" is a file/);
    mkdirSync(join(dir, 'k.json'));
    await expect(inspectTargets(inFolder(dir, [join(dir, 'k.json')]), opts(true))).rejects.toThrow(/a folder of that name is in the way/);
  });
});

describe('writeFilesAtomically: all files or none', () => {
  it('writes files and the folders they need', async () => {
    const dir = tempDir();
    const files = [
      {path: join(dir, 'out', 'a.json'), content: 'A'},
      {path: join(dir, 'out', 'examples', 'b.json'), content: 'B'},
    ];
    await writeFilesAtomically(files, opts());
    expect(readFileSync(files[0].path, 'utf8')).toBe('A');
    expect(readFileSync(files[1].path, 'utf8')).toBe('B');
    expect(readdirSync(join(dir, 'out')).sort()).toEqual(['a.json', 'examples']);
  });

  it('a file that appears after the check is never replaced, and what this call placed is removed again', async () => {
    const dir = tempDir();
    const a = join(dir, 'a.json');
    const b = join(dir, 'b.json');
    writeFileSync(b, 'theirs');
    await expect(
      writeFilesAtomically(
        [
          {path: a, content: 'A'},
          {path: b, content: 'B'},
        ],
        opts(),
      ),
    ).rejects.toThrow(/b\.json" appeared while writing: nothing was written/);
    expect(readFileSync(b, 'utf8')).toBe('theirs');
    expect(readdirSync(dir)).toEqual(['b.json']);
  });

  it('a failure while writing removes the temp files and the folders it created', async () => {
    const dir = tempDir();
    // /proc exists and is a folder, but the kernel refuses new files in it: a real read-only place even for root.
    const files = [
      {path: join(dir, 'new', 'a.json'), content: 'A'},
      {path: '/proc/openwop-scaffold-test.json', content: 'B'},
    ];
    const error = await writeFilesAtomically(files, opts()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as Error).message).toMatch(/cannot write "\/proc\/openwop-scaffold-test\.json": .*nothing was written/);
    expect(existsSync(join(dir, 'new'))).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a folder the file system will not create is refused, without hanging (Node 20 mkdir -p loops on /proc)', async () => {
    const dir = tempDir();
    const files = [
      {path: join(dir, 'ok', 'a.json'), content: 'A'},
      {path: '/proc/openwop-scaffold-test/deeper/b.json', content: 'B'},
    ];
    await expect(writeFilesAtomically(files, opts())).rejects.toThrow(/cannot create the folder "\/proc\/openwop-scaffold-test": .*\(ENOENT\); nothing was written/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('--force replaces a file whole and keeps its permissions', async () => {
    const dir = tempDir();
    const a = join(dir, 'a.json');
    writeFileSync(a, 'old', {mode: 0o640});
    await writeFilesAtomically([{path: a, content: 'new'}], opts(true));
    expect(readFileSync(a, 'utf8')).toBe('new');
    expect(statSync(a).mode & 0o777).toBe(0o640);
    expect(readdirSync(dir)).toEqual(['a.json']);
  });
});
