import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {ROOT, runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';

// validate pack has the --max-size default of the commands that read files (100 MB): the cap also bounds the schemas a
// manifest names. validate bundle keeps its own (10 MB: it also caps a fetched response), which README must state.
const COMMANDS = [
  ['lint', 'schema'],
  ['validate', 'envelope'],
  ['validate', 'pack'],
  ['validate', 'bundle'],
  ['simulate', 'retry'],
  ['export', 'schema'],
  ['probe', 'host'],
];

async function helpDefault(command: string[]): Promise<number> {
  const r = await runCli([...command, '--help']);
  const line = r.stdout.split('\n').find((l) => l.includes('--max-size='));
  const match = /\[default: (\d+)\]/.exec(line ?? '');
  expect(match, `${command.join(' ')} --help shows the --max-size default`).not.toBeNull();
  return Number(match?.[1]);
}

describe('--max-size default', () => {
  it('validate pack reads a 3 MB referenced schema without --max-size', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'schemas'));
    const big = {type: 'object', description: 'x'.repeat(3 * 1024 * 1024), properties: {}, additionalProperties: false};
    writeFileSync(join(dir, 'schemas', 'config.schema.json'), JSON.stringify(big));
    const manifest = {
      name: 'vendor.acme.big',
      version: '1.0.0',
      engines: {openwop: '>=1.1 <2.0.0'},
      nodes: [{typeId: 'vendor.acme.big.run', version: '1.0.0', category: 'integration', role: 'side-effect', configSchema: 'schemas/config.schema.json'}],
    };
    writeFileSync(join(dir, 'pack.json'), JSON.stringify(manifest));
    const r = await runCli(['validate', 'pack', 'pack.json', '--json'], {cwd: dir});
    expect(r.stderr).not.toMatch(STACK_TRACE);
    const findings = JSON.parse(r.stdout).results.flatMap((x: {findings: {ruleId: string; message: string}[]}) => x.findings);
    expect(findings.filter((f: {message: string}) => f.message.includes('MB limit'))).toEqual([]);
  });

  it("is 100 in every command that reads files, and the README says each command's value", async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const row = readme.split('\n').find((l) => l.startsWith('| `--max-size'));
    expect(row, 'README has a --max-size row').toBeDefined();
    const stated = /\(default (\d+)([^)]*)\)/.exec(row ?? '');
    expect(stated, 'the row states a default').not.toBeNull();
    const defaults = new Map<string, number>();
    for (const command of COMMANDS) defaults.set(command.join(' '), await helpDefault(command));
    for (const [command, value] of defaults) {
      const exception = new RegExp(`\`${command}\` (\\d+)`).exec(stated?.[2] ?? '');
      expect(value, `${command}: --help against README`).toBe(Number(exception?.[1] ?? stated?.[1]));
    }
    defaults.delete('validate bundle');
    expect(new Set(defaults.values()), 'one default for the file-reading commands').toEqual(new Set([100]));
  });
});
