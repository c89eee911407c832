import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {RUNTIME_TOKENS} from '../../src/pack/index.js';
import {runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';

// Convention 6: list flags repeat everywhere, and take a comma list too unless a value may hold a comma.
const COMMANDS = {
  'lint schema': () => import('../../commands/lint/schema.js'),
  'validate envelope': () => import('../../commands/validate/envelope.js'),
  'validate pack': () => import('../../commands/validate/pack.js'),
  'validate bundle': () => import('../../commands/validate/bundle.js'),
  'export schema': () => import('../../commands/export/schema.js'),
  'simulate retry': () => import('../../commands/simulate/retry.js'),
  'probe host': () => import('../../commands/probe/host.js'),
  'scaffold kind': () => import('../../commands/scaffold/kind.js'),
};

interface FlagDefinition {
  summary?: string;
  multiple?: boolean;
  delimiter?: string;
}

async function flagsOf(load: () => Promise<unknown>): Promise<Record<string, FlagDefinition>> {
  const {default: command} = (await load()) as {default: {flags: Record<string, FlagDefinition>; baseFlags?: Record<string, FlagDefinition>}};
  return {...command.baseFlags, ...command.flags};
}

describe('list flags: repeatable everywhere, comma-separated unless a value may hold a comma, and the help says which', () => {
  it('every multiple flag of every command says "repeatable or comma-separated" or why it is not comma-separated', async () => {
    let seen = 0;
    for (const [id, load] of Object.entries(COMMANDS)) {
      for (const [name, flag] of Object.entries(await flagsOf(load))) {
        if (!flag.multiple) continue;
        seen++;
        if (flag.delimiter === ',') expect(flag.summary, `${id} --${name}`).toContain('repeatable or comma-separated');
        else expect(flag.summary, `${id} --${name}`).toMatch(/repeatable, not comma-separated: an? [a-z ]+ may hold a comma/);
      }
    }
    expect(seen).toBeGreaterThanOrEqual(9);
  });

  describe('validate pack --grant', () => {
    const manifest = {
      name: 'vendor.acme.two',
      version: '1.0.0',
      engines: {openwop: '>=1.1 <2.0.0'},
      runtime: {language: 'javascript', entry: 'index.mjs', requires: ['net.dns', 'clock']},
      nodes: [{typeId: 'vendor.acme.two.run', version: '1.0.0', category: 'integration', role: 'side-effect'}],
    };
    const gateOf = async (args: string[]) => {
      const dir = tempDir();
      writeFileSync(join(dir, 'pack.json'), JSON.stringify(manifest));
      writeFileSync(join(dir, 'index.mjs'), 'export const nodes = {};\n');
      const r = await runCli(['validate', 'pack', 'pack.json', '--json', ...args], {cwd: dir});
      expect(r.stderr).not.toMatch(STACK_TRACE);
      return {code: r.code, stderr: r.stderr, gate: r.stdout === '' ? undefined : JSON.parse(r.stdout).results[0].gate};
    };

    it('repeats: --grant net.dns --grant clock grants both', async () => {
      const {code, gate} = await gateOf(['--grant', 'net.dns', '--grant', 'clock']);
      expect(code).toBe(0);
      expect(gate).toMatchObject({granted: ['net.dns', 'clock'], installs: true});
    });

    it('takes a comma list, and the two forms mix', async () => {
      expect((await gateOf(['--grant', 'net.dns,clock'])).gate.granted).toEqual(['net.dns', 'clock']);
      expect((await gateOf(['--grant', 'net.dns', '--grant', 'clock,env.read'])).gate.granted).toEqual(['net.dns', 'clock', 'env.read']);
    });

    it('stays exclusive with --grant-all and --grant-none (exit 2)', async () => {
      for (const other of ['--grant-all', '--grant-none']) {
        const {code, stderr} = await gateOf(['--grant', 'net.dns', '--grant', 'clock', other]);
        expect(code, other).toBe(2);
        expect(stderr).toMatch(/cannot also be provided/);
      }
    });

    it('an unknown token among repeated ones is still a usage error naming it', async () => {
      const {code, stderr} = await gateOf(['--grant', 'net.dns', '--grant', 'nett.dns']);
      expect(code).toBe(2);
      expect(stderr).toContain('"nett.dns" is not a runtime primitive');
      expect(RUNTIME_TOKENS).toContain('net.dns');
    });
  });

  it('scaffold kind --target takes a comma list as lint schema --target does', async () => {
    const dir = tempDir();
    const r = await runCli(['scaffold', 'kind', 'vendor.acme.plan.create', '--field', 'title:string', '--target', 'openai,anthropic', '--out', 'out', '--dry-run', '--json'], {cwd: dir});
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/anthropic/);
    expect(r.stdout).toMatch(/openai/);
  });

  it('--rule takes a comma list of ID=severity as well as repeats', async () => {
    const dir = tempDir();
    const schema = {type: 'object', properties: {title: {type: 'string', minLength: 1}, note: {type: 'string'}}, required: ['title'], additionalProperties: false};
    writeFileSync(join(dir, 's.schema.json'), JSON.stringify(schema));
    const run = async (args: string[]) =>
      JSON.parse((await runCli(['lint', 'schema', 's.schema.json', '--json', ...args], {cwd: dir})).stdout).results[0].findings.map((f: {ruleId: string}) => f.ruleId);
    const [a, b] = [...new Set<string>(await run([]))];
    expect(b, 'the schema must give two rules').toBeDefined();
    expect(await run(['--rule', `${a}=off,${b}=off`])).toEqual(await run(['--rule', `${a}=off`, '--rule', `${b}=off`]));
    expect(await run(['--rule', `${a}=off,${b}=off`])).not.toContain(a);
    expect(await run(['--rule', `${a}=off,${b}=off`])).not.toContain(b);
  });
});
