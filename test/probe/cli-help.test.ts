import {describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';

describe('probe host --help', () => {
  it('pins the flags, names the RFCs, lists exit codes, examples and the open-spec choices', async () => {
    const r = await runCli(['probe', 'host', '--help']);
    expect(r.code).toBe(0);
    for (const flag of ['--header', '--token-env', '--timeout', '--connect-timeout', '--max-bytes', '--insecure', '--follow-cross-origin', '--lint-schemas', '--save', '--force', '--compare', '--format', '--fail-on', '--rule']) {
      expect(r.stdout).toContain(flag);
    }
    expect(r.stdout).toMatch(/RFC 0021/);
    expect(r.stdout).toMatch(/EXIT CODES/);
    expect(r.stdout).toMatch(/EXAMPLES[\s\S]*--token-env\s+\\?\s*HOST_TOKEN/);
    expect(r.stdout).toMatch(/Choices where the spec is open/);
    expect(r.stdout).toMatch(/relative schema URLs resolve against the host\s+base/);
  });
});
