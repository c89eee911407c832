import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {commandDocs, ROOT, runCli} from '../helpers/cli.js';

describe('the openwop CLI', () => {
  it('--version prints the package version', async () => {
    const r = await runCli(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`openwop/${JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version}`);
  });

  it('--help lists the topics, and topic help lists its commands', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/validate\s+Validate envelopes and pack manifests/);
    const topic = await runCli(['validate', '--help']);
    expect(topic.code).toBe(0);
    expect(topic.stdout).toContain('validate envelope');
  });

  it('command help shows examples; its docs page the exit codes', async () => {
    const r = await runCli(['validate', 'envelope', '--help']);
    expect(r.stdout).toContain('EXAMPLES');
    expect(commandDocs('validate-envelope')).toMatch(/## Exit codes .*2 the command could not do its job/);
  });

  it('`openwop commands` lists every command', async () => {
    const r = await runCli(['commands', '--json']);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as {id: string; summary: string}[];
    expect(rows.map((c) => c.id)).toEqual(expect.arrayContaining(['validate envelope', 'help', 'autocomplete']));
    // Plugins' summaries are templates (plugin-help: "Display help for <%= config.bin %>."): shown rendered.
    expect(rows.find((c) => c.id === 'help')?.summary).toBe('Display help for openwop.');
    expect(r.stdout).not.toContain('<%');
  });

  it('an unknown command exits 2 without a stack trace', async () => {
    const r = await runCli(['frobnicate']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('frobnicate');
  });

  it('repeatable flags take one value per occurrence, so paths may follow them', async () => {
    const r = await runCli(['validate', 'envelope', '--schemas', 'examples/schemas/clean', 'examples/envelopes/clarification.json']);
    expect(r.code, r.stderr).toBe(0);
    const help = await runCli(['validate', 'envelope', '--help']);
    expect(help.stdout).not.toContain('provide all arguments before');
  });
});
