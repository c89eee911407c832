import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';
import {discoveryDocument, keyEntry, makeBundle, newKey} from './make-bundle.js';

type AnyJson = Record<string, any>;
const key = newKey('cli-1');
const HOST = JSON.stringify(discoveryDocument([keyEntry(key)]));

function folderWith(files: Record<string, string>): string {
  const dir = tempDir('openwop-bundle-cli-');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('openwop validate bundle', () => {
  it('exit 0 for a verified, consistent bundle; the JSON result carries verification, claims and digests', async () => {
    const cwd = folderWith({'b.json': JSON.stringify(makeBundle(key)), 'host.json': HOST});
    const run = await runCli(['validate', 'bundle', 'b.json', '--discovery', 'host.json', '--json'], {cwd});
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.command).toBe('validate bundle');
    const result = report.results[0];
    expect(result.verification).toMatchObject({outcome: 'verified', integrity: 'verified', keyId: 'cli-1', keySource: 'given'});
    expect(result.claims.profiles.map((p: AnyJson) => p.certified)).toEqual([true, true]);
    expect(result.digests.witnessSha256.matches).toBe(true);
    expect(report.summary).toMatchObject({bundles: 1, verified: 1});
  });

  it('a key only the bundle carries: a warning (exit 0, exit 1 with --fail-on warning), not verified, nothing certified', async () => {
    const cwd = folderWith({'b.json': JSON.stringify(makeBundle(key))});
    const run = await runCli(['validate', 'bundle', 'b.json', '--json'], {cwd});
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.results[0].verification).toMatchObject({outcome: 'discovery-not-read', integrity: 'verified', keySource: 'captured'});
    expect(report.results[0].findings.map((f: AnyJson) => f.ruleId)).toEqual(['bundle/key-unattributed']);
    expect(report.summary).toMatchObject({bundles: 1, verified: 0});
    expect(report.results[0].claims.profiles.map((p: AnyJson) => p.certified)).toEqual([false, false]);
    expect((await runCli(['validate', 'bundle', 'b.json', '--fail-on', 'warning'], {cwd})).code).toBe(1);
    const stylish = await runCli(['validate', 'bundle', 'b.json'], {cwd});
    expect(stylish.stdout).toContain('signature: not attributed: verifies only under a key the bundle itself carries (key cli-1, from the captured discovery document)');
    expect(stylish.stdout).toMatch(/openwop-core-standard\s+self\s+certified\s+yes\s+no \(unattributed\)/);
  });

  it('reads the bundle from stdin with -, named <stdin>', async () => {
    const cwd = folderWith({'host.json': HOST});
    const run = await runCli(['validate', 'bundle', '-', '--discovery', 'host.json', '--json'], {cwd, input: JSON.stringify(makeBundle(key))});
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout).results[0];
    expect(result.file).toBe('<stdin>');
    expect(result.verification.outcome).toBe('verified');
    const broken = await runCli(['validate', 'bundle', '-'], {cwd, input: '{"bundleVersion": '});
    expect(broken.code).toBe(2);
    expect(broken.stdout).toContain('<stdin>');
    expect(broken.stdout).not.toContain('no such file');
    const twice = await runCli(['validate', 'bundle', '-', '--discovery', '-'], {cwd, input: '{}'});
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('standard input (-) can be read once');
  });

  it('exit 1 for a tampered bundle, with a readable table in stylish output', async () => {
    const bundle = makeBundle(key);
    bundle.suite.version = '9.9.9';
    const run = await runCli(['validate', 'bundle', 'b.json'], {cwd: folderWith({'b.json': JSON.stringify(bundle)})});
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('bundle/signature-invalid');
    expect(run.stdout).toContain('signature: does not verify (key cli-1, from the captured discovery document)');
    expect(run.stdout).toMatch(/openwop-core-standard\s+self\s+certified\s+yes\s+no \(signature\)/);
  });

  it('--rule turns an outcome down like any rule', async () => {
    const bundle = makeBundle(key);
    bundle.signature.sig = `${bundle.signature.sig.slice(0, -1)}${bundle.signature.sig.endsWith('A') ? 'Q' : 'A'}`;
    const run = await runCli(['validate', 'bundle', 'b.json', '--rule', 'bundle/signature-invalid=off'], {cwd: folderWith({'b.json': JSON.stringify(bundle)})});
    expect(run.code).toBe(0);
  });

  it.each([
    ['a missing file', ['nope.json'], {}],
    ['not JSON', ['b.json'], {'b.json': 'not json'}],
    ['not a bundle', ['b.json'], {'b.json': '{"protocolVersions": ["2.0"]}'}],
    ['an unreadable --discovery', ['b.json', '--discovery', 'missing.json'], {'b.json': JSON.stringify(makeBundle(key))}],
    ['no bundle named', [], {}],
  ])('exit 2 for %s, without a stack trace', async (_label, args, files) => {
    const run = await runCli(['validate', 'bundle', ...args], {cwd: folderWith(files)});
    expect(run.code).toBe(2);
    expect(run.stdout + run.stderr).not.toMatch(STACK_TRACE);
  });

  it('hostile input: 10,000-deep nesting and a file over --max-size are exit 2', async () => {
    const deep = `{"bundleVersion": "3", "results": ${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const big = JSON.stringify({...makeBundle(key), pad: 'x'.repeat(1_200_000)});
    const cwd = folderWith({'deep.json': deep, 'big.json': big});
    const deepRun = await runCli(['validate', 'bundle', 'deep.json', '--json'], {cwd});
    expect(deepRun.code).toBe(2);
    expect(JSON.parse(deepRun.stdout).results[0].findings[0].ruleId).toBe('json/too-deep');
    const bigRun = await runCli(['validate', 'bundle', 'big.json', '--max-size', '1'], {cwd});
    expect(bigRun.code).toBe(2);
    expect(bigRun.stdout).toContain('io/too-large');
  });

  it('control characters in row ids are escaped in stylish output', async () => {
    const bundle = makeBundle(key, {
      edit: (b) => {
        b.results.requirements[0].id = 'openwop.scenario.evil\u001b[2J\u0007';
        b.results.requirements.push({...b.results.requirements[0]});
        b.results.totals.executedPass = 3;
        b.assertionCount = 12;
      },
    });
    const run = await runCli(['validate', 'bundle', 'b.json'], {cwd: folderWith({'b.json': JSON.stringify(bundle)})});
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('bundle/duplicate-row');
    expect(run.stdout).not.toMatch(/[\u0007\u001b]/);
    expect(run.stdout).toContain('\\u001b');
  });

  it('line breaks in the key id are escaped in the signature line, as in findings', async () => {
    const bundle = makeBundle(key);
    bundle.signature.keyId = 'cli-1\r\nsignature: verified';
    const run = await runCli(['validate', 'bundle', 'b.json'], {cwd: folderWith({'b.json': JSON.stringify(bundle)})});
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('(key cli-1\\u000d\\u000asignature: verified');
    expect(run.stdout).not.toMatch(/\r/);
    expect(run.stdout.split('\n').filter((line) => line.startsWith('signature: verified'))).toEqual([]);
  });

  it('--explain prints a rule; an unknown one is exit 2', async () => {
    const run = await runCli(['validate', 'bundle', '--explain', 'bundle/key-not-published']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Outcome 2 of 4');
    expect((await runCli(['validate', 'bundle', '--explain', 'bundle/nope'])).code).toBe(2);
  });
});
