import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {evaluateGate, isCovered, parseGrant, RUNTIME_TOKENS} from '../../src/pack/index.js';
import {runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';

describe('isCovered: the coarser-parent rule', () => {
  it('a granted token covers itself and every finer sub-token', () => {
    expect(isCovered('net.outbound', ['net.outbound'])).toBe(true);
    expect(isCovered('net.outbound.http', ['net.outbound'])).toBe(true);
    expect(isCovered('net.outbound.http.h2', ['net.outbound'])).toBe(true);
  });

  it('a finer grant never covers its parent, and a shared prefix is not a parent', () => {
    expect(isCovered('net.outbound', ['net.outbound.http'])).toBe(false);
    expect(isCovered('net.outbound', ['net'])).toBe(true); // `net` is a dotted parent…
    expect(isCovered('net.dnsx', ['net.dns'])).toBe(false); // …but `net.dns` is not a parent of `net.dnsx`
    expect(isCovered('fs.write', ['fs.read'])).toBe(false);
  });
});

describe('evaluateGate', () => {
  it('installs when everything is granted; [] requires nothing', () => {
    expect(evaluateGate(['net.dns', 'crypto'], [...RUNTIME_TOKENS], 'vendor.a.b@1.0.0')).toEqual({
      granted: [...RUNTIME_TOKENS],
      requires: ['net.dns', 'crypto'],
      installs: true,
      refusal: null,
    });
    expect(evaluateGate([], [], 'vendor.a.b@1.0.0').installs).toBe(true);
  });

  it('refuses with exactly the RFC 0076 payload, unmet in manifest order', () => {
    const gate = evaluateGate(['clock', 'net.dns', 'subprocess'], ['net.dns'], 'vendor.a.b@2.1.0');
    expect(gate.installs).toBe(false);
    expect(Object.keys(gate.refusal ?? {}).sort()).toEqual(['advice', 'error', 'manifest', 'unmet']);
    expect(gate.refusal).toEqual({error: 'pack_runtime_requirement_unmet', unmet: ['clock', 'subprocess'], manifest: 'vendor.a.b@2.1.0', advice: expect.stringContaining('clock, subprocess')});
  });

  it('applies the coarser-parent rule to a future finer requirement', () => {
    expect(evaluateGate(['net.outbound.http'], ['net.outbound'], 'p@1.0.0').installs).toBe(true);
    expect(evaluateGate(['net.outbound'], ['net.outbound.http'], 'p@1.0.0').refusal?.unmet).toEqual(['net.outbound']);
  });
});

describe('parseGrant', () => {
  it('accepts a comma list of primitives and finer sub-tokens, trimming and de-duplicating', () => {
    expect(parseGrant(' net.dns, net.outbound.http ,net.dns,')).toEqual({tokens: ['net.dns', 'net.outbound.http']});
    expect(parseGrant('')).toEqual({tokens: []});
  });

  it.each(['net', 'dns', 'node:dns', 'fs.Read', 'net.dnsx'])('refuses %s, naming it', (token) => {
    const parsed = parseGrant(`clock,${token}`);
    expect(parsed).toEqual({problem: {token, message: expect.stringContaining(`"${token}"`)}});
  });
});

describe('validate pack --grant (the CLI)', () => {
  let dir: string;
  const manifest = {
    name: 'vendor.acme.everything',
    version: '3.2.1',
    engines: {openwop: '>=1.1 <2.0.0'},
    runtime: {language: 'javascript', entry: 'index.mjs', requires: [...RUNTIME_TOKENS]},
    nodes: [{typeId: 'vendor.acme.everything.run', version: '1.0.0', category: 'integration', role: 'side-effect'}],
  };
  const gateOf = async (args: string[]) => {
    const r = await runCli(['validate', 'pack', 'pack.json', '--json', ...args], {cwd: dir});
    expect(r.stderr).not.toMatch(STACK_TRACE);
    const report = JSON.parse(r.stdout);
    return {code: r.code, result: report.results[0], summary: report.summary};
  };

  beforeAll(() => {
    dir = tempDir();
    writeFileSync(join(dir, 'pack.json'), JSON.stringify(manifest, null, 2));
    writeFileSync(join(dir, 'index.mjs'), 'export const nodes = {};\n');
  });

  it('--grant-all installs: gate recorded, no refusal, exit 0', async () => {
    const {code, result, summary} = await gateOf(['--grant-all']);
    expect(code).toBe(0);
    expect(result.gate).toEqual({granted: [...RUNTIME_TOKENS], requires: [...RUNTIME_TOKENS], installs: true, refusal: null});
    expect(summary.gate).toEqual({granted: [...RUNTIME_TOKENS], installs: 1, refused: 0});
  });

  it('without a grant flag no gate is simulated', async () => {
    const {code, result, summary} = await gateOf([]);
    expect(code).toBe(0);
    expect(result.gate).toBeNull();
    expect(summary.gate).toBeUndefined();
  });

  it('withholding each token in turn refuses with that token unmet, the exact payload and exit 1', async () => {
    for (const [i, token] of RUNTIME_TOKENS.entries()) {
      const granted = RUNTIME_TOKENS.filter((t) => t !== token);
      const {code, result} = await gateOf(['--grant', granted.join(',')]);
      expect(code, token).toBe(1);
      expect(result.gate.installs).toBe(false);
      expect(result.gate.granted).toEqual(granted);
      expect(Object.keys(result.gate.refusal).sort()).toEqual(['advice', 'error', 'manifest', 'unmet']);
      expect(result.gate.refusal).toEqual({error: 'pack_runtime_requirement_unmet', unmet: [token], manifest: 'vendor.acme.everything@3.2.1', advice: expect.any(String)});
      expect(result.findings).toEqual([expect.objectContaining({ruleId: 'pack/runtime-requirement-unmet', severity: 'error', pointer: `/runtime/requires/${i}`})]);
    }
  });

  it('--grant-none refuses all eight; the stylish output shows the payload too', async () => {
    const {result} = await gateOf(['--grant-none']);
    expect(result.gate.refusal.unmet).toEqual([...RUNTIME_TOKENS]);
    const r = await runCli(['validate', 'pack', 'pack.json', '--grant-none'], {cwd: dir});
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('gate: refused');
    expect(r.stdout).toContain(JSON.stringify(result.gate.refusal));
  });

  it('a grant token that is no primitive, or two grant flags at once, is a usage error (exit 2)', async () => {
    const bad = await runCli(['validate', 'pack', 'pack.json', '--grant', 'net.dns,network'], {cwd: dir});
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"network" is not a runtime primitive');
    expect(bad.stderr).not.toMatch(STACK_TRACE);
    const both = await runCli(['validate', 'pack', 'pack.json', '--grant-all', '--grant', 'clock'], {cwd: dir});
    expect(both.code).toBe(2);
    expect(both.stderr).not.toMatch(STACK_TRACE);
  });
});
