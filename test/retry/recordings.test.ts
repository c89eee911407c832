import {mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadRecording} from '../../src/retry/recording/load.js';
import {tempDir} from '../helpers/cli.js';
import {anthropicBody, TICKET} from './har-fixtures.js';

const chunk = (content: string | null, finish: string | null) =>
  `data: ${JSON.stringify({object: 'chat.completion.chunk', choices: [{delta: content === null ? {} : {content}, finish_reason: finish}]})}\n\n`;

function setup(files: Record<string, string>): string {
  const dir = tempDir();
  for (const [name, text] of Object.entries(files)) {
    if (name.includes('/')) mkdirSync(join(dir, name.split('/')[0]), {recursive: true});
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('recording loader', () => {
  it('a capture saved as .txt is read as SSE; a .txt holding JSON is read as JSON', async () => {
    const dir = setup({'capture.txt': chunk('{}', 'stop'), 'body.txt': JSON.stringify(anthropicBody('end_turn', '{}'))});
    expect((await loadRecording('capture.txt', {cwd: dir})).calls[0].response).toMatchObject({provider: 'openai-chat', stopClass: 'clean'});
    expect((await loadRecording('body.txt', {cwd: dir})).calls[0].response).toMatchObject({provider: 'anthropic', stopClass: 'clean'});
  });

  it('exchanges may carry the response as SSE text', async () => {
    const dir = setup({'ex.json': JSON.stringify([{request: {max_tokens: 10, messages: []}, response: chunk('{"a', null) + chunk(null, 'length')}])});
    const rec = await loadRecording('ex.json', {cwd: dir});
    expect(rec.calls[0]).toMatchObject({response: {stopClass: 'truncated', text: '{"a'}, request: {maxTokens: 10}});
  });

  it('mock program steps of the wrong shape are reported where they are, and end the replay there', async () => {
    const dir = setup({'p.json': JSON.stringify({nodeId: 'n', program: [{content: '{}'}, {stopReason: 3, content: 'x'}, {content: '{}'}]})});
    const rec = await loadRecording('p.json', {cwd: dir});
    expect(rec.nodeId).toBe('n');
    expect(rec.calls).toHaveLength(1);
    expect(rec.findings).toEqual([
      expect.objectContaining({ruleId: 'retry/recording-shape', pointer: '/program/1/stopReason', message: 'call 2: stopReason must be a string when present; the replay stops after call 1'}),
    ]);
    expect(rec.fatal).toBe(false);
  });

  it('mock stop reasons from any API are understood; an absent one is a clean stop', async () => {
    const steps = ['end_turn', 'length', 'MAX_TOKENS', 'refusal', 'content_filter', 'pause_turn', 'whatever', undefined].map((stopReason) => ({stopReason, content: '{}'}));
    const dir = setup({'p.json': JSON.stringify({program: steps})});
    const rec = await loadRecording('p.json', {cwd: dir});
    expect(rec.calls.map((c) => c.response.stopClass)).toEqual(['clean', 'truncated', 'truncated', 'refusal', 'blocked', 'paused', 'other', 'clean']);
  });

  it('a folder is read in natural order, one call per file, and refuses a list inside it', async () => {
    const dir = setup({'run/10.json': JSON.stringify(anthropicBody('end_turn', TICKET)), 'run/9.json': JSON.stringify(anthropicBody('max_tokens', '{')), 'run/11.json': '[]'});
    const rec = await loadRecording('run', {cwd: dir});
    expect(rec.format).toBe('folder');
    expect(rec.calls.map((c) => [c.place.file, c.response.stopClass])).toEqual([
      ['run/9.json', 'truncated'],
      ['run/10.json', 'clean'],
    ]);
    expect(rec.findings.map((f) => [f.ruleId, f.file])).toEqual([['retry/recording-shape', 'run/11.json']]);
  });

  it('an empty folder, a binary capture and an empty capture are fatal with a clear finding', async () => {
    const dir = setup({'empty/readme.md': 'x', 'bin.sse': '\u0000\u0001', 'blank.sse': '\n\n'});
    for (const [arg, rule] of [
      ['empty', 'retry/empty-recording'],
      ['bin.sse', 'io/binary'],
      ['blank.sse', 'retry/empty-recording'],
    ]) {
      const rec = await loadRecording(arg, {cwd: dir});
      expect(rec.fatal, arg).toBe(true);
      expect(
        rec.findings.map((f) => f.ruleId),
        arg,
      ).toEqual([rule]);
    }
  });

  it('a recording over --max-size is refused without reading it whole', async () => {
    const dir = setup({'big.sse': chunk('x'.repeat(4096), 'stop')});
    const rec = await loadRecording('big.sse', {cwd: dir, maxBytes: 1024});
    expect(rec.findings.map((f) => f.ruleId)).toEqual(['io/too-large']);
  });
});
