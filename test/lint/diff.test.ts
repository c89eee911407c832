import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {unifiedDiff} from '../../src/lint/diff.js';

/** Applies a unified diff produced by unifiedDiff (strict: context must match). */
function patch(oldText: string, diff: string): string {
  if (diff === '') return oldText;
  const oldLines = oldText === '' ? [] : oldText.replace(/\n$/, '').split('\n');
  let oldNoEol = oldText !== '' && !oldText.endsWith('\n');
  const out: string[] = [];
  let pos = 0;
  let newNoEol = oldNoEol;
  const lines = diff.replace(/\n$/, '').split('\n').slice(2);
  let lastOp = '';
  for (const line of lines) {
    const h = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@$/.exec(line);
    if (h) {
      const count = h[2] === undefined ? 1 : Number(h[2]);
      const start = count === 0 ? Number(h[1]) : Number(h[1]) - 1;
      while (pos < start) out.push(oldLines[pos++]);
      continue;
    }
    if (line === '\\ No newline at end of file') {
      if (lastOp === '+' || lastOp === ' ') newNoEol = true;
      if (lastOp === '-') oldNoEol = false;
      continue;
    }
    const op = line[0];
    const text = line.slice(1);
    lastOp = op;
    if (op === ' ' || op === '-') {
      expect(oldLines[pos]).toBe(text);
      pos++;
      if (op === ' ') out.push(text);
      if (op === '-' && pos === oldLines.length) newNoEol = false;
    } else out.push(text);
  }
  while (pos < oldLines.length) out.push(oldLines[pos++]);
  void oldNoEol;
  if (out.length === 0) return '';
  return out.join('\n') + (newNoEol ? '' : '\n');
}

describe('unifiedDiff', () => {
  it('prints the standard format with 3 lines of context', () => {
    const a = 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n';
    const b = 'a\nb\nc\nd\nE\nf\ng\nh\ni\nj\nk\n';
    expect(unifiedDiff(a, b, 'x.json')).toBe('--- a/x.json\n+++ b/x.json\n@@ -2,9 +2,10 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n i\n j\n+k\n');
  });

  it('says when a file has no final newline', () => {
    expect(unifiedDiff('a\nb', 'a\nc', 'f')).toBe('--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n');
  });

  it('is empty for equal texts', () => {
    expect(unifiedDiff('x\n', 'x\n', 'f')).toBe('');
  });

  it('round-trips through a patch (property)', () => {
    const lines = fc.array(fc.constantFrom('a', 'b', 'c', '{', '}', '  "x": 1,', ''), {maxLength: 30});
    fc.assert(
      fc.property(lines, lines, fc.boolean(), fc.boolean(), (a, b, ea, eb) => {
        const oldText = a.join('\n') + (a.length && ea ? '\n' : '');
        const newText = b.join('\n') + (b.length && eb ? '\n' : '');
        if (oldText.replace(/\n$/, '') === '' || newText.replace(/\n$/, '') === '') return; // the patch helper does not model empty files
        expect(patch(oldText, unifiedDiff(oldText, newText, 'f'))).toBe(newText);
      }),
      {numRuns: 500},
    );
  });

  it("a change to tens of thousands of scattered lines gives a diff that applies, of the texts' size (one block past the search budget)", () => {
    // Every other line changed over 60,000 lines: the minimal diff's search would keep gigabytes of trace.
    const oldLines = Array.from({length: 60_000}, (_, i) => `  "p${i}": {"type": "string"},`);
    const newLines = oldLines.map((l, i) => (i % 2 === 0 ? l.replace('"string"', '["string", "null"]') : l));
    const oldText = `{\n${oldLines.join('\n')}\n}\n`;
    const newText = `{\n${newLines.join('\n')}\n}\n`;
    const diff = unifiedDiff(oldText, newText, 'f');
    expect(patch(oldText, diff)).toBe(newText);
    expect(diff.length).toBeLessThan(3 * (oldText.length + newText.length));
  });

  it('a few scattered changes in a long text still give the minimal hunks', () => {
    const oldLines = Array.from({length: 20_000}, (_, i) => `line ${i}`);
    const newLines = oldLines.map((l, i) => (i % 5000 === 17 ? `${l} changed` : l));
    const diff = unifiedDiff(`${oldLines.join('\n')}\n`, `${newLines.join('\n')}\n`, 'f');
    expect(diff.split('\n').filter((l) => l.startsWith('@@'))).toEqual(['@@ -15,7 +15,7 @@', '@@ -5015,7 +5015,7 @@', '@@ -10015,7 +10015,7 @@', '@@ -15015,7 +15015,7 @@']);
  });
});
