import {readFileSync, symlinkSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {READ_AHEAD_ITEMS} from '../../src/io/read-ahead.js';
import {lintSchemaInputs, type LintFileResult} from '../../src/lint/run.js';
import {tempProject} from '../helpers/cli.js';

const open = JSON.stringify({type: 'object', properties: {a: {type: 'string'}}}, null, 2);
const clean = JSON.stringify({type: 'object', properties: {a: {type: 'string'}}, required: ['a'], additionalProperties: false}, null, 2);

/** Lints s0.json … s{n-1}.json (each `open`), rewriting s1.json and s{later}.json as `clean` when the first result comes in. */
async function lintRewriting(n: number, later: number, fix?: 'write' | 'dry-run'): Promise<LintFileResult[]> {
  const files = Object.fromEntries(Array.from({length: n}, (_, i) => [`s${i}.json`, open]));
  const dir = tempProject(files);
  const results: LintFileResult[] = [];
  await lintSchemaInputs(Object.keys(files), {
    cwd: dir,
    fix,
    onResult: (result) => {
      if (results.length === 0) for (const i of [1, later]) writeFileSync(join(dir, `s${i}.json`), clean);
      results.push(result);
    },
  });
  return results;
}

describe('lint schema reads files a stretch ahead of their checks', () => {
  it('a file is read before the results of the files ahead of it in its stretch are out', async () => {
    const results = await lintRewriting(3, 2);
    // s1.json was read with s0.json, before the rewrite: its findings are the open schema's.
    expect(results.map((r) => r.findings.length)).toEqual([2, 2, 2]);
    expect(results.map((r) => r.file)).toEqual(['s0.json', 's1.json', 's2.json']);
  });

  it('the next stretch is read only once the run reaches it', async () => {
    const next = READ_AHEAD_ITEMS;
    const results = await lintRewriting(next + 2, next);
    expect(results.map((r) => r.file)).toEqual(Array.from({length: next + 2}, (_, i) => `s${i}.json`));
    // s1.json is in the first stretch, read before the rewrite; s{next}.json starts the second, read after it.
    expect(results.map((r, i) => (r.findings.length === 0 ? i : -1)).filter((i) => i >= 0)).toEqual([next]);
  });

  it('--fix reads each file just before it is fixed, after the files before it were written back', async () => {
    const written = await lintRewriting(3, 1, 'write');
    expect(written.map((r) => r.fixed)).toEqual([2, 0, 2]);
    // A dry run writes nothing back, so it may read ahead.
    const dry = await lintRewriting(3, 1, 'dry-run');
    expect(dry.map((r) => r.fixed)).toEqual([2, 2, 2]);
  });

  it("--fix on two paths to one file (a link) fixes it once: the second path sees the first one's fixes", async () => {
    const dir = tempProject({'a.json': open});
    symlinkSync(join(dir, 'a.json'), join(dir, 'b.json'));
    const r = await lintSchemaInputs(['a.json', 'b.json'], {cwd: dir, fix: 'write'});
    expect(r.results.map((x) => x.fixed)).toEqual([2, 0]);
    expect(r.summary.fixed).toBe(2);
    expect(JSON.parse(readFileSync(join(dir, 'a.json'), 'utf8'))).toEqual({type: 'object', properties: {a: {type: ['string', 'null']}}, additionalProperties: false, required: ['a']});
  });
});
