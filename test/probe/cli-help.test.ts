import {describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';

describe('probe host --help', () => {
  it('pins the flags, names the RFCs, lists exit codes, examples and the open-spec choices', async () => {
    const r = await runCli(['probe', 'host', '--help']);
    expect(r.code).toBe(0);
    for (const flag of ['--header', '--token-env', '--timeout', '--connect-timeout', '--max-bytes', '--insecure', '--follow-cross-origin', '--lint-schemas', '--save', '--force', '--compare', '--format', '--fail-on', '--rule', '--protocol', '--no-negotiation', '--bundle']) {
      expect(r.stdout).toContain(flag);
    }
    expect(r.stdout).toMatch(/RFC 0021/);
    expect(r.stdout).toMatch(/EXIT CODES/);
    expect(r.stdout).toMatch(/EXAMPLES[\s\S]*--token-env\s+\\?\s*HOST_TOKEN/);
    expect(r.stdout).toMatch(/Choices where the spec is open/);
    expect(r.stdout).toMatch(/relative schema URLs resolve against the host\s+base/);
    expect(r.stdout).toMatch(/<options: 1\|2\|auto>/);
    expect(r.stdout).toMatch(/at\s+most\s+five\s+extra\s+requests/);
    expect(r.stdout).toMatch(/refusing\s+an\s+older\s+client\s+is\s+a\s+MAY/);
    expect(r.stdout).toMatch(/extension\s+org\s+missing\s+from\s+the\s+registry\s+as\s+bundled/);
    expect(r.stdout).toMatch(/@046ac537/);
  });
});
