import {beforeAll, describe, expect, it} from 'vitest';
import type {CheckingCommand} from '../../src/core/rule.js';
import {runCli, STACK_TRACE, tempProject, type CliResult} from '../helpers/cli.js';

// --explain and --list-rules on every command that reports findings: each lists its own rule families, and answers
// without the inputs the command otherwise requires (export schema's FILE and --target, probe host's URL, …).

/** The families each command reports, and families it must not list (another command's). */
const FAMILIES: Record<CheckingCommand, string[]> = {
  'lint schema': ['tier1', 'openai', 'io', 'json'],
  'validate envelope': ['envelope', 'foxctl', 'io', 'json'],
  // --lint-schemas: pack and probe report the lint rules of the schemas they read.
  'validate pack': ['pack', 'tier1', 'io', 'json'],
  'validate bundle': ['bundle', 'io', 'json'],
  'probe host': ['probe', 'tier1', 'io', 'json'],
  'simulate retry': ['retry', 'io', 'json'],
  'export schema': ['export', 'tier1', 'io', 'json'],
  'scaffold kind': ['tier1', 'reasoning'],
};
const OTHERS = ['tier1', 'envelope', 'foxctl', 'pack', 'bundle', 'probe', 'retry', 'export'];
const COMMANDS = Object.keys(FAMILIES) as CheckingCommand[];

interface ListedRule {
  id: string;
  family: string;
  severity: string;
  description: string;
  docsUrl: string;
}

const cwd = tempProject({});
const cli = (command: CheckingCommand, ...args: string[]) => runCli([...command.split(' '), ...args], {cwd});
const listed = new Map<CheckingCommand, ListedRule[]>();

beforeAll(async () => {
  for (const command of COMMANDS) {
    const result = await cli(command, '--list-rules', '--json');
    expect(result.code, `${command}: ${result.stderr}`).toBe(0);
    listed.set(command, JSON.parse(result.stdout) as ListedRule[]);
  }
});

describe.each(COMMANDS)('%s --list-rules', (command) => {
  it('--json is an array of rules, each with id, family, severity, description and docs URL', () => {
    const rules = listed.get(command) ?? [];
    expect(rules.length).toBeGreaterThan(10);
    for (const r of rules) {
      expect(r.id, JSON.stringify(r)).toMatch(/^[a-z]/);
      expect(['error', 'warning', 'info'], r.id).toContain(r.severity);
      expect(r.description.length, r.id).toBeGreaterThan(5);
      expect(r.docsUrl, r.id).toMatch(/^https:\/\/\S+\.md$/);
      expect(r.id.startsWith(`${r.family}`), r.id).toBe(true);
    }
  });

  it("lists its own families and no other command's", () => {
    const families = new Set((listed.get(command) ?? []).map((r) => r.family));
    for (const own of FAMILIES[command]) expect(families, own).toContain(own);
    for (const other of OTHERS.filter((f) => !FAMILIES[command].includes(f))) expect(families, other).not.toContain(other);
  });

  it('prints a table of the same rules, exit 0, with no input given', async () => {
    const result = await cli(command, '--list-rules');
    expect(result.code, result.stderr).toBe(0);
    const [header, ...rows] = result.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^RULE +SEVERITY +FIXABLE +.*DESCRIPTION$/);
    expect(rows.map((row) => row.split(' ')[0])).toEqual((listed.get(command) ?? []).map((r) => r.id));
  });
});

describe.each(COMMANDS)('%s --explain', (command) => {
  it('all: explains every rule it lists, exit 0', async () => {
    const result = await cli(command, '--explain', 'all');
    expect(result.code, result.stderr).toBe(0);
    const headers = [...result.stdout.matchAll(/^(\S+) — .*\n\n {2}default severity/gm)].map((m) => m[1]);
    expect(headers).toEqual((listed.get(command) ?? []).map((r) => r.id));
  });

  it('an io and a json rule, which every command reports', async () => {
    for (const id of ['io/empty', 'json/syntax']) {
      const result = await cli(command, `--explain=${id}`);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(new RegExp(`^${id} — .+\\n\\n  default severity  error\\n`));
      expect(result.stdout).toContain(`/docs/rules/${id}.md`);
    }
  });
});

describe('--explain of a name that is no rule', () => {
  let result: CliResult;
  beforeAll(async () => {
    result = await cli('probe host', '--explain', 'probe/closed-blok-key');
  });

  it('exits 2 with the closest id and where the rules are listed, no stack', () => {
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('openwop: unknown rule "probe/closed-blok-key"; did you mean probe/closed-block-key?\n  openwop probe host --list-rules lists its rules\n');
    expect(result.stderr).not.toMatch(STACK_TRACE);
  });
});

describe("--explain of another command's rule", () => {
  it('explains it and names the command that reports it', async () => {
    const result = await cli('simulate retry', '--explain', 'tier1/max-depth');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^tier1\/max-depth — /);
    expect(result.stdout).toMatch(/\n {2}commands {10}lint schema, /);
  });
});

describe('export schema --list-rules', () => {
  it('is a table unless -f json is given, though -f defaults to json for the fragment', async () => {
    const table = await cli('export schema', '--list-rules');
    expect(table.stdout).toMatch(/^RULE +SEVERITY/);
    const json = await cli('export schema', '--list-rules', '-f', 'json');
    expect(json.code, json.stderr).toBe(0);
    expect((JSON.parse(json.stdout) as ListedRule[]).map((r) => r.id)).toContain('export/non-local-ref');
  });
});
