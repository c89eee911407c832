// Class 3 of issue 14: folder walks (inputs, globs, kind-schema folders, pack registries, recording folders) never
// follow a symbolic link out of the folder walked, as git and ripgrep do; --follow-symlinks opts in, loops stay safe.
import {mkdirSync, symlinkSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {outside, project, put, run, runJson} from './reads-helpers.js';

const LOOSE = {type: 'object', required: ['a'], properties: {a: {type: 'string'}}};
const CLEAN = {type: 'object', additionalProperties: false, required: ['a'], properties: {a: {type: 'string'}}};
const ENVELOPE = {type: 'error', envelopeId: 'e', correlationId: 'c', payload: {code: 'x', message: 'y'}, meta: {source: 'system', ts: '2026-01-01T00:00:00Z'}};

/** A project whose schemas/ folder holds one schema of its own and links out: to a folder outside, a file outside, and /. */
function linkedOut(): {dir: string} {
  const secrets = outside();
  const away = outside();
  put(away, {'far/loose.json': LOOSE});
  const dir = project({'schemas/own.json': CLEAN, 'schemas/sub/inner.json': CLEAN, 'elsewhere/near.json': LOOSE});
  symlinkSync(secrets, join(dir, 'schemas/credentials'));
  symlinkSync(join(away, 'far'), join(dir, 'schemas/far'));
  symlinkSync(join(away, 'far/loose.json'), join(dir, 'schemas/file-link.json'));
  symlinkSync('/', join(dir, 'schemas/root'));
  symlinkSync(join(dir, 'elsewhere'), join(dir, 'schemas/sibling'));
  symlinkSync(join(dir, 'schemas/sub'), join(dir, 'schemas/inner-link'));
  return {dir};
}

describe('lint schema: folder walks and globs', () => {
  it('links out of the folder walked (a folder, a file, /, a sibling folder) are skipped; a link within it is walked once', async () => {
    const {dir} = linkedOut();
    const r = await runJson(['lint', 'schema', 'schemas'], {cwd: dir, seconds: 30});
    expect(r.code).toBe(0);
    expect(r.findings).toEqual([]);
    expect(JSON.parse(r.stdout).summary.files).toBe(2);
  });

  it('--follow-symlinks follows links out of it, and a loop back up still ends', async () => {
    const followed = project({'schemas/own.json': CLEAN});
    const away = outside();
    put(away, {'far/loose.json': LOOSE});
    symlinkSync(join(away, 'far'), join(followed, 'schemas/far'));
    symlinkSync(followed, join(followed, 'schemas/up'));
    const r = await runJson(['lint', 'schema', 'schemas', '--follow-symlinks'], {cwd: followed, seconds: 30});
    expect(r.findings.map((f) => f.ruleId)).toEqual(['tier1/additional-properties']);
    expect(r.findings[0].file).toBe('schemas/far/loose.json');
    expect(JSON.parse(r.stdout).summary.files).toBe(2);
    // Without the flag the same tree gives only its own file.
    expect(JSON.parse((await runJson(['lint', 'schema', 'schemas'], {cwd: followed})).stdout).summary.files).toBe(1);
  });

  it('globs do not match through links out of the project unless --follow-symlinks', async () => {
    const {dir} = linkedOut();
    const r = await runJson(['lint', 'schema', 'schemas/**/*.json'], {cwd: dir, seconds: 30});
    expect(r.code).toBe(0);
    expect(r.findings).toEqual([]);
    const followed = await runJson(['lint', 'schema', 'schemas/f*/*.json', '--follow-symlinks'], {cwd: dir, seconds: 30});
    expect(followed.findings.map((f) => f.file)).toEqual(['schemas/far/loose.json']);
  });

  it('a folder named inside the project that is a link out of it is io/outside-root (exit 2) unless --follow-symlinks', async () => {
    const {dir} = linkedOut();
    const r = await runJson(['lint', 'schema', 'schemas/far'], {cwd: dir});
    expect(r.code).toBe(2);
    expect(r.findings.map((f) => f.ruleId)).toEqual(['io/outside-root']);
    expect(r.findings[0].message).toContain('schemas/far');
    const followed = await runJson(['lint', 'schema', 'schemas/far', '--follow-symlinks'], {cwd: dir});
    expect(followed.code).toBe(1);
    expect(followed.findings.map((f) => f.ruleId)).toEqual(['tier1/additional-properties']);
  });
});

describe('validate envelope and validate pack: folder walks', () => {
  it('validate envelope does not walk a link to a folder outside the tree', async () => {
    const away = outside();
    put(away, {'bad.json': {type: 'error'}});
    const dir = project({'runs/ok.json': ENVELOPE});
    symlinkSync(away, join(dir, 'runs/away'));
    symlinkSync('/', join(dir, 'runs/root'));
    const r = await runJson(['validate', 'envelope', 'runs'], {cwd: dir, seconds: 30});
    expect(r.code).toBe(0);
    expect(r.files).toEqual(['runs/ok.json']);
    const followed = await runJson(['validate', 'envelope', 'runs/away', 'runs/ok.json', '--follow-symlinks'], {cwd: dir});
    expect(followed.code).toBe(1);
  });

  it('validate pack does not find manifests through a link out of a registry folder', async () => {
    const manifest = {
      name: 'vendor.acme.walk',
      version: '1.0.0',
      engines: {openwop: '1'},
      runtime: {language: 'javascript', entry: 'index.mjs'},
      nodes: [{typeId: 'vendor.acme.walk.a', version: '1.0.0', category: 'data', role: 'pure'}],
    };
    const away = outside();
    put(away, {'other/pack.json': {...manifest, name: 'vendor.acme.away', kind: 'nonsense'}});
    const dir = project({'registry/one/pack.json': manifest, 'registry/one/index.mjs': 'export {};\n'});
    symlinkSync(join(away, 'other'), join(dir, 'registry/other'));
    const r = await runJson(['validate', 'pack', 'registry'], {cwd: dir});
    expect(r.code).toBe(0);
    expect(r.files).toEqual(['registry/one/pack.json']);
    const followed = await runJson(['validate', 'pack', 'registry', '--follow-symlinks'], {cwd: dir});
    expect(followed.files).toContain('registry/other/pack.json');
  });

  it('--schemas DIR: a kind schema that is a link out of the folder is not loaded', async () => {
    const away = outside();
    put(away, {'vendor.acme.x.schema.json': {type: 'object', required: ['never']}});
    const dir = project({'e.json': {...ENVELOPE, type: 'vendor.acme.x'}, 'kinds/.keep': ''});
    symlinkSync(join(away, 'vendor.acme.x.schema.json'), join(dir, 'kinds/vendor.acme.x.schema.json'));
    const r = await runJson(['validate', 'envelope', 'e.json', '--schemas', 'kinds'], {cwd: dir});
    expect(r.findings.map((f) => f.ruleId)).toEqual(['envelope/unknown-kind']);
    const followed = await runJson(['validate', 'envelope', 'e.json', '--schemas', 'kinds', '--follow-symlinks', '--ref-root', away], {cwd: dir});
    expect(followed.findings.map((f) => f.ruleId)).toEqual(['envelope/payload-invalid']);
  });
});

describe('simulate retry: a folder recording', () => {
  it('a call file that is a link out of the folder is not replayed', async () => {
    const call = (finish: string, content: string) => ({
      object: 'chat.completion',
      model: 'm',
      choices: [{index: 0, message: {role: 'assistant', content, refusal: null}, finish_reason: finish}],
      usage: {completion_tokens: 1},
    });
    const away = outside();
    put(away, {'2.json': call('stop', '{"a": "x"}')});
    const dir = project({'rec/1.json': call('length', '{"a"')});
    symlinkSync(join(away, '2.json'), join(dir, 'rec/2.json'));
    mkdirSync(join(dir, 'rec/sub'));
    const r = await runJson(['simulate', 'retry', 'rec', '--max-tokens', '10'], {cwd: dir});
    const result = JSON.parse(r.stdout).results[0];
    expect(result.recording.calls).toBe(1);
    expect(result.outcome).toBe('recording-exhausted');
    const followed = JSON.parse((await runJson(['simulate', 'retry', 'rec', '--max-tokens', '10', '--follow-symlinks'], {cwd: dir})).stdout).results[0];
    expect(followed.recording.calls).toBe(2);
    expect(followed.outcome).toBe('accepted');
  });
});

describe('a link loop with --follow-symlinks', () => {
  it('ends, each file once', async () => {
    const dir = project({'t/a/x.json': CLEAN});
    symlinkSync(join(dir, 't'), join(dir, 't/a/loop'));
    symlinkSync('..', join(dir, 't/a/up'));
    const r = await run(['lint', 'schema', 't', '--follow-symlinks', '--format', 'json'], {cwd: dir, seconds: 30});
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).summary.files).toBe(1);
  });
});
