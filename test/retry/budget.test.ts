import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';

// Without --max-tokens the first budget comes from the recording itself, and when it cannot, the output says so.

const chat = (finish: string, content: string, completionTokens: number) => ({
  object: 'chat.completion',
  model: 'gpt-test',
  choices: [{index: 0, message: {role: 'assistant', content, refusal: null}, finish_reason: finish}],
  usage: {completion_tokens: completionTokens},
});
const TICKET = '{"ticket_id":"T-1","priority":"high","summary":"x"}';

let dir: string;
beforeAll(() => {
  dir = tempDir();
  writeFileSync(join(dir, 'bodies.json'), JSON.stringify([chat('length', '{"ticket_id":"T', 300), chat('stop', TICKET, 20)]));
  writeFileSync(join(dir, 'clean-first.json'), JSON.stringify([chat('stop', 'not json', 20)]));
  writeFileSync(join(dir, 'program.json'), JSON.stringify({nodeId: 'n', program: [{stopReason: 'max_tokens', content: '{"ticket_id":"T'}]}));
});

async function simJson(args: string[]) {
  const r = await runCli(['simulate', 'retry', ...args, '--format', 'json'], {cwd: dir});
  expect(r.stderr).not.toMatch(STACK_TRACE);
  return JSON.parse(r.stdout).results[0];
}

describe('simulate retry: the first budget without --max-tokens', () => {
  it("a truncated first call's output-token count is its budget, and the retry doubles it", async () => {
    const result = await simJson(['bodies.json']);
    expect(result.policy).toMatchObject({initialBudget: 300, budgetSource: expect.stringMatching(/output tokens/)});
    expect(result.attempts.map((a: {maxTokens: number | null}) => a.maxTokens)).toEqual([300, 600]);
  });

  it("a clean first call's count is not taken for a budget", async () => {
    const result = await simJson(['clean-first.json']);
    expect(result.policy.initialBudget).toBeNull();
    expect(result.policy.budgetSource).toMatch(/unknown.*--max-tokens.*×2 the budget of the call before/);
  });

  it('the stylish policy line says an unknown budget is unknown and what the multiplier applies to', async () => {
    const r = await runCli(['simulate', 'retry', 'program.json'], {cwd: dir});
    expect(r.stdout).toContain("budget unknown (give --max-tokens), ×2 the call before's budget on truncation (default, RFC 0033 recommended)");
  });

  it('an unknown budget is said to be unknown, with what the retry asks for, never "unchanged"', async () => {
    const result = await simJson(['program.json']);
    const finding = result.findings.find((f: {ruleId: string}) => f.ruleId === 'retry/recording-exhausted');
    expect(finding.message).toMatch(/a retry for truncation with budget ×2 call 1's \(its budget is unknown: give --max-tokens\)/);
    expect(finding.message).not.toMatch(/unchanged/);
  });
});
