import {describe, expect, it} from 'vitest';

import {getValidator} from '../../src/schemas/index.js';

const ok = {
  version: 1,
  status: 'ok',
  command: 'fs/ls',
  data: {},
  meta: {ts: '2025-11-12T10:30:00Z', duration_ms: 12, source: 'run', runner: 'exec'},
  error: {code: null, message: null},
};

const validate = getValidator('foxctl/envelope-v1');
// An `if` failure is reported at the root (empty instance path), hence the double spaces below.
const verdict = (doc: unknown) => (validate(doc) ? 'valid' : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`).join('; '));
const withMeta = (meta: object) => ({...ok, meta: {...ok.meta, ...meta}});

describe('foxctl Protocol v1 structural schema', () => {
  it('accepts a canonical ok envelope and tolerates known drift', () => {
    expect(verdict(ok)).toBe('valid');
    expect(verdict({...ok, command: 'agentctl.example.cas', error: {}})).toBe('valid');
    expect(verdict({...ok, status: 'error', error: {code: 'PROVIDER_CONFIG_INVALID', message: 'x', hint: 'y'}})).toBe('valid');
    expect(verdict(withMeta({source: 'cli', runner: null, extra: 1}))).toBe('valid');
    expect(verdict({...ok, status: 'progress', meta: {...ok.meta, seq: 0, final: false}, error: undefined})).toBe('valid');
  });

  it.each([
    ['version 2', {...ok, version: 2}, '/version const'],
    ['unknown status', {...ok, status: 'done'}, '/status enum'],
    ['blank command', {...ok, command: '  '}, '/command pattern'],
    ['array data', {...ok, data: []}, '/data type'],
    ['missing meta.ts', {...ok, meta: {source: 'run'}}, '/meta required'],
    ['ts not UTC', withMeta({ts: '2025-11-12T10:30:00+01:00'}), '/meta/ts pattern'],
    ['ts not a date-time', withMeta({ts: 'tomorrow'}), '/meta/ts pattern; /meta/ts format'],
    ['negative duration', withMeta({duration_ms: -1}), '/meta/duration_ms minimum'],
    ['fractional duration', withMeta({duration_ms: 1.5}), '/meta/duration_ms type'],
    ['unknown runner', withMeta({runner: 'docker'}), '/meta/runner enum'],
    ['cache without cache_key', withMeta({source: 'cache'}), '/meta required; /meta if'],
    ['short cas_digest', withMeta({cas_digest: 'sha256:abc'}), '/meta/cas_digest pattern'],
    ['error without code', {...ok, status: 'error', error: {message: 'boom'}}, '/error required;  if'],
    ['error without error object', {...ok, status: 'error', error: undefined}, ' required;  if'],
    ['error with blank message', {...ok, status: 'error', error: {code: 'EIO', message: ' '}}, '/error/message pattern;  if'],
    ['ok carrying an error code', {...ok, error: {code: 'EIO', message: null}}, '/error/code maxLength;  if'],
    ['progress without seq', {...ok, status: 'progress'}, '/meta required;  if'],
    ['negative seq', {...ok, status: 'progress', meta: {...ok.meta, seq: -1}}, '/meta/seq minimum'],
  ])('refuses %s', (_, doc, expected) => {
    // JSON round trip drops the `undefined` members used above to remove a key.
    expect(verdict(JSON.parse(JSON.stringify(doc)))).toBe(expected);
  });
});
