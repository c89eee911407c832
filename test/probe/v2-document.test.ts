import {describe, expect, it} from 'vitest';
import {JsonDocument} from '../../src/io/json-document.js';
import {checkV2Advertisement} from '../../src/probe/v2/check-v2.js';
import {smallV2Document} from './helpers/v2-host.js';

type Doc = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: each case edits one field of its own copy
type Editable = Record<string, any>;
const FILE = 'https://host.example/.well-known/openwop';
const TODAY = '2026-11-26';

function check(doc: Doc, today = TODAY) {
  const parsed = JsonDocument.parse(JSON.stringify(doc, null, 2), {file: FILE});
  const result = checkV2Advertisement(parsed, parsed.value as Doc, {today});
  for (const f of result.findings) expect(Number.isInteger(f.line) && f.line > 0, `${f.ruleId} has a position`).toBe(true);
  const of = (rule: string) => result.findings.filter((f) => f.ruleId === rule);
  return {...result, of, ids: [...new Set(result.findings.map((f) => f.ruleId))].sort()};
}

function small(change: (doc: Editable) => void): Doc {
  const doc: Editable = smallV2Document();
  change(doc);
  return doc;
}

describe('a v2 document of our own', () => {
  it('is clean and derives the discovery and core profiles from what it carries', () => {
    const r = check(smallV2Document());
    expect(r.findings).toEqual([]);
    expect(r.profiles).toEqual(['openwop-discovery-core', 'openwop-core-standard']);
  });

  it('profiles are derived, never read: a conformance block adds the seams profile, a missing family drops core-standard', () => {
    expect(check(small((d) => (d.conformance = {seamsProfile: 'openwop-conformance-seams-v2'}))).profiles).toContain('openwop-conformance-seams-v2');
    expect(check(small((d) => delete d.webhooks)).profiles).toEqual(['openwop-discovery-core']);
  });
});

describe('rules the v2 schema cannot check (FACTS §2), one rule id each', () => {
  it('preferredVersion must be one of protocolVersions', () => {
    const r = check(small((d) => (d.preferredVersion = '1.12')));
    expect(r.of('probe/preferred-version-listed')).toEqual([expect.objectContaining({severity: 'error', pointer: '/preferredVersion'})]);
  });

  it('while a 1.x is listed, preferredVersion must be that 1.x (the overlap rule)', () => {
    const r = check(small((d) => (d.preferredVersion = '2.0')));
    expect(r.ids).toEqual(['probe/preferred-version-overlap']);
    expect(r.of('probe/preferred-version-overlap')[0].message).toMatch(/1\.11/);
    // A host that dropped v1 prefers 2.x.
    expect(check(small((d) => Object.assign(d, {protocolVersions: ['2.0'], preferredVersion: '2.0'}))).findings).toEqual([]);
  });

  it('since must name a listed minor', () => {
    const r = check(small((d) => (d.idempotency.since = '2.3')));
    expect(r.of('probe/since-listed')).toEqual([expect.objectContaining({severity: 'error', pointer: '/idempotency/since'})]);
  });

  it('until as a date must not be in the past; today and later are fine', () => {
    expect(check(small((d) => (d.eventLog.until = '2026-11-25'))).of('probe/until-past')).toEqual([expect.objectContaining({severity: 'error', pointer: '/eventLog/until'})]);
    expect(check(small((d) => (d.eventLog.until = TODAY))).findings).toEqual([]);
    expect(check(small((d) => (d.eventLog.until = '2027-01-01'))).findings).toEqual([]);
  });

  it('until as a version must be later than the newest version the host serves', () => {
    expect(check(small((d) => (d.eventLog.until = '2.0'))).of('probe/until-past')).toHaveLength(1);
    expect(check(small((d) => (d.eventLog.until = '1.12'))).of('probe/until-past')).toHaveLength(1);
    expect(check(small((d) => (d.eventLog.until = '2.1'))).findings).toEqual([]);
  });

  it.each(['openwop', 'vendor', 'effect-seams', 'events'])('extension org "%s" is reserved', (org) => {
    const r = check(small((d) => (d.extensions = {[`${org}.thing`]: {}})));
    expect(r.findings).toEqual([expect.objectContaining({ruleId: 'probe/extension-org-reserved', severity: 'error', pointer: `/extensions/${org}.thing`})]);
  });

  it('an org missing from the bundled registry is an info (FACTS §6.12); a registered one is nothing', () => {
    const r = check(small((d) => (d.extensions = {'acme.widgets': {}, 'openwop-app.chat': {}})));
    expect(r.findings).toEqual([expect.objectContaining({ruleId: 'probe/extension-org-unregistered', severity: 'info', pointer: '/extensions/acme.widgets'})]);
    expect(r.findings[0].message).toMatch(/declaration\.json @0a845654/);
  });
});

