import {mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {beforeEach, describe, expect, it, vi} from 'vitest';
import {listFolder} from '../../src/io/list-folder.js';
import {loadRecordings} from '../../src/retry/recording/load.js';
import {tempDir} from '../helpers/cli.js';

vi.mock('../../src/io/list-folder.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/io/list-folder.js')>();
  return {...original, listFolder: vi.fn(original.listFolder)};
});

const chat = (finish: string, content: string) => ({
  object: 'chat.completion',
  model: 'gpt-test',
  choices: [{index: 0, message: {role: 'assistant', content, refusal: null}, finish_reason: finish}],
  usage: {completion_tokens: 10},
});

function folder(files: Record<string, unknown>): string {
  const dir = tempDir();
  mkdirSync(join(dir, 'run'));
  for (const [name, data] of Object.entries(files)) writeFileSync(join(dir, 'run', name), JSON.stringify(data));
  return dir;
}

describe('simulate retry: a folder recording is listed once', () => {
  beforeEach(() => {
    vi.mocked(listFolder).mockClear();
  });

  it('a numbered emission folder: one listing, and its calls in order', async () => {
    const cwd = folder({'1.json': chat('length', '{"a'), '2.json': chat('stop', '{"a":1}')});
    const recordings = await loadRecordings('run', {cwd});
    expect(vi.mocked(listFolder)).toHaveBeenCalledTimes(1);
    expect(recordings).toHaveLength(1);
    expect(recordings[0].calls.map((c) => c.response.stopClass)).toEqual(['truncated', 'clean']);
  });

  it('a manifest folder and a folder of cases: one listing each', async () => {
    const manifested = folder({'manifest.json': {calls: ['b.json', 'a.json']}, 'a.json': chat('stop', '{"a":1}'), 'b.json': chat('length', '{"a')});
    expect(await loadRecordings('run', {cwd: manifested})).toHaveLength(1);
    expect(vi.mocked(listFolder)).toHaveBeenCalledTimes(1);
    const cases = folder({'x.json': chat('stop', '{"a":1}'), 'y.json': chat('stop', '{"a":2}')});
    expect(await loadRecordings('run', {cwd: cases})).toHaveLength(2);
    expect(vi.mocked(listFolder)).toHaveBeenCalledTimes(2);
  });
});
