import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {acmeDocument, HOSTS_DIR, json, startHost, type TestHost} from './helpers/host.js';
import {probeJson} from './helpers/probe.js';

const PLAN = 'vendor.acme.plan.create';
const planSchema = readFileSync(join(HOSTS_DIR, 'acme', 'schemas', 'envelopes', `${PLAN}.schema.json`), 'utf8');

/** Load-bearing violation: oneOf is banned everywhere (tier1/forbidden-keyword), on line 7 of this text. */
const WITH_ONE_OF = `{
  "type": "object",
  "additionalProperties": false,
  "required": ["choice"],
  "properties": {
    "choice": {
      "oneOf": [{"type": "string"}, {"type": "integer"}]
    }
  }
}`;
/** Strict-only violation: "note" is not listed in required (tier1/all-required). */
const OPTIONAL_FIELD = JSON.stringify({type: 'object', additionalProperties: false, required: ['title'], properties: {title: {type: 'string'}, note: {type: 'string'}}}, null, 2);

function hostDoc(claim: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const doc = acmeDocument() as Record<string, unknown> & {envelopes: Record<string, unknown>};
  if (claim === undefined) delete doc.envelopes.tierOneSubsetCompliance;
  else doc.envelopes.tierOneSubsetCompliance = claim;
  return {...doc, ...extra};
}

