import {describe, expect, it} from 'vitest';
import {commandDocs, runCli} from '../helpers/cli.js';

describe('probe host --help and its docs page', () => {
  it('help pins the flags and examples; the page names the RFCs, exit codes and the open-spec choices', async () => {
    const r = await runCli(['probe', 'host', '--help']);
    expect(r.code).toBe(0);
    for (const flag of [
      '--header',
      '--token-env',
      '--timeout',
      '--connect-timeout',
      '--max-bytes',
      '--insecure',
      '--follow-cross-origin',
      '--lint-schemas',
      '--save',
      '--force',
      '--compare',
      '--format',
      '--fail-on',
      '--rule',
      '--protocol',
      '--[no-]negotiation',
      '--bundle',
    ]) {
      expect(r.stdout).toContain(flag);
    }
    expect(r.stdout).toMatch(/EXAMPLES[\s\S]*--token-env\s+\\?\s*HOST_TOKEN/);
    const docs = commandDocs('probe-host');
    expect(docs).toMatch(/RFC 0021/);
    expect(docs).toMatch(/## Exit codes/);
    expect(docs).toMatch(/Choices where the spec is open/);
    expect(docs).toMatch(/relative schema URLs resolve against the host base/);
    expect(docs).toMatch(/`--protocol=1\|2\|auto`/);
    expect(docs).toMatch(/at most five extra requests/);
    expect(docs).toMatch(/refusing an older client is a MAY/);
    expect(docs).toMatch(/extension org missing from the registry as bundled/);
    expect(docs).toMatch(/@046ac537/);
  });
});
