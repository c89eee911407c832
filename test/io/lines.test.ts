import {describe, expect, it} from 'vitest';
import {isUtf8} from 'node:buffer';
import {Readable} from 'node:stream';
import {readLines} from '../../src/io/lines.js';

async function collect(chunks: string[], max = 1024) {
  const out = [];
  for await (const l of readLines(
    Readable.from(
      (function* () {
        for (const c of chunks) yield Buffer.from(c);
      })(),
    ),
    max,
  ))
    out.push(l);
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
    for await (const l of readLines(
      Readable.from(
        (function* () {
          yield Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff]), Buffer.from('"}\n')]);
        })(),
      ),
      100,
    ))
      out.push(l);
    expect(out[0]).toMatchObject({number: 1, invalidUtf8: true});
  });
});

describe('readLines on large chunks', () => {
  // What line-by-line splitting of the whole stream gives: the reference for the piecewise decoder.
  function expected(bytes: Buffer) {
    const out = [];
    let number = 0;
    for (let start = 0; start < bytes.length;) {
      let nl = bytes.indexOf(0x0a, start);
      const terminated = nl !== -1;
      if (!terminated) nl = bytes.length;
      number++;
      let body = bytes.subarray(start, nl);
      if (body.at(-1) === 0x0d) body = body.subarray(0, -1);
      const text = body.toString('utf8');
      if (text.trim() !== '') out.push({number, text, size: body.length, invalidUtf8: !isUtf8(body), unterminated: !terminated});
      start = nl + 1;
    }
    return out;
  }

  it('gives the same lines, numbers and byte sizes however the stream is cut', async () => {
    const lines: Buffer[] = [];
    for (let i = 0; i < 3000; i++) {
      const text = i % 11 === 0 ? `{"i":${i},"t":"héllo — 漢字 😀 \uFFFD"}` : i % 13 === 0 ? '   ' : `{"i":${i},"pad":"${'x'.repeat(i % 97)}"}`;
      lines.push(Buffer.from(text + (i % 7 === 0 ? '\r\n' : '\n')));
    }
    lines.splice(1500, 0, Buffer.from([0x7b, 0xff, 0x7d, 0x0a]));
    lines.push(Buffer.from('{"last":true}'));
    const bytes = Buffer.concat(lines);
    for (const size of [1 << 20, 70_000, 4093]) {
      const out = [];
      for await (const l of readLines(
        Readable.from(
          (function* () {
            for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
          })(),
        ),
        1 << 20,
      ))
        out.push({number: l.number, text: l.text, size: l.size, invalidUtf8: Boolean(l.invalidUtf8), unterminated: Boolean(l.unterminated)});
      expect(out).toEqual(expected(bytes));
    }
  });
});
