import {existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, symlinkSync} from 'node:fs';
import type * as fsp from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {describe, expect, it, vi} from 'vitest';

// The race `-o new/r.json` can lose: between the check that `new` would be made inside the project and the mkdir,
// someone who can write in the project puts a link out of it at `new`. It cannot be timed in a test, so the mkdir
// below does what the other writer would: the link first, then the mkdir (which goes through it).
const race = vi.hoisted(() => ({linkTo: undefined as string | undefined}));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof fsp>();
  return {
    ...real,
    mkdir: async (...args: Parameters<typeof real.mkdir>) => {
      if (race.linkTo !== undefined) await real.symlink(race.linkTo, String(args[0]));
      return real.mkdir(...args);
    },
  };
});

const {writeFileSafely, WriteError} = await import('../../src/io/safe-write.js');

describe('a folder -o creates', () => {
  it('is resolved again once made: a link out of the project swapped in meanwhile refuses the write', async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'openwop-race-root-')));
    const outside = realpathSync(mkdtempSync(join(tmpdir(), 'openwop-race-out-')));
    race.linkTo = outside;
    try {
      const write = writeFileSafely(join(root, 'new', 'r.json'), '{}', {mode: 'replace', folderRoot: root});
      await expect(write).rejects.toThrow(WriteError);
      await expect(write).rejects.toThrow(`leads outside the project (to "${outside}")`);
    } finally {
      race.linkTo = undefined;
    }
    expect(readdirSync(outside)).toEqual([]);
    // Without the swap the folder is made and written in.
    mkdirSync(join(root, 'other'));
    symlinkSync('other', join(root, 'inner'));
    await writeFileSafely(join(root, 'inner', 'sub', 'r.json'), '{}', {mode: 'replace', folderRoot: root});
    expect(existsSync(join(root, 'other', 'sub', 'r.json'))).toBe(true);
  });
});
