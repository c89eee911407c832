import {describe, expect, it} from 'vitest';
import {runCli, STACK_TRACE} from '../helpers/cli.js';

// oclif words a missing argument with its help's word-wrap module, which the bundle loads on first use: called
// through the lazy stand-in, it crashed ("internal error: … is not a function").
describe('a missing required argument is a usage error (exit 2), not an internal error', () => {
  it.each([
    [['export', 'schema', '--target', 'openai'], 'file'],
    [['probe', 'host'], 'url'],
    [['simulate', 'retry'], 'recordings'],
  ])('openwop %j', async (args, name) => {
    const r = await runCli(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Missing 1 required arg');
    expect(r.stderr).toContain(name);
    expect(r.stderr).not.toContain('internal error:');
    expect(r.stderr).not.toMatch(STACK_TRACE);
  });
});
