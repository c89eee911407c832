import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import type * as fsp from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';

// Failures a real disk produces rarely on demand (ENOSPC half-way, EIO on rename), injected under writeOutput.
const fail = vi.hoisted(() => ({on: undefined as undefined | 'write' | 'rename'}));

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof fsp>();
  return {
    ...real,
    open: async (...args: Parameters<typeof real.open>) => {
      const handle = await real.open(...args);
      if (fail.on !== 'write' || args[1] !== 'wx') return handle;
      // A proxy keeps the real handle's other methods working (chmod, sync, close).
      return new Proxy(handle, {
        get(target, prop) {
          if (prop === 'writeFile') {
            return async (text: string) => {
              await target.writeFile(text.slice(0, text.length / 2));
              throw Object.assign(new Error('ENOSPC: no space left on device, write'), {code: 'ENOSPC'});
            };
          }
          const v = Reflect.get(target, prop);
          return typeof v === 'function' ? v.bind(target) : v;
        },
      });
    },
    rename: async (...args: Parameters<typeof real.rename>) => {
      if (fail.on === 'rename') throw Object.assign(new Error('EIO: i/o error, rename'), {code: 'EIO'});
      return real.rename(...args);
    },
  };
});

const {writeOutput} = await import('../../src/report/write-output.js');
const {WriteError} = await import('../../src/io/safe-write.js');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'openwop-fail-'));
});
afterEach(() => {
  fail.on = undefined;
  rmSync(dir, {recursive: true, force: true});
});

describe('writeOutput when the disk fails', () => {
  it.each(['write', 'rename'] as const)('a failed %s leaves the previous report intact and no temp file', async (where) => {
    const target = join(dir, 'report.json');
    writeFileSync(target, 'previous report');
    fail.on = where;
    const err = await writeOutput('n'.repeat(1_000_000), {file: target}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WriteError);
    expect((err as Error).message).toMatch(new RegExp(`^Cannot write ".*report\\.json": .*\\(${where === 'write' ? 'ENOSPC' : 'EIO'}\\)$`));
    expect(readFileSync(target, 'utf8')).toBe('previous report');
    expect(readdirSync(dir)).toEqual(['report.json']);
  });
});
