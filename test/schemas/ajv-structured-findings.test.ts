import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {validateBundle} from '../../src/bundle/index.js';
import type {Finding} from '../../src/core/finding.js';
import {renderMessage} from '../../src/core/rule.js';
import {JsonDocument} from '../../src/io/json-document.js';
import {validatePackInputs} from '../../src/pack/index.js';
import {checkAdvertisement} from '../../src/probe/index.js';
import {checkV2Advertisement} from '../../src/probe/v2/check-v2.js';
import {simulateRetry} from '../../src/retry/index.js';
import {allRules} from '../../src/rule-catalog.js';
import {makeBundle, newKey} from '../bundle/make-bundle.js';
import {check as checkEnvelopes, envelope, foxctl, ndjson} from '../envelope/helpers.js';
import {tempDir} from '../helpers/cli.js';
import {acmeDocument} from '../probe/helpers/host.js';
import {smallV2Document} from '../probe/helpers/v2-host.js';

const RULES = await allRules();

/** The structured fields of a finding, and a check that its message is its rule's template filled with its data. */
function structured(f: Finding | undefined) {
  expect(f, 'the finding exists').toBeDefined();
  const finding = f as Finding;
  const template = RULES.find((r) => r.id === finding.ruleId)?.messages[finding.messageId ?? ''];
  expect(template, `${finding.ruleId} declares "${finding.messageId}"`).toBeDefined();
  expect(renderMessage(template as string, finding.data)).toBe(finding.message);
  return {messageId: finding.messageId, data: finding.data, keyword: finding.keyword, params: finding.params, schemaPath: finding.schemaPath};
}

const of = (findings: Finding[], ruleId: string, pointer?: string) => findings.find((f) => f.ruleId === ruleId && (pointer === undefined || f.pointer === pointer));

