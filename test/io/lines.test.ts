import {describe, expect, it} from 'vitest';
import {readLines} from '../../src/io/lines.js';

async function collect(chunks: string[], max = 1024) {
  const out = [];
  for await (const l of readLines((async function* () {
    for (const c of chunks) yield Buffer.from(c);
  })(), max)) out.push(l);
  return out;
}

describe('readLines', () => {
  it('splits across chunk boundaries, strips CRLF, skips blank lines, keeps true line numbers', async () => {
    const lines = await collect(['{"a"', ':1}\r\n\r\n  \n{"b":2}\n', '{"c"', ':3}']);
    expect(lines.map((l) => [l.number, l.text, Boolean(l.unterminated)])).toEqual([
      [1, '{"a":1}', false],
      [4, '{"b":2}', false],
      [5, '{"c":3}', true],
    ]);
  });
  it('drops an over-long line without buffering it and goes on with the next', async () => {
    const lines = await collect(['{"ok":1}\n', 'x'.repeat(600), 'y'.repeat(600), '\n{"ok":2}\n'], 1000);
    expect(lines.map((l) => [l.number, l.tooLong ?? false, l.size])).toEqual([
      [1, false, 8],
      [2, true, 1200],
      [3, false, 8],
    ]);
  });
  it('flags a line with invalid UTF-8', async () => {
    const out = [];
    for await (const l of readLines((async function* () {
      yield Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff]), Buffer.from('"}\n')]);
    })(), 100)) out.push(l);
    expect(out[0]).toMatchObject({number: 1, invalidUtf8: true});
  });
});
