import {readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {Readable} from 'node:stream';
import {describe, expect, it} from 'vitest';
import {READ_AHEAD_CHARS, READ_AHEAD_ITEMS} from '../../src/io/read-ahead.js';
import {lintSchemaFile, lintSchemaInputs, type LintFileResult} from '../../src/lint/run.js';
import {tempProject} from '../helpers/cli.js';

const open = JSON.stringify({type: 'object', properties: {a: {type: 'string'}}}, null, 2);
const clean = JSON.stringify({type: 'object', properties: {a: {type: 'string'}}, required: ['a'], additionalProperties: false}, null, 2);

/**
 * Lints s0.json … s{n-1}.json (each `open`, with a description of `pad` characters), rewriting s1.json and s{later}.json
 * as `clean` when the first result comes in.
 */
async function lintRewriting(n: number, later: number, fix?: 'write' | 'dry-run', pad = 0): Promise<LintFileResult[]> {
  const text = JSON.stringify({...(JSON.parse(open) as object), description: 'x'.repeat(pad)});
  const files = Object.fromEntries(Array.from({length: n}, (_, i) => [`s${i}.json`, text]));
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

  it('a stretch ends at the file that takes it to the characters allowed', async () => {
    // Three files of just over a third of the bound each: the third crosses it, so the fourth starts the next stretch.
    const results = await lintRewriting(5, 3, undefined, Math.ceil(READ_AHEAD_CHARS / 3));
    expect(results.map((r) => r.findings.length)).toEqual([2, 2, 2, 0, 2]);
  });

  it('gives each file the result a lint of that file alone gives, whatever fails to read or is passed over around it', async () => {
    const big = JSON.stringify({...(JSON.parse(open) as object), description: 'x'.repeat(500)});
    const dir = tempProject({
      'mix/a.schema.json': open,
      'mix/b.json': JSON.stringify({name: 'not a schema'}),
      'mix/c.json': '',
      'mix/e.json': big,
      'mix/f.json': open,
      'mix/g.json': clean,
      'h.json': open,
    });
    writeFileSync(join(dir, 'mix/d.json'), Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]));
    const options = {cwd: dir, maxDocumentBytes: 400};
    const r = await lintSchemaInputs(['mix', '-', 'h.json'], {...options, stdin: Readable.from([open]), onNotes: () => rmSync(join(dir, 'mix/f.json'))});
    expect(r.results.map((x) => x.file)).toEqual(['mix/a.schema.json', 'mix/c.json', 'mix/d.json', 'mix/e.json', 'mix/f.json', 'mix/g.json', '<stdin>', 'h.json']);
    expect(r.summary.skipped).toBe(1);
    expect(r.fatal).toBe(true);
    for (const result of r.results) {
      if (result.file === '<stdin>') expect(result.findings.map((f) => f.ruleId).sort()).toEqual(['tier1/additional-properties', 'tier1/all-required']);
      else expect(result).toEqual(await lintSchemaFile(result.file, options));
    }
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