describe('validate envelope: Ajv findings carry messageId, data, keyword, params and schemaPath', () => {
  it('an unknown top-level field is envelope/shape additionalProperties, labelled "envelope"', async () => {
    const {findings} = await checkEnvelopes(ndjson([envelope(1, {extra: true})]));
    expect(structured(of(findings, 'envelope/shape'))).toEqual({
      messageId: 'additionalProperties',
      data: {label: 'envelope', where: '(root)', property: 'extra'},
      keyword: 'additionalProperties',
      params: {additionalProperty: 'extra'},
      schemaPath: '#/additionalProperties',
    });
  });

  it('a payload error names the kind in its label and keeps the Ajv error of the payload schema', async () => {
    const {findings} = await checkEnvelopes(ndjson([envelope(1, {payload: {code: '', message: 'm'}})]));
    const f = structured(of(findings, 'envelope/payload-invalid', '/payload/code'));
    expect(f).toMatchObject({messageId: 'other', data: {label: 'payload of "error"', where: '/payload/code', reason: 'must NOT have fewer than 1 characters'}, keyword: 'minLength', params: {limit: 1}});
    expect(f.schemaPath).toMatch(/^#\/properties\/code\//);
  });

  it('a foxctl meta.ts of the wrong type is foxctl/meta-ts with the type error', async () => {
    const {findings} = await checkEnvelopes(ndjson([foxctl('ok', {meta: {ts: 5, duration_ms: 1}})]));
    expect(structured(of(findings, 'foxctl/meta-ts'))).toMatchObject({messageId: 'type', data: {label: 'foxctl envelope', where: '/meta/ts', type: 'string', actual: 'integer'}, keyword: 'type', params: {type: 'string'}});
  });

  it('a secret quoted in data and params is masked as in the message', async () => {
    const secret = 'sk-ant-api03-' + 'a'.repeat(40);
    const {findings} = await checkEnvelopes(ndjson([envelope(1, {[secret]: 1})]));
    const f = of(findings, 'envelope/shape');
    expect(f?.keyword).toBe('additionalProperties');
    expect(JSON.stringify(f)).not.toContain(secret);
    expect(f?.message).toContain(`"${f?.data?.property}"`);
    expect(f?.params?.additionalProperty).toBe(f?.data?.property);
  });

  it('the "N more" finding of a capped rule has no messageId, data or Ajv fields: its message is not the rule\'s', async () => {
    const {findings} = await checkEnvelopes(ndjson([envelope(1, {extra: 1}), envelope(2, {extra: 2}), envelope(3, {extra: 3})]), {maxFindingsPerRule: 1});
    const [kept, more] = findings.filter((f) => f.ruleId === 'envelope/shape');
    expect(kept.messageId).toBe('additionalProperties');
    expect(more.message).toMatch(/^2 more "envelope\/shape" findings/);
    expect(Object.keys(more).filter((k) => ['messageId', 'data', 'keyword', 'params', 'schemaPath'].includes(k))).toEqual([]);
  });
});

describe('probe host: v1 and v2 documents', () => {
  const probeV1 = (doc: Record<string, unknown>) => checkAdvertisement(JsonDocument.parse(JSON.stringify(doc, null, 2), {file: 'caps.json'})).findings;
  const probeV2 = (doc: Record<string, unknown>) => {
    const parsed = JsonDocument.parse(JSON.stringify(doc, null, 2), {file: 'caps.json'});
    return checkV2Advertisement(parsed, parsed.value as Record<string, unknown>, {today: '2026-11-26'}).findings;
  };

  it('an unknown key in a closed v1 block is probe/closed-block-key, labelled "closed block"', () => {
    const doc = acmeDocument() as Record<string, Record<string, unknown>>;
    doc.limits.maxWidgets = 1;
    expect(structured(of(probeV1(doc), 'probe/closed-block-key'))).toMatchObject({
      messageId: 'additionalProperties',
      data: {label: 'closed block', property: 'maxWidgets'},
      keyword: 'additionalProperties',
      params: {additionalProperty: 'maxWidgets'},
    });
  });

  it('a v1 enum error keeps its allowed values in params and quotes them in data', () => {
    const doc = {...acmeDocument(), envelopeStrictness: 'lenient'};
    const f = structured(of(probeV1(doc), 'probe/schema', '/envelopeStrictness'));
    expect(f).toMatchObject({messageId: 'enum', keyword: 'enum', data: {where: '/envelopeStrictness', actual: '"lenient"'}});
    expect(f.data?.allowed).toBe((f.params?.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', '));
  });

  it('a v2 key from a later RFC is the "newer" message; a typo of a known key is the "did you mean" one', () => {
    const newer = structured(of(probeV2({...smallV2Document(), hostEvents: {}}), 'probe/v2-unknown-key'));
    expect(newer).toMatchObject({messageId: 'additionalPropertiesNewer', data: {property: 'hostEvents', where: '(root)'}, keyword: 'additionalProperties', schemaPath: '#/additionalProperties'});
    const typo = structured(of(probeV2({...smallV2Document(), webhook: {}}), 'probe/v2-unknown-key'));
    expect(typo).toMatchObject({messageId: 'additionalPropertiesTypo', data: {property: 'webhook', suggestion: 'webhooks'}, keyword: 'additionalProperties'});
  });
});

describe('validate pack, validate bundle, simulate retry', () => {
  it('a manifest missing a required property is pack/invalid-manifest required', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'chain.pack.json'), JSON.stringify({kind: 'workflow-chain', name: 'vendor.acme.c', version: '1.0.0', engines: {openwop: '>=1.0.0'}}));
    const outcome = await validatePackInputs(['chain.pack.json'], {cwd: dir});
    expect(structured(of(outcome.results[0].findings, 'pack/invalid-manifest'))).toMatchObject({messageId: 'required', keyword: 'required', data: {where: '(root)'}, schemaPath: '#/required'});
  });

  it('a negative witnessCount is bundle/schema with the minimum keyword, worded by Ajv', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'bundle.json'), JSON.stringify(makeBundle(newKey('host-1'), {edit: (b) => (b.claimedProfiles[0].witnessCount = -1)})));
    const outcome = await validateBundle('bundle.json', {cwd: dir});
    const f = structured(of(outcome.results[0].findings, 'bundle/schema'));
    expect(f).toMatchObject({messageId: 'other', keyword: 'minimum', params: {comparison: '>=', limit: 0}, data: {where: '/claimedProfiles/0/witnessCount', reason: 'must be >= 0'}});
  });

  it('a trace payload with an unknown field is retry/trace-payload, labelled with the event type', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 's.json'), JSON.stringify({type: 'object'}));
    writeFileSync(join(dir, 'program.json'), JSON.stringify({nodeId: 'n', program: [{stopReason: 'max_tokens', content: '{"partial'}]}));
    writeFileSync(join(dir, 'trace.json'), JSON.stringify([{type: 'envelope.truncated', payload: {nodeId: 'n', provider: 'p', model: 'm', stopReason: 'max_tokens', extra: 1}}]));
    const outcome = await simulateRetry(['program.json'], {cwd: dir, schema: 's.json', maxTokens: 100, maxAttempts: 3, trace: 'trace.json'});
    expect(structured(of(outcome.results[1].findings, 'retry/trace-payload'))).toMatchObject({
      messageId: 'additionalProperties',
      data: {label: 'envelope.truncated payload', property: 'extra'},
      keyword: 'additionalProperties',
      params: {additionalProperty: 'extra'},
    });
  });
});

