import {describe, expect, it} from 'vitest';

import {bundledSchemaId, getValidator} from '../../src/schemas/index.js';

import {legacyEnvelopeValidators} from './support/reference.js';

/**
 * The older openwop/openwop copies of the universal kinds predate RFC 0030 and refuse `reasoning`.
 * We follow the current openwop-sdks copies (see schemas/DIFFERENCES.md); this pins that the reasoning
 * field is the only difference, on documents with and without it.
 */
const legacy = legacyEnvelopeValidators();

const samples = {
  'clarification.request': [{questions: [{id: 'q1', question: 'Which?'}]}, {questions: []}, {questions: [{id: 'q1', question: 'Which?', extra: 1}], contextType: 'x'}],
  'schema.request': [{envelopeType: 'vendor.acme.x'}, {envelopeType: ''}, {envelopeType: 'k', reason: 'r'.repeat(1025)}],
  'schema.response': [
    {envelopeType: 'k', ack: true},
    {envelopeType: 'k', ack: false},
  ],
  error: [{code: 'c', message: 'm', details: {}}, {code: '', message: 'm'}, {code: 'c'}],
} as const;

describe.each(Object.keys(samples) as (keyof typeof samples)[])('legacy %s', (kind) => {
  const ours = getValidator(`envelopes/${kind}`);
  const old = legacy(bundledSchemaId(`envelopes/${kind}`));

  it('agrees with ours when no reasoning is present', () => {
    for (const doc of samples[kind]) expect(ours(doc), JSON.stringify(doc)).toBe(old(doc));
  });

  it(kind === 'schema.response' ? 'refuses reasoning, like ours' : 'refuses reasoning, which ours accepts', () => {
    const withReasoning = {reasoning: 'why', ...samples[kind][0]};
    expect(old(withReasoning)).toBe(false);
    expect(ours(withReasoning)).toBe(kind !== 'schema.response');
  });
});
