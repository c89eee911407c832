import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {tempProject} from '../helpers/cli.js';
import {FULL_CAPABILITIES, LspClient} from './client.js';

const TOKEN = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';

describe('openwop lsp: a config problem in the pop-up', () => {
  it("shows the config's text escaped and its secrets masked, as the CLI prints it", async () => {
    const root = tempProject({'openwop.config.json': {rules: {[`x\u001b[31mEVIL\u202e${TOKEN}`]: 'off'}}, 'a.schema.json': {type: 'object'}});
    const {client} = await LspClient.start(root);
    await client.open('a.schema.json');
    const shown = await client.until(() => client.shown.find((m) => m.includes('the config cannot be used')));
    expect(shown).not.toMatch(/[\u001b\u202e]/);
    expect(shown).toContain('x\\u001b[31mEVIL\\u202e');
    expect(shown).not.toContain(TOKEN);
    expect(shown).toContain('ghp_');
    expect(await client.stop()).toBe(0);
  });
});

describe("openwop lsp: a repository's config cannot make the editor fetch URLs", () => {
  let server: Server;
  let base: string;
  let requests = 0;

  beforeAll(async () => {
    server = createServer((_req, res) => {
      requests++;
      res.writeHead(200, {'content-type': 'application/json'});
      res.end('{"type": "string"}');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((done) => server.close(done));
  });

  const project = () =>
    tempProject({'openwop.config.json': {lint: {allowRemoteRefs: true}}, 'a.schema.json': {type: 'object', properties: {a: {$ref: `${base}/ref`}}, required: ['a'], additionalProperties: false}});

  it('lint.allowRemoteRefs from the config is ignored, and the log says so once', async () => {
    requests = 0;
    const {client} = await LspClient.start(project());
    const uri = await client.open('a.schema.json');
    const first = await client.diagnostics(uri, 1);
    expect(first.diagnostics.map((d) => d.code)).toContain('ref/remote-not-fetched');
    await client.change(uri, [{text: `${JSON.stringify({type: 'object', properties: {a: {$ref: `${base}/ref2`}}}, null, 1)}\n`}]);
    await client.diagnostics(uri, 2);
    expect(requests).toBe(0);
    expect(client.logs.filter((m) => m.includes('lint.allowRemoteRefs') && m.includes('{"allowRemoteRefs": true}'))).toHaveLength(1);
    expect(await client.stop()).toBe(0);
  });

  it('with initializationOptions {"allowRemoteRefs": true}, the config is honoured', async () => {
    requests = 0;
    const {client} = await LspClient.start(project(), FULL_CAPABILITIES, {initializationOptions: {allowRemoteRefs: true}});
    const uri = await client.open('a.schema.json');
    const first = await client.diagnostics(uri, 1);
    expect(first.diagnostics.map((d) => d.code)).not.toContain('ref/remote-not-fetched');
    expect(requests).toBe(1);
    expect(await client.stop()).toBe(0);
  });
});
