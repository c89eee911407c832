import {describe, expect, it} from 'vitest';
import {makeEvaluator} from '../../src/retry/payload.js';
import {adaptBody, adaptStream} from '../../src/retry/providers/index.js';
import {replay} from '../../src/retry/router.js';
import type {Adapted} from '../../src/retry/types.js';

// Vertex AI explains a blocked prompt in promptFeedback.blockReasonMessage; RFC 0032 carries it as refusalText.

const KEY = `sk-proj-${'a1B2'.repeat(8)}`;
const blocked = {promptFeedback: {blockReason: 'PROHIBITED_CONTENT', blockReasonMessage: `The prompt was blocked; it quoted ${KEY}.`}, modelVersion: 'gemini-test'};

function response(a: Adapted) {
  if (!a.ok) throw new Error(a.message);
  return a.response;
}

describe('Gemini blockReasonMessage', () => {
  it('becomes the refusal text of a blocked prompt, in a body and in a stream', () => {
    expect(response(adaptBody(blocked))).toMatchObject({stopClass: 'blocked', safetyCategory: 'PROHIBITED_CONTENT', refusalText: expect.stringContaining('The prompt was blocked')});
    expect(response(adaptStream(`data: ${JSON.stringify(blocked)}\n\n`)).refusalText).toContain('The prompt was blocked');
  });

  it('is redacted in the envelope.refusal event', () => {
    const s = replay({nodeId: 'n', initialBudget: 10, multiplier: 2, maxCalls: 3, ceiling: null, evaluate: makeEvaluator(null, [])}, [response(adaptBody(blocked))]);
    const refusal = s.events.find((e) => e.type === 'envelope.refusal');
    expect(refusal?.payload.refusalText).toMatch(/^The prompt was blocked; it quoted /);
    expect(refusal?.payload.refusalText).not.toContain(KEY);
  });
});
