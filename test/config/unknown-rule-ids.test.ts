import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';

const envelope = JSON.stringify({type: 'error', schemaVersion: 1, envelopeId: 'e', correlationId: 'c', payload: {code: 'x', message: 'y'}, meta: {source: 'system', ts: '2026-01-01T00:00:00Z'}});

function project(config?: string): string {
  const dir = tempDir();
  writeFileSync(join(dir, 'e.json'), envelope);
  if (config) writeFileSync(join(dir, 'openwop.config.json'), config);
  return dir;
}

describe('unknown rule ids are refused with the closest known ids, in config and in --rule, on every checking command', () => {
  it.each([
    [['validate', 'envelope', 'e.json'], 'unknown_envelope_knd=off', 'unknown_envelope_kind'],
    [['validate', 'pack', 'e.json'], 'pack/undeclared-requirment=off', 'pack/undeclared-requirement'],
    [['validate', 'envelope', 'e.json'], 'foxctl/drif/*=off', 'foxctl/drift/*'],
  ])('%j --rule %s: exit 2, names the id and suggests %s', async (args, flag, meant) => {
    const r = await runCli([...args, '--rule', flag], {cwd: project()});
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--rule: unknown rule "${flag.split('=')[0]}"; did you mean ${meant}`);
    expect(r.stderr).not.toMatch(STACK_TRACE);
  });

  it('a known id or family in --rule is accepted', async () => {
    const r = await runCli(['validate', 'envelope', 'e.json', '--rule', 'invalid_envelope_shape=warn', '--rule', 'foxctl/*=off'], {cwd: project()});
    expect(r.code).toBe(0);
  });

  it('a config wildcard that matches nothing names the family it was probably meant to be', async () => {
    const r = await runCli(['validate', 'envelope', 'e.json'], {cwd: project('{"overrides": [{"files": ["*.json"], "rules": {"tire1/*": "off"}}]}')});
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/openwop\.config\.json:1:\d+: unknown rule "tire1\/\*"; did you mean tier1\/\*/);
  });
});
