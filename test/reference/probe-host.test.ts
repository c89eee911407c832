import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {REFERENCE} from '../helpers/cli.js';
import {startHost, type Route, type TestHost} from '../probe/helpers/host.js';
import {probeJson} from '../probe/helpers/probe.js';

const DISCOVERY = join(REFERENCE, 'openwop', 'fixtures', 'discovery');
const HOSTS = readdirSync(DISCOVERY)
  .filter((f) => f.endsWith('.well-known-openwop.json'))
  .map((f) => f.replace('.well-known-openwop.json', ''))
  .sort();

/** What each example host's advertisement should give: its exit code and the set of rule ids. */
const EXPECTED: Record<string, {code: number; ids: string[]}> = {
  'in-memory': {code: 0, ids: ['probe/capabilities-wrapper', 'probe/safe-fetch-audit']},
  postgres: {code: 1, ids: ['probe/capabilities-wrapper', 'probe/closed-block-key', 'probe/wrapper-conflict']},
  python: {code: 0, ids: ['probe/capabilities-wrapper']},
  sqlite: {code: 0, ids: ['probe/capabilities-wrapper', 'probe/wrapper-conflict']},
};

describe('probe host against the four reference example hosts, served over real HTTP', () => {
  let host: TestHost;
  beforeAll(async () => {
    const routes: Record<string, Route> = {};
    for (const name of HOSTS) routes[`/${name}/.well-known/openwop`] = {body: readFileSync(join(DISCOVERY, `${name}.well-known-openwop.json`))};
    host = await startHost(routes);
  });
  afterAll(() => host.close());

  it('covers every reference discovery document', () => {
    expect(HOSTS).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(HOSTS)('%s', async (name) => {
    const r = await probeJson([host.url(`/${name}`)]);
    expect({code: r.code, ids: r.ids}).toEqual(EXPECTED[name]);
    const result = r.report.results[0];
    expect(result.status).toBe(200);
    expect(result.profiles).toEqual(['openwop-core']);
    expect(result.discovery).toEqual(JSON.parse(readFileSync(join(DISCOVERY, `${name}.well-known-openwop.json`), 'utf8')));
  });

  it('postgres: the closed httpClient block carries defaultTimeoutMs and redirectPolicy, reported where they are', async () => {
    const r = await probeJson([host.url('/postgres')]);
    const text = readFileSync(join(DISCOVERY, 'postgres.well-known-openwop.json'), 'utf8').split('\n');
    const closed = r.findings.filter((f) => f.ruleId === 'probe/closed-block-key');
    expect(closed.map((f) => f.pointer).sort()).toEqual(['/httpClient/defaultTimeoutMs', '/httpClient/redirectPolicy']);
    for (const f of closed) {
      expect(f.severity).toBe('error');
      expect(f.message).toMatch(/httpClient/);
      expect(text[f.line - 1].slice(f.column - 1)).toMatch(new RegExp(`^"${f.pointer.split('/').pop()}"`));
    }
  });
});
