import {describe, expect, it} from 'vitest';
import {JsonDocument} from '../../src/io/json-document.js';
import {checkAdvertisement, deriveProfiles, tierOneLevel} from '../../src/probe/index.js';
import {acmeDocument} from './helpers/host.js';

type Doc = Record<string, unknown>;
const FILE = 'https://host.example/.well-known/openwop';

function check(doc: unknown) {
  const text = JSON.stringify(doc, null, 2);
  const parsed = JsonDocument.parse(text, {file: FILE});
  const result = checkAdvertisement(parsed);
  for (const f of result.findings) {
    expect(Number.isInteger(f.line) && Number.isInteger(f.column), `${f.ruleId} has a position`).toBe(true);
    expect(f.file).toBe(FILE);
  }
  return {...result, text, ids: result.findings.map((f) => f.ruleId).sort()};
}

function acme(change: (doc: Doc & {envelopes: Doc; httpClient: Doc; aiProviders: Doc; schemaVersions: Doc}) => void): Doc {
  const doc = acmeDocument() as Doc & {envelopes: Doc; httpClient: Doc; aiProviders: Doc; schemaVersions: Doc};
  change(doc);
  return doc;
}

describe('checkAdvertisement: the fully-advertising example host', () => {
  it('has nothing to report and derives both profiles', () => {
    const r = check(acmeDocument());
    expect(r.findings).toEqual([]);
    expect(r.profiles).toEqual(['openwop-core', 'openwop-interrupts']);
  });
});

describe('supportedEnvelopes and schemaVersions', () => {
  it('a non-empty list must carry all four universal kinds: one error per missing kind', () => {
    const r = check(acme((d) => (d.supportedEnvelopes = ['clarification.request', 'vendor.acme.plan.create'])));
    const missing = r.findings.filter((f) => f.ruleId === 'probe/universal-kinds');
    expect(missing.map((f) => /"([^"]+)"/.exec(f.message)?.[1]).sort()).toEqual(['error', 'schema.request', 'schema.response']);
    expect(missing.every((f) => f.severity === 'error' && f.pointer === '/supportedEnvelopes')).toBe(true);
  });

  it('an engine-only host ([]) needs no universal kinds', () => {
    const r = check(
      acme((d) => {
        d.supportedEnvelopes = [];
        d.schemaVersions = {};
      }),
    );
    expect(r.ids).toEqual([]);
    expect(r.profiles).toEqual(['openwop-core']);
  });

  it('schemaVersions of a universal kind must be 1', () => {
    const r = check(acme((d) => (d.schemaVersions.error = 2)));
    expect(r.findings).toEqual([expect.objectContaining({ruleId: 'probe/universal-schema-version', severity: 'error', pointer: '/schemaVersions/error'})]);
  });

  it('schemaVersions keys that are not advertised kinds are named', () => {
    const r = check(acme((d) => (d.schemaVersions['vendor.acme.gone'] = 1)));
    expect(r.findings).toEqual([expect.objectContaining({ruleId: 'probe/schema-versions-key', severity: 'warning', pointer: '/schemaVersions/vendor.acme.gone'})]);
  });

  it('an advertised universal kind without a schemaVersions entry is a warning; a vendor kind an info', () => {
    const r = check(
      acme((d) => {
        delete d.schemaVersions.error;
        delete d.schemaVersions['vendor.acme.plan.create'];
      }),
    );
    expect(r.findings.map((f) => [f.ruleId, f.severity])).toEqual([
      ['probe/schema-version-missing', 'warning'],
      ['probe/schema-version-missing', 'info'],
    ]);
  });

  it('kind names: un-namespaced, badly namespaced and legacy kinds are warnings; spec and namespaced kinds pass', () => {
    const kinds = ['plan.create', 'vendor.Acme.plan', 'prd.create', 'media.video', 'ui.card.render', 'private.acme.x', 'vendor.acme.plan.create', 'vendor.acme.plan.create'];
    const r = check(
      acme((d) => {
        d.supportedEnvelopes = ['clarification.request', 'schema.request', 'schema.response', 'error', ...kinds];
        d.schemaVersions = {'clarification.request': 1, 'schema.request': 1, 'schema.response': 1, error: 1};
      }),
    );
    const named = r.findings.filter((f) => f.ruleId === 'probe/kind-name').map((f) => f.pointer);
    expect(named).toEqual(['/supportedEnvelopes/4', '/supportedEnvelopes/5', '/supportedEnvelopes/6']);
    expect(r.findings.find((f) => f.pointer === '/supportedEnvelopes/6')?.message).toMatch(/legacy.*deprecated/);
    expect(r.findings.filter((f) => f.ruleId === 'probe/duplicate-kind').map((f) => f.pointer)).toEqual(['/supportedEnvelopes/11']);
  });
});

