import {availableParallelism} from 'node:os';
import {describe, expect, it} from 'vitest';
import {threadCount} from '../../src/io/worker-pool.js';
import {ReadScope} from '../../src/io/read-scope.js';

describe('threadCount', () => {
  it('keeps a run below the threshold on the main thread, and from it on takes one thread per core but one', () => {
    expect(threadCount(undefined, 199, 200, 8)).toBe(1);
    expect(threadCount(undefined, 200, 200, 8)).toBe(7);
    expect(threadCount(undefined, 200, 200, 2)).toBe(1);
    expect(threadCount(undefined, 200, 200, 1)).toBe(1);
    expect(threadCount(undefined, 5, 2, 8)).toBe(5);
    expect(threadCount(undefined, 10_000, 200)).toBe(Math.max(1, availableParallelism() - 1));
  });

  it('takes an explicit --jobs as asked, whatever the threshold, but never more threads than files', () => {
    expect(threadCount(1, 10_000, 200)).toBe(1);
    expect(threadCount(3, 10, 200)).toBe(3);
    expect(threadCount(8, 2, 200)).toBe(2);
  });
});

describe('ReadScope.options', () => {
  it('makes a scope that admits what the first admitted, paths named after it included', () => {
    const scope = new ReadScope({cwd: '/work/project', projectRoot: '/work/project', named: ['/elsewhere/a.json'], maxBytes: 1234});
    scope.admit('/other/folder/b.json');
    const copy = new ReadScope(structuredClone(scope.options()));
    for (const path of ['/elsewhere/a.json', '/other/folder/b.json', '/work/project/x.json']) expect(copy.isNamed(path)).toBe(scope.isNamed(path));
    expect(copy.isNamed('/other/folder/b.json')).toBe(true);
    expect(copy.maxBytes).toBe(1234);
  });
});