describe("probe host --lint-schemas: served schemas linted under the host's own claim", () => {
  let host: TestHost;
  let other: TestHost;
  beforeAll(async () => {
    other = await startHost({[`/elsewhere/${PLAN}.schema.json`]: {body: planSchema}});
    host = await startHost({
      // The example host serves a strict-clean schema for one kind and nothing for the rest.
      '/acme/.well-known/openwop': json(acmeDocument()),
      [`/acme/schemas/envelopes/${PLAN}.schema.json`]: {body: planSchema},
      // Absent claim (off) → load-bearing; the schema has a oneOf.
      '/off/.well-known/openwop': json(hostDoc(undefined)),
      [`/off/schemas/envelopes/${PLAN}.schema.json`]: {body: WITH_ONE_OF},
      // warn → strict profile, errors shown as warnings; strict → errors.
      '/warn/.well-known/openwop': json(hostDoc('warn')),
      [`/warn/schemas/envelopes/${PLAN}.schema.json`]: {body: OPTIONAL_FIELD},
      '/strict/.well-known/openwop': json(hostDoc('strict')),
      [`/strict/schemas/envelopes/${PLAN}.schema.json`]: {body: OPTIONAL_FIELD},
      // The document names where its schemas live; the conventional path would give a clean schema.
      '/named/.well-known/openwop': json(hostDoc('strict', {schemaUrls: {[PLAN]: `/custom/${PLAN}.schema.json`}})),
      [`/custom/${PLAN}.schema.json`]: {body: OPTIONAL_FIELD},
      [`/named/schemas/envelopes/${PLAN}.schema.json`]: {body: planSchema},
      // …on another origin: skipped unless allowed.
      '/cross/.well-known/openwop': json(hostDoc('strict', {schemaUrls: {[PLAN]: other.url(`/elsewhere/${PLAN}.schema.json`)}})),
      [`/cross/schemas/envelopes/${PLAN}.schema.json`]: {body: planSchema},
      // Relative $refs are fetched from the host, never read from the local disk.
      '/refs/.well-known/openwop': json(hostDoc(undefined)),
      [`/refs/schemas/envelopes/${PLAN}.schema.json`]: {
        body: JSON.stringify({type: 'object', properties: {step: {$ref: 'common.schema.json#/$defs/Step'}, secret: {$ref: '../../../../../../etc/passwd'}}}),
      },
      '/refs/schemas/envelopes/common.schema.json': {body: JSON.stringify({$defs: {Step: {type: 'object', properties: {kind: {not: {type: 'null'}}}}}}, null, 2)},
      // A schema URL that fails other than 404.
      '/broken/.well-known/openwop': json(hostDoc('strict')),
      [`/broken/schemas/envelopes/${PLAN}.schema.json`]: {status: 500, body: 'boom'},
    });
  });
  afterAll(async () => {
    await host.close();
    await other.close();
  });

  const schemaResult = (r: Awaited<ReturnType<typeof probeJson>>) => r.report.results.find((x) => x.file.endsWith('.schema.json'));

  it('the example host: its one served schema is strict-clean; kinds it does not serve are infos', async () => {
    const r = await probeJson([host.url('/acme'), '--lint-schemas']);
    expect(r.code).toBe(0);
    expect(r.report.results).toHaveLength(2);
    expect(schemaResult(r)).toMatchObject({kind: PLAN, profile: 'strict', tierOneSubsetCompliance: 'strict', findings: []});
    const notServed = r.findings.filter((f) => f.ruleId === 'probe/schema-not-served');
    expect(notServed).toHaveLength(6);
    expect(notServed.every((f) => f.severity === 'info')).toBe(true);
    expect(r.report.summary.schemasLinted).toBe(1);
  });

  it('claim absent (off): load-bearing profile; a oneOf is an error at its position in the served schema (exit 1)', async () => {
    const r = await probeJson([host.url('/off'), '--lint-schemas']);
    expect(r.code).toBe(1);
    const result = schemaResult(r);
    expect(result).toMatchObject({file: host.url(`/off/schemas/envelopes/${PLAN}.schema.json`), profile: 'load-bearing', tierOneSubsetCompliance: 'off'});
    expect(result?.findings).toEqual([expect.objectContaining({ruleId: 'tier1/forbidden-keyword', severity: 'error', file: result?.file, pointer: '/properties/choice/oneOf', line: 7})]);
  });

  it('claim warn: strict profile, findings as warnings (exit 0)', async () => {
    const r = await probeJson([host.url('/warn'), '--lint-schemas']);
    expect(r.code).toBe(0);
    const result = schemaResult(r);
    expect(result?.profile).toBe('strict');
    expect(result?.findings.map((f) => [f.ruleId, f.severity])).toContainEqual(['tier1/all-required', 'warning']);
    expect(result?.findings.every((f) => f.severity !== 'error')).toBe(true);
  });

  it('claim strict: the same schema is an error (exit 1)', async () => {
    const r = await probeJson([host.url('/strict'), '--lint-schemas']);
    expect(r.code).toBe(1);
    expect(schemaResult(r)?.findings.map((f) => [f.ruleId, f.severity])).toContainEqual(['tier1/all-required', 'error']);
  });

  it('without --lint-schemas no schema is fetched', async () => {
    const before = host.requests.length;
    const r = await probeJson([host.url('/strict')]);
    expect(r.code).toBe(0);
    expect(r.report.results).toHaveLength(1);
    expect(host.requests.slice(before).map((q) => q.path)).toEqual(['/strict/.well-known/openwop']);
  });

  it('a URL the document names is tried before the conventional path', async () => {
    const r = await probeJson([host.url('/named'), '--lint-schemas']);
    expect(schemaResult(r)?.file).toBe(host.url(`/custom/${PLAN}.schema.json`));
    expect(r.code).toBe(1);
  });

  it('a named URL on another origin is skipped (info) and never contacted; the conventional path is used', async () => {
    const r = await probeJson([host.url('/cross'), '--lint-schemas', '--token-env', 'T'], {env: {T: 'cross-origin-token-1'}});
    expect(r.findings).toContainEqual(expect.objectContaining({ruleId: 'probe/schema-skipped', severity: 'info'}));
    expect(other.requests).toHaveLength(0);
    expect(schemaResult(r)?.file).toBe(host.url(`/cross/schemas/envelopes/${PLAN}.schema.json`));
  });

  it('with --follow-cross-origin the other origin is fetched, without credentials', async () => {
    const r = await probeJson([host.url('/cross'), '--lint-schemas', '--follow-cross-origin', '--token-env', 'T'], {env: {T: 'cross-origin-token-1'}});
    expect(schemaResult(r)?.file).toBe(other.url(`/elsewhere/${PLAN}.schema.json`));
    expect(other.requests).toHaveLength(1);
    expect(other.requests[0].headers.authorization).toBeUndefined();
    expect(host.requests.at(-1)?.headers.authorization).toBe('Bearer cross-origin-token-1');
  });

  it('relative $refs are fetched from the host (findings name the referenced URL) and never read from disk', async () => {
    const before = host.requests.length;
    const r = await probeJson([host.url('/refs'), '--lint-schemas']);
    const paths = host.requests.slice(before).map((q) => q.path);
    expect(paths).toContain('/refs/schemas/envelopes/common.schema.json');
    expect(paths).toContain('/etc/passwd');
    const findings = schemaResult(r)?.findings ?? [];
    expect(findings).toContainEqual(expect.objectContaining({ruleId: 'tier1-ext/forbidden-keyword', file: host.url('/refs/schemas/envelopes/common.schema.json')}));
    const unresolved = findings.find((f) => f.ruleId === 'ref/unresolved');
    expect(unresolved?.message).toMatch(/could not be fetched/);
    expect(r.stdout).not.toMatch(/root:x:0:0/);
  });

  it('a schema URL that fails other than 404 is a warning naming why', async () => {
    const r = await probeJson([host.url('/broken'), '--lint-schemas']);
    expect(r.findings).toContainEqual(expect.objectContaining({ruleId: 'probe/schema-not-served', severity: 'warning', message: expect.stringMatching(/HTTP 500/)}));
  });
});
