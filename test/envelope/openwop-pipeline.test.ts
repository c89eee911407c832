import {mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {hostProfile} from '../../src/envelope/index.js';
import {UserError} from '../../src/core/user-error.js';
import {tempDir} from '../helpers/cli.js';
import {brief, capabilitiesFile, check, envelope, HOST, ndjson, ofRule} from './helpers.js';

const VENDOR_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  required: ['title'],
  properties: {reasoning: {type: 'string'}, title: {type: 'string', minLength: 1}},
  additionalProperties: false,
};

function schemaFolder(): string {
  const dir = join(tempDir(), 'kinds');
  mkdirSync(dir);
  writeFileSync(join(dir, 'vendor.acme.plan.create.schema.json'), JSON.stringify(VENDOR_SCHEMA));
  return dir;
}

describe('the accept pipeline, in order', () => {
  it('stops at the shape stage: no kind or payload finding for a shapeless envelope', async () => {
    const {findings, result} = await check(ndjson([{...envelope(1), type: 'nonsense kind', payload: 42, extra: true}]));
    expect(new Set(findings.map((f) => f.ruleId))).toEqual(new Set(['envelope/shape']));
    expect(result).toMatchObject({envelopes: 1, valid: 0, invalid: 1});
  });

  it('an unknown kind is a warning without a host or --strict, and an error with either', async () => {
    const text = ndjson([envelope(1, {type: 'vendor.acme.other', payload: {}})]);
    expect(brief((await check(text)).findings)).toEqual(['1 warning envelope/unknown-kind']);
    expect(brief((await check(text, {strict: true})).findings)).toEqual(['1 error envelope/unknown-kind']);
    const hosted = await check(text, {capabilities: capabilitiesFile(HOST)});
    expect(brief(hosted.findings)).toEqual(['1 error envelope/unknown-kind']);
    expect(hosted.findings[0].message).toContain('does not advertise it');
  });

  it('an engine-only host (supportedEnvelopes []) refuses every envelope, universal ones too', async () => {
    const {findings} = await check(ndjson([envelope(1)]), {capabilities: capabilitiesFile({...HOST, supportedEnvelopes: []})});
    expect(brief(findings)).toEqual(['1 error envelope/unknown-kind']);
    expect(findings[0].message).toContain('engine-only');
  });

  it('payload errors are envelope/payload-invalid at the payload pointer', async () => {
    const {findings} = await check(ndjson([envelope(1, {payload: {code: '', message: 'm', extra: 1}})]));
    expect(findings.map((f) => [f.ruleId, f.pointer])).toEqual([
      ['envelope/payload-invalid', '/payload/extra'],
      ['envelope/payload-invalid', '/payload/code'],
    ]);
  });

  it('checks vendor kinds against --schemas files (draft-07 $schema tolerated) and --kind bare payloads against them', async () => {
    const dir = schemaFolder();
    const text = ndjson([envelope(1, {type: 'vendor.acme.plan.create', payload: {title: 'Q3'}}), envelope(2, {type: 'vendor.acme.plan.create', payload: {title: ''}})]);
    const {findings, result} = await check(text, {schemaDirs: [dir]});
    expect(brief(findings)).toEqual(['2 error envelope/payload-invalid']);
    expect(result.kinds).toEqual({'vendor.acme.plan.create': 2});
    const bare = await check('{"title": 7}', {schemaDirs: [dir], kind: 'vendor.acme.plan.create'});
    expect(brief(bare.findings)).toEqual(['1 error envelope/payload-invalid']);
  });

  it('a host-advertised kind with no schema is checked for everything but its payload (info)', async () => {
    const {findings} = await check(ndjson([envelope(1, {type: 'vendor.acme.plan.create', payload: {anything: true}})]), {capabilities: capabilitiesFile(HOST)});
    expect(brief(findings)).toEqual(['1 info envelope/kind-schema-missing']);
  });

  it('usage errors: an unknown --kind, --kind with foxctl, a missing schema folder, a broken schema file', async () => {
    await expect(check('{}', {kind: 'vendor.acme.nope'})).rejects.toThrow(UserError);
    await expect(check('{}', {kind: 'error', protocol: 'foxctl'})).rejects.toThrow(/--protocol foxctl/);
    await expect(check('{}', {schemaDirs: ['no/such/folder']})).rejects.toThrow(/no such folder/);
    const dir = join(tempDir(), 'broken');
    mkdirSync(dir);
    writeFileSync(join(dir, 'vendor.acme.x.schema.json'), '{"type": "object",');
    await expect(check(ndjson([envelope(1, {type: 'vendor.acme.x', payload: {}})]), {schemaDirs: [dir]})).rejects.toThrow(/vendor\.acme\.x\.schema\.json:1:\d+/);
    writeFileSync(join(dir, 'vendor.acme.x.schema.json'), '{"type": "no-such-type"}');
    await expect(check(ndjson([envelope(1, {type: 'vendor.acme.x', payload: {}})]), {schemaDirs: [dir]})).rejects.toThrow(/does not compile/);
  });
});

