// outputBlocks: a report handed over a file at a time goes to a stream in blocks of OUTPUT_BLOCK_BYTES as they fill
// (a small report in one write, at the end), and to a file only at the end, whole.
import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {Writable} from 'node:stream';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {OUTPUT_BLOCK_BYTES, outputBlocks} from '../../src/report/write-output.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'openwop-blocks-'));
});
afterEach(() => rmSync(dir, {recursive: true, force: true}));

/** A stream that records each write it is given. */
function recorder(): {stream: Writable; writes: string[]} {
  const writes: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writes.push(chunk.toString());
      done();
    },
  });
  return {stream, writes};
}

const line = `${'x'.repeat(1023)}\n`;

describe('outputBlocks', () => {
  it('sends a block to the stream once one is full, and the rest at the end', async () => {
    const {stream, writes} = recorder();
    const out = outputBlocks(() => ({stream}));
    for (let i = 0; i < 200; i++) out.write(line);
    expect(writes).toEqual([line.repeat(OUTPUT_BLOCK_BYTES / line.length)]);
    await out.end('end\n');
    expect(writes.join('')).toBe(line.repeat(200) + 'end\n');
  });

  it('writes a report smaller than a block once, at the end', async () => {
    const {stream, writes} = recorder();
    const out = outputBlocks(() => ({stream}));
    for (let i = 0; i < 10; i++) out.write(line);
    expect(writes).toEqual([]);
    await out.end('end\n');
    expect(writes).toEqual([line.repeat(10) + 'end\n']);
  });

  it('writes -o FILE whole at the end, never a part of it before', async () => {
    const file = join(dir, 'report.txt');
    const out = outputBlocks(() => ({file}));
    for (let i = 0; i < 200; i++) out.write(line);
    expect(existsSync(file)).toBe(false);
    await out.end('end\n');
    expect(readFileSync(file, 'utf8')).toBe(line.repeat(200) + 'end\n');
    expect(readdirSync(dir)).toEqual(['report.txt']);
  });
});
