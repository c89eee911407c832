import {createServer, type Server} from 'node:http';
import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runCli, tempDir} from '../helpers/cli.js';

const shared = {$id: 'placeholder', type: 'object', additionalProperties: false, required: ['when'], properties: {when: {type: 'string', format: 'date-time'}, owner: {$ref: 'owner.schema.json'}}};
const owner = {type: 'object', properties: {name: {oneOf: [{type: 'string'}]}}};

describe('lint schema with remote $refs (real HTTP server on loopback)', () => {
  let server: Server;
  let base: string;
  let dir: string;
  const requests: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(req.url ?? '');
      const body = req.url === '/schemas/shared.schema.json' ? shared : req.url === '/schemas/owner.schema.json' ? owner : undefined;
      if (!body) return void res.writeHead(404).end('{}');
      res.writeHead(200, {'content-type': 'application/schema+json'}).end(JSON.stringify(body));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as {port: number}).port}`;
    dir = tempDir();
    writeFileSync(
      join(dir, 'local.schema.json'),
      JSON.stringify(
        {type: 'object', additionalProperties: false, required: ['a', 'b'], properties: {a: {$ref: `${base}/schemas/shared.schema.json`}, b: {$ref: `${base}/schemas/missing.schema.json`}}},
        null,
        2,
      ),
    );
  });
  afterAll(() => server.close());

  it('without --allow-remote-refs nothing is fetched and each remote ref is an info finding', async () => {
    requests.length = 0;
    const r = await runCli(['lint', 'schema', 'local.schema.json', '--json'], {cwd: dir});
    expect(requests).toEqual([]);
    expect(JSON.parse(r.stdout).results[0].findings.map((f: {ruleId: string}) => f.ruleId)).toEqual(['ref/remote-not-fetched', 'ref/remote-not-fetched']);
  });

  it('with --allow-remote-refs the named documents (and their relative refs) are fetched and linted; a 404 is ref/unresolved', async () => {
    requests.length = 0;
    const r = await runCli(['lint', 'schema', 'local.schema.json', '--allow-remote-refs', '--json'], {cwd: dir});
    expect(r.code).toBe(1);
    expect(requests.sort()).toEqual(['/schemas/missing.schema.json', '/schemas/owner.schema.json', '/schemas/shared.schema.json']);
    const findings = JSON.parse(r.stdout).results.flatMap((x: {findings: {file: string; ruleId: string}[]}) => x.findings.map((f) => `${f.file.replace(base, '')} ${f.ruleId}`));
    expect(findings).toContain('local.schema.json ref/unresolved');
    expect(findings).toContain('/schemas/shared.schema.json tier1-ext/string-constraint');
    expect(findings).toContain('/schemas/owner.schema.json tier1-ext/forbidden-keyword');
  });
});