describe('kind naming', () => {
  it('warns on un-namespaced and legacy kinds, errors under --strict', async () => {
    const dir = tempDir();
    for (const kind of ['plan.create', 'prd.create']) writeFileSync(join(dir, `${kind}.schema.json`), '{"type": "object"}');
    const text = ndjson([envelope(1, {type: 'plan.create', payload: {}}), envelope(2, {type: 'prd.create', payload: {}}), envelope(3, {type: 'vendor.acme.plan', payload: {}})]);
    const loose = await check(text, {schemaDirs: [dir]});
    expect(brief(loose.findings)).toEqual(['1 warning envelope/kind-naming', '2 warning envelope/legacy-kind', '3 warning envelope/unknown-kind']);
    const strict = await check(text, {schemaDirs: [dir], strict: true});
    expect(brief(strict.findings)).toEqual(['1 error envelope/kind-naming', '2 error envelope/legacy-kind', '3 error envelope/unknown-kind']);
  });
});

describe('schemaVersion against the host', () => {
  const host = (strictness?: 'warn' | 'strict') => capabilitiesFile({...HOST, schemaVersions: {error: 2}, ...(strictness ? {envelopeStrictness: strictness} : {})});

  it('higher than advertised is envelope/unknown-schema-version under any strictness, and stops the pipeline', async () => {
    const {findings} = await check(ndjson([envelope(1, {schemaVersion: 3, payload: {}})]), {capabilities: host('warn')});
    expect(brief(findings)).toEqual(['1 error envelope/unknown-schema-version']);
  });

  it('lower (absent = 0) is drift under warn (the default) and refused under strict or --strict', async () => {
    const text = ndjson([envelope(1, {schemaVersion: 1}), envelope(2, {schemaVersion: undefined})]);
    expect(brief((await check(text, {capabilities: host()})).findings)).toEqual(['1 warning envelope/schema-version-drift', '2 warning envelope/schema-version-drift']);
    expect(brief((await check(text, {capabilities: host('strict')})).findings)).toEqual(['1 error envelope/unknown-schema-version', '2 error envelope/unknown-schema-version']);
    expect(brief((await check(text, {capabilities: host('warn'), strict: true})).findings)).toEqual(['1 error envelope/unknown-schema-version', '2 error envelope/unknown-schema-version']);
  });

  it('equal, or a kind the host gives no version for, is fine', async () => {
    const {findings} = await check(ndjson([envelope(1, {schemaVersion: 2}), envelope(2, {type: 'clarification.request', payload: {questions: [{id: 'q', question: '?'}]}})]), {capabilities: host()});
    expect(findings).toEqual([]);
  });
});

describe('payload cross-checks', () => {
  it('schema.request must name an advertised kind', async () => {
    const text = ndjson([
      envelope(1, {type: 'schema.request', payload: {envelopeType: 'vendor.acme.plan.create'}}),
      envelope(2, {type: 'schema.request', payload: {envelopeType: 'vendor.other.thing'}}),
    ]);
    expect(brief((await check(text, {capabilities: capabilitiesFile(HOST)})).findings)).toEqual(['2 error envelope/unknown-kind']);
    expect((await check(text)).findings).toEqual([]);
  });

  it('inline base64 media over maxInlineMediaBytes (default 262144) is refused', async () => {
    const media = (bytes: number) => ({type: 'media.image', payload: {bytes, mimeType: 'image/png', base64: 'A'.repeat(Math.ceil(bytes / 3) * 4)}});
    const text = ndjson([envelope(1, media(1000)), envelope(2, media(300_000))]);
    expect(brief((await check(text)).findings)).toEqual(['2 error envelope/media-inline-too-large']);
    const small = capabilitiesFile({...HOST, supportedEnvelopes: ['media.image'], aiProviders: {maxInlineMediaBytes: 500}});
    expect(brief((await check(text, {capabilities: small})).findings)).toEqual(['1 error envelope/media-inline-too-large', '2 error envelope/media-inline-too-large']);
  });
});

describe('host profile', () => {
  it('reads families at the root first, then inside the deprecated capabilities wrapper', () => {
    const p = hostProfile({capabilities: {supportedEnvelopes: ['error'], limits: {envelopesPerTurn: 9}}, limits: {envelopesPerTurn: 2}}, 'x');
    expect([...p.supportedEnvelopes]).toEqual(['error']);
    expect(p.limits.envelopesPerTurn).toBe(2);
    expect(p.strictness).toBe('warn');
  });

  it('refuses fields of the wrong type as usage errors', () => {
    expect(() => hostProfile({supportedEnvelopes: 'error'}, 'x')).toThrow(UserError);
    expect(() => hostProfile({supportedEnvelopes: [], envelopeStrictness: true}, 'x')).toThrow(/envelopeStrictness/);
    expect(() => hostProfile({supportedEnvelopes: [], limits: {envelopesPerTurn: -1}}, 'x')).toThrow(/envelopesPerTurn/);
  });

  it('a capabilities file that cannot be read is a usage error', async () => {
    await expect(check('{}', {capabilities: join(tempDir(), 'none.json')})).rejects.toThrow(UserError);
  });
});

describe('inputs', () => {
  it('checks each element of a JSON array and counts kinds', async () => {
    const {findings, result} = await check(JSON.stringify([envelope(1), envelope(2, {meta: {}})], null, 2));
    expect(ofRule(findings, 'envelope/shape').every((f) => f.pointer.startsWith('/1/meta'))).toBe(true);
    expect(result).toMatchObject({envelopes: 2, valid: 1, invalid: 1, kinds: {error: 2}});
  });
});
