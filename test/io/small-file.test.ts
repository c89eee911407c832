import {mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {withSmallFile} from '../../src/io/small-file.js';
import {tempDir} from '../helpers/cli.js';

describe('withSmallFile: the fast path for small files, undefined whenever the shared reader should word the outcome', () => {
  const root = tempDir('openwop-small-file-');
  const file = (name: string, content: string) => {
    writeFileSync(join(root, name), content);
    return join(root, name);
  };

  it('hands over the whole file, and reuses its buffer from one call to the next', () => {
    const a = file('a.json', '{"a": 1}');
    const b = file('b.json', '[]');
    expect(withSmallFile(a, 100, (bytes) => bytes.toString('utf8'))).toBe('{"a": 1}');
    expect(withSmallFile(b, 100, (bytes) => bytes.toString('utf8'))).toBe('[]');
    expect(withSmallFile(file('empty.json', ''), 100, (bytes) => bytes.length)).toBe(0);
  });

  it('a missing path, a folder, a file over maxBytes and a file over its buffer give undefined', () => {
    mkdirSync(join(root, 'folder'));
    const use = () => 'used';
    expect(withSmallFile(join(root, 'missing.json'), 100, use)).toBeUndefined();
    expect(withSmallFile(join(root, 'folder'), 100, use)).toBeUndefined();
    expect(withSmallFile(file('over.json', 'x'.repeat(101)), 100, use)).toBeUndefined();
    expect(withSmallFile(file('at.json', 'x'.repeat(100)), 100, use)).toBe('used');
    expect(withSmallFile(file('huge.json', 'x'.repeat(1024 * 1024)), 2 * 1024 * 1024, use)).toBeUndefined();
  });
});