describe('v1 remnants in a v2 document: one finding each, naming the v2 replacement, instead of a schema error', () => {
  const cases: [string, (d: Editable) => void, string, RegExp][] = [
    ['the capabilities wrapper', (d) => (d.capabilities = {webhooks: {supported: true}}), '/capabilities', /families sit at the document root/],
    ['supported booleans', (d) => (d.webhooks.supported = true), '/webhooks/supported', /presence of the record is the claim/],
    ['root profiles[]', (d) => (d.profiles = ['openwop-core']), '/profiles', /derive profiles/],
    ['a dotted host.* mirror', (d) => (d['host.replay'] = {}), '/host.replay', /"replay" at the root/],
    ['host.workspace', (d) => (d['host.workspace'] = {}), '/host.workspace', /family "workspace"/],
    ['supportedTransports', (d) => (d.supportedTransports = ['http']), '/supportedTransports', /removed in v2/],
    ['the kinds list', (d) => (d.supportedEnvelopes = ['error']), '/supportedEnvelopes', /kinds: \[\.\.\.\]/],
    [
      'aiProviders.supported',
      (d) => (d.aiProviders = {status: 'stable', since: '2.0', witness: 'witnessable-gated', providers: ['openai'], supported: ['openai']}),
      '/aiProviders/supported',
      /aiProviders\.providers/,
    ],
    ['tier', (d) => (d.idempotency.tier = 'beta'), '/idempotency/tier', /status .* until/],
    ['replay.fork', (d) => (d.replay.fork = true), '/replay/fork', /replay\.modes/],
    ['an extension-class family', (d) => (d.chat = {supported: true}), '/chat', /extensions\["openwop-app\.chat"\]/],
  ];
  it.each(cases)('%s', (_name, change, pointer, replacement) => {
    const r = check(small(change));
    expect(r.of('probe/v1-remnant')).toEqual([expect.objectContaining({severity: 'error', pointer, message: expect.stringMatching(replacement)})]);
    expect(r.findings.filter((f) => f.pointer === pointer && f.ruleId !== 'probe/v1-remnant')).toEqual([]);
  });
});

describe('the bundled v2 schema', () => {
  it('an unknown key at the root or in a family, the rest valid: a warning naming the schema snapshot', () => {
    const r = check(
      small((d) => {
        d.hostEvents = {status: 'experimental', since: '2.0', until: '2.1', witness: 'witnessable-gated'};
        d.limits.maxWidgets = 3;
      }),
    );
    expect(r.findings.map((f) => [f.ruleId, f.severity, f.pointer])).toEqual([
      ['probe/v2-unknown-key', 'warning', '/hostEvents'],
      ['probe/v2-unknown-key', 'warning', '/limits/maxWidgets'],
    ]);
    expect(r.findings[0].message).toMatch(/@046ac537/);
  });

  it('the same keys beside another schema error are errors: the document is broken, not merely newer', () => {
    const r = check(
      small((d) => {
        d.hostEvents = {};
        d.limits.schemaRounds = -1;
      }),
    );
    expect(r.ids).toEqual(['probe/v2-schema']);
    expect(r.of('probe/v2-schema').map((f) => f.pointer)).toContain('/hostEvents');
  });

  it('an unknown key inside a metadata block is an error (those blocks are closed, not grown by family RFCs)', () => {
    const r = check(small((d) => (d.implementation = {name: 'x', version: '1', colour: 'blue'})));
    expect(r.findings).toEqual([expect.objectContaining({ruleId: 'probe/v2-schema', severity: 'error', pointer: '/implementation/colour'})]);
  });
});

describe('review fixes: typos, calendar dates, large documents', () => {
  it('an unknown key close to a known root key or facet is a typo: an error that says what was meant', () => {
    const r = check(
      small((d) => {
        d.webhook = d.webhooks;
        delete d.webhooks;
        d.idempotency.Status = 'stable';
        d.interrupt.tokenAlg = ['hs256'];
      }),
    );
    const unknown = r.of('probe/v2-unknown-key').map((f) => [f.severity, f.pointer, f.message.replace(/^.*; /, '')]);
    expect(unknown).toEqual([
      ['error', '/webhook', 'did you mean "webhooks"?'],
      ['error', '/idempotency/Status', 'did you mean "status"?'],
      ['error', '/interrupt/tokenAlg', 'did you mean "tokenAlgs"?'],
    ]);
  });

  it('a facet typo in a family (signatureAlgorithm) is an error even when nothing else is wrong', () => {
    const r = check(small((d) => (d.webhooks.signatureAlgorithm = ['v1'])));
    expect(r.findings.map((f) => [f.ruleId, f.severity, f.pointer])).toEqual([['probe/v2-unknown-key', 'error', '/webhooks/signatureAlgorithm']]);
    expect(r.findings[0].message).toMatch(/did you mean "signatureAlgorithms"\?/);
  });

  it('a key far from every known one stays the "later RFC" warning (hostEvents, nondeterminismPolicy.sources)', () => {
    const r = check(
      small((d) => {
        d.hostEvents = {status: 'experimental', since: '2.0', until: '2.1', witness: 'witnessable-gated'};
        d.nondeterminismPolicy = {status: 'stable', since: '2.0', witness: 'claims-check', declared: true, sources: ['clock']};
      }),
    );
    expect(r.findings.map((f) => [f.severity, f.pointer])).toEqual([
      ['warning', '/hostEvents'],
      ['warning', '/nondeterminismPolicy/sources'],
    ]);
    expect(r.findings.every((f) => !f.message.includes('did you mean'))).toBe(true);
  });

  it.each(['2026-02-30', '2020-99-99', '9999-99-99', '2027-02-29'])('until %s is no calendar date: its own error, not "in the past" nor silently fine', (until) => {
    const r = check(small((d) => (d.eventLog.until = until)));
    expect(r.findings.map((f) => [f.ruleId, f.severity, f.pointer])).toEqual([['probe/until-malformed', 'error', '/eventLog/until']]);
    expect(r.findings[0].message).toMatch(/no calendar date/);
  });

  it('a leap day that exists is a date like any other', () => {
    expect(check(small((d) => (d.eventLog.until = '2028-02-29'))).findings).toEqual([]);
  });
});