describe('validate envelope: stream rules report messageId and data from their own templates', () => {
  const chunk = (n: number, index: number, total: number, isPartial: boolean) => envelope(n, {correlationId: 'r:n:0:p', partial: {isPartial, index, total}});
  const told = (findings: Finding[]) => findings.map((f) => [f.ruleId, structured(f).messageId, f.data, f.message]);

  it('partial emissions: out of order, the last chunk still partial, and the input ending inside the emission', async () => {
    const {findings} = await checkEnvelopes(ndjson([chunk(1, 0, 3, true), chunk(2, 2, 3, true)]));
    expect(told(findings)).toEqual([
      ['envelope/partial-order', 'outOfOrder', {correlationId: 'r:n:0:p', index: 2, previous: 0, expected: 1}, 'partial emission "r:n:0:p": chunk index 2 follows index 0; expected 1'],
      ['envelope/partial-final', 'lastStillPartial', {correlationId: 'r:n:0:p', index: 2, total: 3}, 'partial emission "r:n:0:p": chunk 2 is the last of 3 but has isPartial true'],
      ['envelope/partial-final', 'unfinished', {correlationId: 'r:n:0:p', index: 2}, 'the input ends inside partial emission "r:n:0:p": its last chunk (index 2) has isPartial true (truncated?)'],
    ]);
  });

  it('a foxctl stream: a first seq other than 0, falling pct, a changed command and no terminal envelope', async () => {
    const progress = (seq: number, pct: number, command = 'fs/read') => foxctl('progress', {command, meta: {ts: '2025-11-15T12:34:56Z', seq}, data: {stage: 'x', pct}});
    const {findings} = await checkEnvelopes(ndjson([progress(1, 50), progress(2, 40, 'fs/write')]), {protocol: 'foxctl'});
    expect(told(findings)).toEqual([
      ['foxctl/progress-seq', 'firstSeq', {seq: 1}, 'the first progress envelope has meta.seq 1; seq starts at 0'],
      ['foxctl/stream-command', 'differs', {command: 'fs/write', first: 'fs/read'}, 'command "fs/write" differs from "fs/read" earlier in this stream'],
      ['foxctl/progress-pct', 'decreased', {previous: 50, pct: 40}, 'data.pct went down from 50 to 40; once set it must not decrease'],
      ['foxctl/stream-terminal', 'unterminated', {}, 'the stream ends without its terminal ok/error envelope (truncated, or the command never finished?)'],
    ]);
  });

  it('foxctl envelope checks: a malformed command, a lower-case error code, an unknown field, an unredacted credential', async () => {
    const values = [foxctl('ok', {command: 'Bad Command'}), foxctl('error', {error: {code: 'nope', message: 'm', details: {}}}), foxctl('ok', {surprise: 1, data: {password: 'abc'}})];
    const findings = (await Promise.all(values.map(async (v) => (await checkEnvelopes(ndjson([v]), {protocol: 'foxctl'})).findings))).flat();
    expect(told(findings)).toEqual([
      ['foxctl/command', 'malformed', {command: 'Bad Command'}, 'command "Bad Command" must be <namespace>/<verb> in lowercase letters, digits and hyphens (^[a-z0-9][a-z0-9-]*/[a-z0-9][a-z0-9-]*$)'],
      ['foxctl/error-code', 'notACode', {code: 'nope'}, 'error code "nope" is not an error code: codes are upper-case, from the catalog (EARG, EAUTH, ERUNTIME, …)'],
      ['foxctl/drift-unknown-field', 'unknownField', {key: 'surprise', where: 'the envelope'}, '"surprise" is not a Protocol v1 field of the envelope (upstream\'s --strict refuses it)'],
      ['foxctl/secret-not-redacted', 'credential', {key: 'password', length: 3}, '"password" holds a 3-character value, not "***": credentials must be redacted'],
    ]);
  });

  it('openwop kind checks: an unknown kind with a suggestion or none, an un-namespaced kind, a legacy kind', async () => {
    const {findings} = await checkEnvelopes(ndjson([envelope(1, {type: 'clarification_request'}), envelope(2, {type: 'prd.create', payload: {}})]));
    expect(told(findings.filter((f) => f.ruleId !== 'envelope/payload-invalid'))).toEqual([
      [
        'envelope/unknown-kind',
        'unknown',
        {kind: 'clarification_request', suggestion: ' (did you mean "clarification.request"?)'},
        'unknown envelope kind "clarification_request" (did you mean "clarification.request"?): its payload was not checked (give its schema with --schemas DIR, or the host\'s kinds with --capabilities)',
      ],
      [
        'envelope/kind-naming',
        'unnamespaced',
        {kind: 'clarification_request'},
        'kind "clarification_request" is not namespaced: name a domain kind vendor.<host>.<kind> (or openwop.*, core.*, community.*, private.<host>.*, local.*, ui.*, media.*)',
      ],
      ['envelope/unknown-kind', 'unknown', {kind: 'prd.create', suggestion: ''}, 'unknown envelope kind "prd.create": its payload was not checked (give its schema with --schemas DIR, or the host\'s kinds with --capabilities)'],
      ['envelope/legacy-kind', 'legacy', {kind: 'prd.create'}, '"prd.create" is a legacy un-namespaced kind, tolerated in v1.x and deprecated: use vendor.<host>.prd.create'],
    ]);
  });
});