describe('envelopes block', () => {
  it('a boolean tierOneSubsetCompliance is its own error (no second, generic schema finding) and reads as "off"', () => {
    const doc = acme((d) => (d.envelopes.tierOneSubsetCompliance = true));
    const r = check(doc);
    expect(r.ids).toEqual(['probe/tier-one-compliance-type']);
    expect(r.findings[0]).toMatchObject({severity: 'error', pointer: '/envelopes/tierOneSubsetCompliance'});
    expect(tierOneLevel(doc)).toBe('off');
  });

  it('an unknown tierOneSubsetCompliance string is the same rule', () => {
    expect(check(acme((d) => (d.envelopes.tierOneSubsetCompliance = 'lenient'))).ids).toEqual(['probe/tier-one-compliance-type']);
  });

  it('truncationRetryMultiplier is named as the drift wherever it appears, once', () => {
    const r = check(
      acme((d) => {
        const reliability = d.envelopes.reliability as Doc;
        (reliability.completion as Doc).truncationRetryMultiplier = 3;
        reliability.truncationRetryMultiplier = 3;
      }),
    );
    expect(r.ids).toEqual(['probe/truncation-retry-multiplier', 'probe/truncation-retry-multiplier']);
    expect(r.findings.map((f) => f.pointer).sort()).toEqual(['/envelopes/reliability/completion/truncationRetryMultiplier', '/envelopes/reliability/truncationRetryMultiplier']);
    expect(r.findings[0].message).toMatch(/truncationBudgetMultiplier/);
  });

  it('reliability.supported requires envelope.retry.exhausted and envelope.refusal', () => {
    const r = check(acme((d) => ((d.envelopes.reliability as Doc).events = ['envelope.retry.attempted', 'envelope.truncated'])));
    expect(r.findings.map((f) => [f.ruleId, f.pointer])).toEqual([
      ['probe/reliability-events', '/envelopes/reliability/events'],
      ['probe/reliability-events', '/envelopes/reliability/events'],
    ]);
    expect(r.findings.map((f) => f.message).join(' ')).toMatch(/envelope\.retry\.exhausted.*envelope\.refusal/);
  });

  it('reliability.supported: false needs no events', () => {
    expect(check(acme((d) => (d.envelopes.reliability = {supported: false}))).ids).toEqual([]);
  });
});

