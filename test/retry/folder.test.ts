import {mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';

// A folder is one emission only when its files say so (numbered call files, or a manifest); otherwise each file is a case.

const chat = (finish: string, content: string) => ({
  object: 'chat.completion',
  model: 'gpt-test',
  choices: [{index: 0, message: {role: 'assistant', content, refusal: null}, finish_reason: finish}],
  usage: {completion_tokens: 10},
});
const TICKET = '{"ticket_id":"T-1","priority":"high","summary":"x"}';

let dir: string;
function folder(name: string, files: Record<string, unknown>) {
  mkdirSync(join(dir, name));
  for (const [file, data] of Object.entries(files)) writeFileSync(join(dir, name, file), JSON.stringify(data));
}

beforeAll(() => {
  dir = tempDir();
  folder('unrelated', {'checkout.json': chat('stop', TICKET), 'login.json': chat('length', '{"tic'), 'search.json': chat('stop', 'not json')});
  folder('numbered', {'1.json': chat('length', '{"tic'), '2.json': chat('stop', TICKET)});
  folder('manifested', {'manifest.json': {nodeId: 'extract', calls: ['first.json', 'retry.json']}, 'retry.json': chat('stop', TICKET), 'first.json': chat('length', '{"tic')});
  folder('bad-manifest', {'manifest.json': {calls: ['first.json', 'gone.json']}, 'first.json': chat('stop', TICKET)});
});

async function simJson(args: string[]) {
  const r = await runCli(['simulate', 'retry', ...args, '--max-tokens', '50', '--format', 'json'], {cwd: dir});
  expect(r.stderr).not.toMatch(STACK_TRACE);
  return {code: r.code, results: JSON.parse(r.stdout).results, stderr: r.stderr};
}

describe('simulate retry: folders', () => {
  it('a folder of unrelated recordings gives one result per file', async () => {
    const {results} = await simJson(['unrelated']);
    expect(results.map((r: {file: string; totalCalls: number; outcome: string}) => [r.file, r.totalCalls, r.outcome])).toEqual([
      ['unrelated/checkout.json', 1, 'accepted'],
      ['unrelated/login.json', 1, 'recording-exhausted'],
      ['unrelated/search.json', 1, 'recording-exhausted'],
    ]);
  });

  it('numbered call files are one emission', async () => {
    const {results} = await simJson(['numbered']);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({file: 'numbered', outcome: 'accepted', totalCalls: 2, recording: {format: 'folder', calls: 2}});
  });

  it('a manifest names the call files in order, and the node', async () => {
    const {results} = await simJson(['manifested']);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({nodeId: 'extract', outcome: 'accepted', totalCalls: 2});
    expect(results[0].attempts.map((a: {stopClass: string}) => a.stopClass)).toEqual(['truncated', 'clean']);
  });

  it('a manifest naming a missing file is an error that stops the recording', async () => {
    const {code, results} = await simJson(['bad-manifest']);
    expect(code).toBe(2);
    expect(results[0].findings.map((f: {ruleId: string; message: string}) => [f.ruleId, f.message])).toEqual([
      ['retry/folder-manifest', 'the manifest names gone.json, which is not a file in the folder'],
    ]);
  });

  it('--trace wants one recording, and says how to make a folder one', async () => {
    writeFileSync(join(dir, 'trace.json'), '[]');
    const r = await runCli(['simulate', 'retry', 'unrelated', '--trace', 'trace.json'], {cwd: dir});
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/folder of 3 separate recordings.*manifest\.json/);
  });
});
