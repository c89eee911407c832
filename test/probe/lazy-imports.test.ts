import {spawnSync} from 'node:child_process';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {describe, expect, it} from 'vitest';
import {ROOT} from '../helpers/cli.js';

/** A loader hook that makes any import of undici or ora fail, so a top-level import shows up as an error. */
const HOOK = `data:text/javascript,${encodeURIComponent('export async function resolve(s, c, next) { if (s === "undici" || s === "ora") throw new Error("eager import of " + s); return next(s, c); }')}`;

function importWithHook(files: string[]): {status: number | null; stderr: string} {
  const script = `import {register} from 'node:module';
register(${JSON.stringify(HOOK)});
for (const f of ${JSON.stringify(files.map((f) => (f.includes('/') ? pathToFileURL(join(ROOT, f)).href : f)))}) await import(f);`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {encoding: 'utf8', cwd: ROOT});
  return {status: r.status, stderr: r.stderr};
}

describe('undici and ora are loaded only when a request is made', () => {
  it('the hook itself catches a direct import (control)', () => {
    const r = importWithHook(['undici']);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/eager import of undici/);
  });

  it('the probe library, the probe command module and the capabilities reader import neither at load', () => {
    const r = importWithHook(['dist/src/probe/index.js', 'dist/src/capabilities/load.js', 'dist/commands/probe/host.js']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
});
