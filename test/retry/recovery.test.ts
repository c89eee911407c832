import {describe, expect, it} from 'vitest';
import {braceWalker} from '../../src/retry/recovery/brace-walker.js';
import {loadRecoveries} from '../../src/retry/recovery/index.js';
import {markdownFence} from '../../src/retry/recovery/markdown-fence.js';

describe('markdown-fence', () => {
  it('takes the first fenced block that parses, with its byte offset', () => {
    expect(markdownFence.recover('Sure:\n```json\n{"a":1}\n```')).toEqual({value: {a: 1}, byteOffset: 14});
    expect(markdownFence.recover('```\nnot json\n```\n```json\n[1]\n```')).toEqual({value: [1], byteOffset: 25});
    expect(markdownFence.recover('é```json\n{"a":1}\n```')?.byteOffset).toBe(10);
  });

  it('gives up on unfenced or unparseable text', () => {
    expect(markdownFence.recover('{"a":1}')).toBeNull();
    expect(markdownFence.recover('```json\n{"a":\n```')).toBeNull();
  });
});

describe('brace-walker', () => {
  it('finds the balanced JSON inside prose, ignoring brackets in strings', () => {
    expect(braceWalker.recover('Here: {"a":"}{","b":[1,{"c":2}]} done')).toEqual({value: {a: '}{', b: [1, {c: 2}]}, byteOffset: 6});
    expect(braceWalker.recover('list [1, 2] end')).toEqual({value: [1, 2], byteOffset: 5});
  });

  it('skips an opening brace that does not lead to JSON and tries the next', () => {
    expect(braceWalker.recover('use {braces} like {"a":1}')).toEqual({value: {a: 1}, byteOffset: 18});
  });

  it('returns null for cut-off JSON and for text without brackets', () => {
    expect(braceWalker.recover('{"a": [1, 2')).toBeNull();
    expect(braceWalker.recover('no json here')).toBeNull();
  });

  it('stays linear on long unbalanced input', () => {
    const started = performance.now();
    expect(braceWalker.recover('{'.repeat(200_000))).toBeNull();
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('jsonrepair (loaded on demand)', () => {
  it('repairs what the other paths cannot: single quotes, trailing commas, comments', async () => {
    const [repair] = await loadRecoveries(['jsonrepair']);
    expect(repair.path).toBe('jsonrepair');
    expect(repair.recover("{'a': 1, 'b': [2,],} // done")).toEqual({value: {a: 1, b: [2]}, byteOffset: 0});
  });

  it('keeps the order the host tries its paths in', async () => {
    expect((await loadRecoveries(['jsonrepair', 'markdown-fence', 'brace-walker'])).map((r) => r.path)).toEqual(['jsonrepair', 'markdown-fence', 'brace-walker']);
  });
});
