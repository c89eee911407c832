import {describe, expect, it} from 'vitest';
import {validatePackInputs, type PackResult} from '../../src/pack/index.js';
import {targetMajor} from '../../src/pack/protocol-major.js';
import {tempDir} from '../helpers/cli.js';
import {writeFileSync} from 'node:fs';
import {join} from 'node:path';

describe('which protocol major a manifest targets: the lowest major engines.openwop admits', () => {
  it.each([
    ['>=1.0.0', 1],
    ['>=1.1 <2.0.0', 1],
    ['>=1.0.0 <3.0.0', 1],
    ['1.0.0 - 2.5.0', 1],
    ['<3.0.0', 1],
    ['*', 1],
    ['>=2.0 || >=1.5', 1],
    ['>=2.0 <3.0.0', 2],
    ['>= 2.1.0 <3.0.0', 2],
    ['^2.1.0', 2],
    ['~2.1', 2],
    ['2.x', 2],
    ['=2.0.0', 2],
    ['>=3 <4.0.0', 3],
    ['>1', 2],
    ['>1.9.9', 1],
  ])('%s → %i', (range, major) => {
    expect(targetMajor({engines: {openwop: range}})).toBe(major);
  });

  it('no engines, no range or a non-string range → 1 (the v1 schema then says what is wrong)', () => {
    expect(targetMajor({})).toBe(1);
    expect(targetMajor({engines: {}})).toBe(1);
    expect(targetMajor({engines: {openwop: 2}})).toBe(1);
    expect(targetMajor({engines: {openwop: 'not a range'}})).toBe(1);
  });

  it('a range longer than any real one is not read (a 600,000-alternative range used to overflow the stack)', () => {
    expect(targetMajor({engines: {openwop: Array.from({length: 600_000}, () => '2').join('||')}})).toBe(1);
    expect(targetMajor({engines: {openwop: `>=2.0.0 <3.0.0${' '.repeat(250)}`}})).toBe(1);
  });
});

const V2_PACK = {
  kind: 'node',
  name: 'vendor.acme.echo',
  version: '2.0.0',
  engines: {openwop: '>=2.0 <3.0.0'},
  runtime: {language: 'javascript', entry: 'index.mjs', requires: ['clock']},
  nodes: [{typeId: 'vendor.acme.echo.run', version: '1.0.0', category: 'data', role: 'pure'}],
  signing: {keyId: 'acme-1', scheme: 'ed25519-canonical-json'},
};

async function check(manifest: object): Promise<PackResult> {
  const dir = tempDir('openwop-v2-');
  writeFileSync(join(dir, 'm.pack.json'), JSON.stringify(manifest, null, 2));
  const outcome = await validatePackInputs(['m.pack.json'], {cwd: dir});
  return outcome.results[0] as PackResult;
}

const schemaErrors = (r: PackResult) => r.findings.filter((f) => f.ruleId === 'pack/invalid-manifest').map((f) => `${f.pointer} ${f.message}`);

describe('v2 node-pack manifests validate against the v2 schema', () => {
  it('a valid v2 manifest passes and reports protocolMajor 2', async () => {
    const r = await check(V2_PACK);
    expect(r.protocolMajor).toBe(2);
    expect(r.findings.filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('what v2 requires and v1 does not: kind, an explicit upper bound, the {keyId, scheme} signing block', async () => {
    const {kind: _kind, ...noKind} = V2_PACK;
    expect(schemaErrors(await check(noKind))).toEqual([expect.stringContaining('"kind"')]);
    expect(schemaErrors(await check({...V2_PACK, engines: {openwop: '>=2.0'}}))).toEqual([expect.stringMatching(/^\/engines\/openwop /)]);
    const v1Signing = {publicKeyRef: 'acme-1', signatureRef: 'pack.sig', method: 'manual'};
    expect(schemaErrors(await check({...V2_PACK, signing: v1Signing})).length).toBeGreaterThan(0);
  });

  it('the v2 typeId grammar and closed node entries still apply', async () => {
    const r = await check({...V2_PACK, nodes: [{...V2_PACK.nodes[0], typeId: 'Echo'}]});
    expect(schemaErrors(r)).toEqual([expect.stringMatching(/^\/nodes\/0\/typeId /)]);
  });

  it('a v1 manifest is still judged by the v1 schema (no kind, an open lower bound, a v1 signing block)', async () => {
    const {kind: _kind, ...rest} = V2_PACK;
    const v1 = {...rest, engines: {openwop: '>=1.0.0'}, signing: {publicKeyRef: 'acme-1', signatureRef: 'pack.sig', method: 'manual'}};
    const r = await check(v1);
    expect(r.protocolMajor).toBe(1);
    expect(schemaErrors(r)).toEqual([]);
  });

  it('a kind with no v2 schema bundled is unchecked, not judged by its v1 schema', async () => {
    const chain = {chainId: 'vendor.acme.ch.x', version: '1.0.0', label: 'L', description: 'D', parameters: {type: 'object'}, dag: {nodes: [{id: 'a', typeId: 'core.noop'}]}};
    const r = await check({kind: 'workflow-chain', name: 'vendor.acme.ch', version: '1.0.0', engines: {openwop: '>=2.0 <3.0.0'}, chains: [chain], extra: true});
    expect(r.findings.map((f) => `${f.ruleId} ${f.severity}`)).toEqual(['pack/kind-unchecked warning']);
    expect(r.findings[0].message).toContain('openwop 2.x');
  });
});
