import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';
import {startHost, type TestHost} from './helpers/host.js';
import {probeJson} from './helpers/probe.js';
import {smallV2Document, v2Host} from './helpers/v2-host.js';

/** protocolVersions with `n` entries: 1.11 and 2.0, then 3.0, 3.1, … (unlisted majors answer 406 as usual). */
function manyVersions(n: number): Record<string, unknown> {
  return {...smallV2Document(), protocolVersions: ['1.11', '2.0', ...Array.from({length: n - 2}, (_, i) => `3.${i}`)]};
}

describe('probe host: documents too large to validate, and long lists in messages', () => {
  let host: TestHost;
  let dir: string;
  beforeAll(async () => {
    dir = tempDir();
    host = await startHost({
      '/huge/.well-known/openwop': v2Host({v2: manyVersions(100_000)}),
      '/long/.well-known/openwop': v2Host({v2: manyVersions(30), answerV2: {doc: manyVersions(30), header: '2.7'}}),
    });
  });
  afterAll(() => host.close());

  it('a document whose arrays hold over 5,000 items is not validated: one probe/too-many-items error naming the longest array', async () => {
    const r = await probeJson([host.url('/huge'), '--no-negotiation']);
    expect(r.findings.map((f) => [f.ruleId, f.severity, f.pointer])).toEqual([['probe/too-many-items', 'error', '/protocolVersions']]);
    expect(r.findings[0].message).toMatch(/hold 100,0\d\d items in all \(the longest, at \/protocolVersions, 100,000\), more than the 5,000 that are validated/);
    expect(r.code).toBe(1);
  });

  it('--compare FILE with too many array items is refused before anything validates it (exit 2)', async () => {
    const file = join(dir, 'huge.json');
    writeFileSync(file, JSON.stringify(manyVersions(20_000)));
    const r = await runCli(['probe', 'host', host.url('/long'), '--compare', file, '--no-negotiation']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/capabilities .*huge\.json: the document's arrays hold 20,0\d\d items in all/);
    expect(r.stderr).not.toMatch(STACK_TRACE);
  });

  it('a long protocolVersions is cut in messages and in the stylish summary line: the first 10, then "… and N more"', async () => {
    const r = await probeJson([host.url('/long'), '--no-negotiation']);
    const unlisted = r.findings.find((f) => f.ruleId === 'probe/version-header-unlisted');
    expect(unlisted?.message).toMatch(/does not list \(1\.11, 2\.0, 3\.0, 3\.1, 3\.2, 3\.3, 3\.4, 3\.5, 3\.6, 3\.7 … and 20 more\)/);
    const stylish = await runCli(['probe', 'host', host.url('/long'), '--no-negotiation', '--no-color']);
    expect(stylish.stdout).toMatch(/protocolVersions 1\.11, 2\.0, 3\.0, .*, 3\.7 … and 20 more · preferredVersion 1\.11/);
  });
});