describe('outbound: httpClient, toolHooks, aiProviders', () => {
  it('httpClient.supported needs ssrfGuard: true', () => {
    expect(check(acme((d) => (d.httpClient.ssrfGuard = false))).findings).toEqual([expect.objectContaining({ruleId: 'probe/ssrf-guard', pointer: '/httpClient/ssrfGuard'})]);
    expect(check(acme((d) => delete d.httpClient.ssrfGuard)).findings).toEqual([expect.objectContaining({ruleId: 'probe/ssrf-guard', pointer: '/httpClient'})]);
  });

  it('unknown keys in the closed httpClient block are reported where they are, one finding each', () => {
    const r = check(
      acme((d) => {
        d.httpClient.defaultTimeoutMs = 30000;
        d.httpClient.redirectPolicy = 'follow';
      }),
    );
    expect(r.ids).toEqual(['probe/closed-block-key', 'probe/closed-block-key']);
    const lines = r.text.split('\n');
    for (const f of r.findings) {
      const key = f.pointer.split('/').pop() as string;
      expect(lines[f.line - 1].slice(f.column - 1)).toMatch(new RegExp(`^"${key}"`));
    }
  });

  it('safeFetch with toolHooks.prePostEvents notes the audit obligation (info)', () => {
    const r = check(acme((d) => (d.httpClient.safeFetch = {supported: true})));
    expect(r.findings).toEqual([expect.objectContaining({ruleId: 'probe/safe-fetch-audit', severity: 'info'})]);
  });

  it('aiProviders.supported: true is tolerated with a warning, not a schema error', () => {
    const r = check(
      acme((d) => {
        d.aiProviders.supported = true;
        delete d.aiProviders.byok;
      }),
    );
    expect(r.findings).toEqual([expect.objectContaining({ruleId: 'probe/ai-providers-boolean', severity: 'warning', pointer: '/aiProviders/supported'})]);
  });

  it('aiProviders.byok must be a subset of supported', () => {
    expect(check(acme((d) => (d.aiProviders.byok = ['openai', 'mistral']))).findings).toEqual([expect.objectContaining({ruleId: 'probe/byok-subset', pointer: '/aiProviders/byok/1'})]);
  });
});

describe('the deprecated capabilities wrapper', () => {
  it('families only inside the wrapper are warned about and checked from there, at their real position', () => {
    const r = check(
      acme((d) => {
        delete (d as Doc).httpClient;
        d.capabilities = {httpClient: {supported: true, ssrfGuard: false, redirectPolicy: 'follow'}};
      }),
    );
    expect(r.findings.map((f) => [f.ruleId, f.severity, f.pointer])).toEqual(
      expect.arrayContaining([
        ['probe/capabilities-wrapper', 'warning', '/capabilities'],
        ['probe/wrapper-only-family', 'warning', '/capabilities/httpClient'],
        ['probe/ssrf-guard', 'error', '/capabilities/httpClient/ssrfGuard'],
        ['probe/closed-block-key', 'error', '/capabilities/httpClient/redirectPolicy'],
      ]),
    );
    expect(r.findings).toHaveLength(4);
  });

  it('a wrapper repeating root families is one warning; a differing copy is an info (the root wins)', () => {
    const r = check(acme((d) => (d.capabilities = {httpClient: d.httpClient, limits: {maxRunDurationMs: 1}})));
    expect(r.findings.map((f) => [f.ruleId, f.pointer])).toEqual([
      ['probe/capabilities-wrapper', '/capabilities'],
      ['probe/wrapper-conflict', '/capabilities/limits'],
    ]);
  });
});

describe('document shape', () => {
  it('a document that is not an object is one schema error', () => {
    expect(check([1, 2]).findings).toEqual([expect.objectContaining({ruleId: 'probe/schema', pointer: ''})]);
  });

  it('missing root members are schema errors', () => {
    const r = check(acme((d) => delete (d as Doc).limits));
    expect(r.findings).toEqual([expect.objectContaining({ruleId: 'probe/schema', message: expect.stringMatching(/limits/)})]);
  });

  it('duplicate keys in the served text are reported', () => {
    const text = JSON.stringify(acmeDocument()).replace('"protocolVersion":"1.2"', '"protocolVersion":"1.2","protocolVersion":"1.2"');
    const r = checkAdvertisement(JsonDocument.parse(text, {file: FILE}));
    expect(r.findings.map((f) => f.ruleId)).toEqual(['json/duplicate-key']);
  });

  it('profiles: openwop-core needs protocolVersion 1.x; openwop-interrupts also clarification.request', () => {
    expect(deriveProfiles({protocolVersion: '2.0', supportedEnvelopes: ['clarification.request']})).toEqual([]);
    expect(deriveProfiles({protocolVersion: '1.0', supportedEnvelopes: []})).toEqual(['openwop-core']);
    expect(deriveProfiles({protocolVersion: '1.0', supportedEnvelopes: ['clarification.request']})).toEqual(['openwop-core', 'openwop-interrupts']);
  });
});
