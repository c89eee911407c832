import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {join} from 'node:path';
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest';
import {checkDocument} from '../../../src/lsp/check-document.js';
import {envelope, HOST, ndjson} from '../../envelope/helpers.js';
import {tempProject} from '../../helpers/cli.js';

/** A schema whose one property is a remote `$ref`: fetched only when remote refs are allowed. */
const remoteSchema = (url: string) => JSON.stringify({type: 'object', properties: {a: {$ref: url}}, required: ['a'], additionalProperties: false});

describe("a repository's config cannot make the editor fetch URLs: the user allows it through initializationOptions", () => {
  let server: Server;
  let base: string;
  let requests: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(req.url ?? '');
      res.writeHead(200, {'content-type': 'application/json'});
      res.end(req.url?.includes('well-known') ? JSON.stringify(HOST) : JSON.stringify({type: 'string'}));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    requests = [];
  });
  afterAll(async () => {
    await new Promise((done) => server.close(done));
  });

  it('lint.allowRemoteRefs in the config: no $ref is fetched, and the check says the setting was ignored', async () => {
    const root = tempProject({'openwop.config.json': {lint: {allowRemoteRefs: true}}});
    const check = await checkDocument({path: join(root, 'a.schema.json'), text: remoteSchema(`${base}/ref`), root});
    expect(requests).toEqual([]);
    expect(check.networkIgnored).toBe('lint.allowRemoteRefs');
    expect(check.findings.map((f) => f.ruleId)).toContain('ref/remote-not-fetched');
  });

  it('the same in an overrides entry for the file', async () => {
    const root = tempProject({'openwop.config.json': {overrides: [{files: ['*.schema.json'], lint: {allowRemoteRefs: true}}]}});
    const check = await checkDocument({path: join(root, 'a.schema.json'), text: remoteSchema(`${base}/ref`), root});
    expect(requests).toEqual([]);
    expect(check.networkIgnored).toBe('lint.allowRemoteRefs');
  });

  it('with {allowRemoteRefs: true} from the user, the config is honoured', async () => {
    const root = tempProject({'openwop.config.json': {lint: {allowRemoteRefs: true}}});
    const check = await checkDocument({path: join(root, 'a.schema.json'), text: remoteSchema(`${base}/ref`), root, network: {allowRemoteRefs: true}});
    expect(requests).toEqual(['/ref']);
    expect(check.networkIgnored).toBeUndefined();
    expect(check.findings.map((f) => f.ruleId)).not.toContain('ref/remote-not-fetched');
  });

  it('a config that does not ask: nothing fetched, nothing said', async () => {
    const root = tempProject({'openwop.config.json': {}});
    const check = await checkDocument({path: join(root, 'a.schema.json'), text: remoteSchema(`${base}/ref`), root, network: {allowRemoteRefs: true}});
    expect(requests).toEqual([]);
    expect(check.networkIgnored).toBeUndefined();
  });

  it('a capabilities URL in the config: not fetched, the envelope checked without it, the check says so; fetched with {allowCapabilitiesUrl: true}', async () => {
    const root = tempProject({'openwop.config.json': {capabilities: `${base}/caps`}});
    const path = join(root, 'run.ndjson');
    const text = ndjson([envelope(1, {type: 'vendor.acme.not-advertised', payload: {}})]);
    const without = await checkDocument({path, text, root});
    expect(requests).toEqual([]);
    expect(without.networkIgnored).toBe('capabilities');
    expect(without.configProblem).toBeUndefined();
    const withConsent = await checkDocument({path, text, root, network: {allowCapabilitiesUrl: true}});
    expect(requests).toHaveLength(1);
    expect(withConsent.networkIgnored).toBeUndefined();
    expect(withConsent.findings.map((f) => f.ruleId)).toContain('envelope/unknown-kind');
  });
});
