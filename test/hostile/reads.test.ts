// Class 2 of issue 14: a file that input names ($ref, a manifest's files, kind schemas, capabilities, --schema, the
// config's paths) is read only when it is a regular file inside a root; non-regular inputs named on the command line
// are streams with the size cap, and a FIFO without a writer ends in io/timeout instead of hanging.
import {mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import {join, relative} from 'node:path';
import {pathToFileURL} from 'node:url';
import {describe, expect, it} from 'vitest';
import {BIN, runProgram} from '../helpers/cli.js';
import {endless, feed, fifo, outside, project, put, run, runJson, SECRET} from './reads-helpers.js';

const LOOSE = {type: 'object', required: ['a'], properties: {a: {type: 'string'}}};
const CLEAN = {type: 'object', additionalProperties: false, required: ['a'], properties: {a: {type: 'string'}}};
const refSchema = (ref: string) => ({type: 'object', additionalProperties: false, required: ['x'], properties: {x: {$ref: ref}}});
const ENVELOPE = {type: 'error', envelopeId: 'e', correlationId: 'c', payload: {code: 'x', message: 'y'}, meta: {source: 'system', ts: '2026-01-01T00:00:00Z'}};
const ids = (r: {findings: {ruleId: string}[]}) => r.findings.map((f) => f.ruleId);

describe('lint schema: the files a $ref may name', () => {
  it('a relative $ref leading out of the project ("../../etc/passwd") is ref/outside-root, named, and not read', async () => {
    const out = outside();
    const dir = project();
    const ref = relative(dir, join(out, 'secret.json'));
    put(dir, {'s.json': refSchema(ref)});
    const r = await runJson(['lint', 'schema', 's.json'], {cwd: dir});
    expect(r.code).toBe(1);
    expect(ids(r)).toEqual(['ref/outside-root']);
    expect(r.findings[0].message).toContain(`"$ref": "${ref}"`);
  });

  it('an absolute path and a file: URL are refused the same way, even inside the project', async () => {
    const out = outside();
    const dir = project({'inside.json': CLEAN});
    put(dir, {
      's.json': {
        ...refSchema(join(out, 'secret.json')),
        properties: {x: {$ref: join(out, 'secret.json')}, y: {$ref: join(dir, 'inside.json')}, z: {$ref: pathToFileURL(join(out, 'secret.json')).href}},
        required: ['x', 'y', 'z'],
      },
    });
    const r = await runJson(['lint', 'schema', 's.json'], {cwd: dir});
    expect(ids(r)).toEqual(['ref/outside-root', 'ref/outside-root', 'ref/outside-root']);
  });

  it('a symbolic link in the project to a file outside is refused; --ref-root on its folder allows it', async () => {
    const out = outside();
    put(out, {'loose.json': LOOSE});
    const dir = project({'s.json': refSchema('linked.json')});
    symlinkSync(join(out, 'loose.json'), join(dir, 'linked.json'));
    const refused = await runJson(['lint', 'schema', 's.json'], {cwd: dir});
    expect(ids(refused)).toEqual(['ref/outside-root']);
    const allowed = await runJson(['lint', 'schema', 's.json', '--ref-root', out], {cwd: dir});
    expect(ids(allowed)).toEqual(['tier1-ext/additional-properties']);
    const missing = await run(['lint', 'schema', 's.json', '--ref-root', join(out, 'nope')], {cwd: dir});
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--ref-root');
  });

  it('"$ref": "/dev/zero" (once out of memory) and a link to it are refused at once', async () => {
    const dir = project({'z.json': {$ref: '/dev/zero'}, 'l.json': refSchema('zero.json')});
    symlinkSync('/dev/zero', join(dir, 'zero.json'));
    const r = await runJson(['lint', 'schema', 'z.json', 'l.json'], {cwd: dir, seconds: 20});
    expect(r.code).toBe(1);
    expect(ids(r).filter((id) => id.startsWith('ref/'))).toEqual(['ref/outside-root', 'ref/outside-root']);
  });

  it('a $ref to a FIFO in the project is ref/not-regular, without waiting for a writer', async () => {
    const dir = project({'s.json': refSchema('pipe.json')});
    fifo(join(dir, 'pipe.json'));
    const r = await runJson(['lint', 'schema', 's.json'], {cwd: dir, seconds: 20});
    expect(ids(r)).toEqual(['ref/not-regular']);
    expect(r.findings[0].message).toContain('pipe.json');
  });

  it('--max-size caps a referenced file as it caps the schema itself', async () => {
    const dir = project({'s.json': refSchema('big.json'), 'big.json': {...CLEAN, description: 'x'.repeat(2 * 1024 * 1024)}});
    const capped = await runJson(['lint', 'schema', 's.json', '--max-size', '1'], {cwd: dir});
    expect(ids(capped)).toEqual(['ref/unresolved']);
    expect(capped.findings[0].message).toMatch(/over the 1 MB limit/);
    expect(ids(await runJson(['lint', 'schema', 's.json', '--max-size', '3'], {cwd: dir}))).toEqual([]);
  });

  it('a schema named outside the project brings its own folder as a root, and no further, whether the file is there or not', async () => {
    const out = outside();
    const beside = outside();
    const properties = {x: {$ref: 'loose.json'}, y: {$ref: relative(out, join(beside, 'schema.json'))}, z: {$ref: relative(out, join(beside, 'absent.json'))}};
    put(out, {'named.json': {...refSchema('loose.json'), properties, required: ['x', 'y', 'z']}, 'loose.json': LOOSE});
    const r = await runJson(['lint', 'schema', join(out, 'named.json')], {cwd: project()});
    expect(ids(r).sort()).toEqual(['ref/outside-root', 'ref/outside-root', 'tier1-ext/additional-properties']);
  });
});

describe('inputs named on the command line that are not regular files are read as streams', () => {
  it('a FIFO is read once a writer comes (it read as empty before)', async () => {
    const dir = project();
    const path = fifo(join(dir, 'in.json'));
    const [r] = await Promise.all([runJson(['lint', 'schema', 'in.json'], {cwd: dir, seconds: 20}), feed(path, JSON.stringify(LOOSE, null, 2))]);
    expect(r.code).toBe(1);
    expect(ids(r)).toEqual(['tier1/additional-properties']);
    expect(r.files).toEqual(['in.json']);
  });

  it('a FIFO nothing writes to ends in io/timeout (exit 2) after --input-timeout', async () => {
    const dir = project();
    fifo(join(dir, 'in.json'));
    const started = Date.now();
    const r = await runJson(['lint', 'schema', 'in.json', '--input-timeout', '300'], {cwd: dir, seconds: 20});
    expect(r.code).toBe(2);
    expect(ids(r)).toEqual(['io/timeout']);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('a stream is held to --max-size: an endless one is cut off there, not read for ever', async () => {
    const dir = project();
    const path = fifo(join(dir, 'in.json'));
    const writer = endless(path, `"description": "${'x'.repeat(1024)}",\n`);
    const r = await runJson(['lint', 'schema', 'in.json', '--max-size', '1'], {cwd: dir, seconds: 20});
    writer.destroy();
    expect(r.code).toBe(2);
    expect(ids(r)).toEqual(['io/too-large']);
  });

  it('an endless line (a pipe that never sends a newline) stops the read at --max-size, in document and in stream mode', async () => {
    const dir = project();
    const documentPath = fifo(join(dir, 'doc.json'));
    const writer = endless(documentPath, 'x'.repeat(1024));
    const asDocument = await runJson(['lint', 'schema', 'doc.json', '--max-size', '1'], {cwd: dir, seconds: 20});
    writer.destroy();
    expect(asDocument.code).toBe(2);
    expect(ids(asDocument)).toEqual(['io/too-large']);

    // A first line that is a whole value makes the pipe an NDJSON stream; its second line never ends.
    const streamPath = fifo(join(dir, 'run.ndjson'));
    const tail = endless(streamPath, 'y'.repeat(1024), `${JSON.stringify(ENVELOPE)}\n`);
    const asStream = await runJson(['validate', 'envelope', 'run.ndjson', '--max-size', '1'], {cwd: dir, seconds: 20});
    tail.destroy();
    expect(asStream.code).toBe(1);
    expect(asStream.summary.envelopes).toBe(1);
    const stopped = asStream.findings.find((f) => f.ruleId === 'io/too-large');
    expect(stopped?.line).toBe(2);
    expect(stopped?.message).toContain('reading stopped there');
  });

  it("/dev/stdin named as a path, and <(cmd), are read (a shell's pipes: node gives its children sockets)", async () => {
    const dir = project();
    const cli = `"${process.execPath}" "${BIN}"`;
    const piped = await runProgram('bash', ['-c', `echo '${JSON.stringify(LOOSE)}' | ${cli} lint schema /dev/stdin --format json`], {cwd: dir});
    expect(JSON.parse(piped.stdout).results[0].findings.map((f: {ruleId: string}) => f.ruleId)).toEqual(['tier1/additional-properties']);
    const sub = await runProgram('bash', ['-c', `${cli} validate envelope <(echo '${JSON.stringify(ENVELOPE)}') --format json`], {cwd: dir});
    expect(sub.code).toBe(0);
    expect(JSON.parse(sub.stdout).summary.envelopes).toBe(1);
  });

  it('validate envelope reads a named FIFO as an NDJSON stream', async () => {
    const dir = project();
    const path = fifo(join(dir, 'run.ndjson'));
    const lines = [ENVELOPE, {...ENVELOPE, envelopeId: 'e2', correlationId: 'c2'}, {type: 'error'}].map((e) => JSON.stringify(e)).join('\n');
    const [r] = await Promise.all([runJson(['validate', 'envelope', 'run.ndjson'], {cwd: dir, seconds: 20}), feed(path, `${lines}\n`)]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).summary.envelopes).toBe(3);
  });
});

describe('validate envelope: kind schemas and capabilities', () => {
  it('config kindSchemas or capabilities outside the project: exit 2, named, not read', async () => {
    const out = outside();
    const dir = project({'e.json': ENVELOPE});
    put(dir, {'openwop.config.json': {kindSchemas: [relative(dir, out)]}});
    const schemas = await run(['validate', 'envelope', 'e.json'], {cwd: dir});
    expect(schemas.code).toBe(2);
    expect(schemas.stderr).toMatch(/kind schema folder .* leads outside the project root/);
    put(dir, {'openwop.config.json': {capabilities: relative(dir, join(out, 'secret.json'))}});
    const caps = await run(['validate', 'envelope', 'e.json'], {cwd: dir});
    expect(caps.code).toBe(2);
    expect(caps.stderr).toMatch(/secret\.json.*leads outside the project root/);
  });

  it('--capabilities as a FIFO is read; without a writer it times out (exit 2)', async () => {
    const dir = project({'e.json': ENVELOPE});
    const path = fifo(join(dir, 'caps.json'));
    const caps = {protocolVersion: '1.0.0', supportedEnvelopes: ['vendor.acme.only']};
    const [r] = await Promise.all([runJson(['validate', 'envelope', 'e.json', '--capabilities', 'caps.json'], {cwd: dir, seconds: 20}), feed(path, JSON.stringify(caps))]);
    expect(ids(r)).toContain('envelope/unknown-kind');
    const late = await run(['validate', 'envelope', 'e.json', '--capabilities', 'caps.json', '--input-timeout', '200'], {cwd: dir, seconds: 20});
    expect(late.code).toBe(2);
    expect(late.stderr).toContain('--input-timeout');
  });

  it('a kind schema over --max-size is refused (exit 2); one that is a FIFO is never opened', async () => {
    const dir = project({'e.json': {...ENVELOPE, type: 'vendor.acme.big'}, 'kinds/vendor.acme.big.schema.json': {type: 'object', description: 'x'.repeat(2 * 1024 * 1024)}});
    const big = await run(['validate', 'envelope', 'e.json', '--schemas', 'kinds', '--max-size', '1'], {cwd: dir});
    expect(big.code).toBe(2);
    expect(big.stderr).toMatch(/over the 1 MB limit/);
    fifo(join(dir, 'kinds/vendor.acme.pipe.schema.json'));
    put(dir, {'pipe.json': {...ENVELOPE, type: 'vendor.acme.pipe'}});
    const piped = await runJson(['validate', 'envelope', 'pipe.json', '--schemas', 'kinds'], {cwd: dir, seconds: 20});
    expect(piped.code).toBe(0);
    expect(ids(piped)).toEqual(['envelope/unknown-kind']);
  });
});

describe('validate pack: the files a manifest names', () => {
  const manifest = {
    name: 'vendor.acme.reads',
    version: '1.0.0',
    engines: {openwop: '1'},
    runtime: {language: 'javascript', entry: 'index.mjs'},
    nodes: [{typeId: 'vendor.acme.reads.a', version: '1.0.0', category: 'data', role: 'pure', inputSchemaRef: 'schemas/in.json'}],
  };

  it('a node schema or runtime entry that is a symbolic link out of the pack is pack/ref-outside-pack and not read', async () => {
    const out = outside();
    writeFileSync(join(out, 'entry.mjs'), `// ${SECRET}\nimport fs from 'node:fs';\n`);
    const dir = project({'pack.json': manifest});
    mkdirSync(join(dir, 'schemas'));
    symlinkSync(join(out, 'secret.json'), join(dir, 'schemas/in.json'));
    symlinkSync(join(out, 'entry.mjs'), join(dir, 'index.mjs'));
    const r = await runJson(['validate', 'pack', '.'], {cwd: dir});
    expect(r.code).toBe(1);
    expect(ids(r).sort()).toEqual(['pack/ref-outside-pack', 'pack/ref-outside-pack']);
    expect(r.findings.map((f) => f.message).join('\n')).toMatch(/"schemas\/in\.json".*not read[\s\S]*"index\.mjs".*not read|"index\.mjs".*not read[\s\S]*"schemas\/in\.json".*not read/);
  });

  it('a schemas folder that is a symbolic link out of the pack refuses every file named through it, not only the first', async () => {
    const out = outside();
    writeFileSync(join(out, 'in.json'), JSON.stringify({type: 'object', description: SECRET}));
    writeFileSync(join(out, 'out.json'), JSON.stringify({type: 'object', description: SECRET}));
    const dir = project({'pack.json': {...manifest, nodes: [{...manifest.nodes[0], outputSchemaRef: 'schemas/out.json'}]}, 'index.mjs': 'export {};\n'});
    symlinkSync(out, join(dir, 'schemas'));
    const r = await runJson(['validate', 'pack', '.'], {cwd: dir});
    expect(r.code).toBe(1);
    expect(ids(r)).toEqual(['pack/ref-outside-pack', 'pack/ref-outside-pack']);
    expect(JSON.stringify(r)).not.toContain(SECRET);
  });

  it('an import whose opened file is a link out of the pack (./x → x.js, ./dir → dir/index.js, ./lib/x through a linked folder) is refused and not read', async () => {
    const out = outside();
    // Read, each would show SECRET nowhere (it is a comment) but make --grant-none refuse net.outbound.
    put(out, {'x.js': `// ${SECRET}\nimport https from 'node:https';\n`, 'lib/x.js': `// ${SECRET}\nexport const g = (u) => fetch(u);\n`});
    const dir = project({'pack.json': {...manifest, nodes: [{...manifest.nodes[0], inputSchemaRef: undefined}]}, 'index.mjs': "import './x';\nimport './dir';\nimport './lib/x';\n"});
    mkdirSync(join(dir, 'dir'));
    symlinkSync(join(out, 'x.js'), join(dir, 'x.js'));
    symlinkSync(join(out, 'x.js'), join(dir, 'dir/index.js'));
    symlinkSync(join(out, 'lib'), join(dir, 'lib'));
    const r = await runJson(['validate', 'pack', '.', '--grant-none'], {cwd: dir});
    expect(r.code).toBe(1);
    expect(r.findings.map((f) => [f.ruleId, f.message])).toEqual([
      ['pack/ref-outside-pack', 'index.mjs:1:1 imports "./x", which opens x.js, and that leads out of the pack through a symbolic link; it was not read'],
      ['pack/ref-outside-pack', 'index.mjs:2:1 imports "./dir", which opens dir/index.js, and that leads out of the pack through a symbolic link; it was not read'],
      ['pack/ref-outside-pack', 'index.mjs:3:1 imports "./lib/x", which opens lib/x.js, and that leads out of the pack through a symbolic link; it was not read'],
      // Not read, so what they reach is unknown: a host granting nothing does not install the pack.
      ['pack/runtime-requirement-unmet', 'a host granting nothing does not install the pack: an import in index.mjs could not be scanned, so what it reaches is unknown (blockedBy code-not-scanned)'],
    ]);
  });

  it('a referenced FIFO is io/not-regular, without waiting for a writer', async () => {
    const dir = project({'pack.json': manifest, 'index.mjs': 'export {};\n'});
    mkdirSync(join(dir, 'schemas'));
    fifo(join(dir, 'schemas/in.json'));
    const r = await runJson(['validate', 'pack', '.'], {cwd: dir, seconds: 20});
    expect(ids(r)).toEqual(['io/not-regular']);
  });

  it("--lint-schemas=all: a node schema's $ref out of the project is ref/outside-root", async () => {
    const out = outside();
    const dir = project({'pack.json': manifest, 'index.mjs': 'export {};\n'});
    put(dir, {'schemas/in.json': refSchema(relative(join(dir, 'schemas'), join(out, 'secret.json')))});
    const r = await runJson(['validate', 'pack', '.', '--lint-schemas=all'], {cwd: dir});
    expect(ids(r)).toContain('ref/outside-root');
  });
});

describe('simulate retry: --schema, --capabilities, recordings', () => {
  const program = {nodeId: 'n', program: [{content: '{"a": "x"}'}]};

  it('--schema named inside the project as a link out of it: exit 2, not read', async () => {
    const out = outside();
    const dir = project({'p.json': program});
    symlinkSync(join(out, 'secret.json'), join(dir, 'schema.json'));
    const r = await run(['simulate', 'retry', 'p.json', '--schema', 'schema.json'], {cwd: dir});
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/schema\.json.*outside the project root/);
  });

  it('--schema and the recording given as FIFOs are read as streams', async () => {
    const dir = project();
    const schema = fifo(join(dir, 'schema.json'));
    const recording = fifo(join(dir, 'p.json'));
    const [r] = await Promise.all([
      runJson(['simulate', 'retry', 'p.json', '--schema', 'schema.json'], {cwd: dir, seconds: 20}),
      feed(schema, JSON.stringify(CLEAN)),
      feed(recording, JSON.stringify(program)),
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).results[0].outcome).toBe('accepted');
  });

  it('config capabilities outside the project: exit 2; --max-size caps --schema', async () => {
    const out = outside();
    const dir = project({'p.json': program, 'openwop.config.json': {capabilities: join(out, 'secret.json')}});
    const caps = await run(['simulate', 'retry', 'p.json'], {cwd: dir});
    expect(caps.code).toBe(2);
    expect(caps.stderr).toContain('outside the project root');
    const other = project({'p.json': program, 'big.json': {...CLEAN, description: 'x'.repeat(2 * 1024 * 1024)}});
    const big = await run(['simulate', 'retry', 'p.json', '--schema', 'big.json', '--max-size', '1'], {cwd: other});
    expect(big.code).toBe(2);
    expect(big.stderr).toMatch(/over the 1 MB limit/);
  });
});

describe('probe host --compare', () => {
  it('a link out of the project is refused before any request; --max-size caps the file', async () => {
    const out = outside();
    const dir = project({'big.json': {protocolVersion: '1.0.0', padding: 'x'.repeat(2 * 1024 * 1024)}});
    symlinkSync(join(out, 'secret.json'), join(dir, 'saved.json'));
    // Port 9 (discard) is never reached: --compare is read first.
    const linked = await run(['probe', 'host', 'http://127.0.0.1:9', '--compare', 'saved.json'], {cwd: dir});
    expect(linked.code).toBe(2);
    expect(linked.stderr).toMatch(/saved\.json.*outside the project root/);
    const big = await run(['probe', 'host', 'http://127.0.0.1:9', '--compare', 'big.json', '--max-size', '1'], {cwd: dir});
    expect(big.code).toBe(2);
    expect(big.stderr).toMatch(/over the 1 MB limit/);
  });
});
