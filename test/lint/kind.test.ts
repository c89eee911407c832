import {describe, expect, it} from 'vitest';
import {detectKind} from '../../src/lint/kind.js';
import {count, lint} from './helpers.js';

describe('detectKind', () => {
  it('x-openwop-kind, then $id, then file name, then a kind-like title', () => {
    const all = {'x-openwop-kind': 'vendor.a.b', $id: 'https://h/envelopes/vendor.c.d.schema.json', title: 'vendor.e.f'};
    expect(detectKind(all, 'vendor.g.h.schema.json')).toEqual({kind: 'vendor.a.b', source: 'x-openwop-kind'});
    expect(detectKind({...all, 'x-openwop-kind': undefined}, 'vendor.g.h.schema.json')).toEqual({kind: 'vendor.c.d', source: '$id'});
    expect(detectKind({title: 'vendor.e.f'}, 'dir/vendor.g.h.schema.json')).toEqual({kind: 'vendor.g.h', source: 'file name'});
    expect(detectKind({title: 'vendor.e.f'}, 'payload.json')).toEqual({kind: 'vendor.e.f', source: 'title'});
  });

  it('ignores prose titles, non-kind file names and non-objects', () => {
    expect(detectKind({title: 'ClarificationRequestPayload'}, 'x.json')).toBeUndefined();
    expect(detectKind({title: 'clarification.request payload'}, 'x.json')).toBeUndefined();
    expect(detectKind({}, 'My Schema.schema.json')).toBeUndefined();
    expect(detectKind([], 'error.schema.json')).toBeUndefined();
    expect(detectKind({$id: 'https://openwop.dev/spec/v1/envelopes/error.schema.json'}, undefined)).toEqual({kind: 'error', source: '$id'});
  });

  it('drives the kind-specific rules', () => {
    const three = {type: 'object', properties: {a: {type: 'string'}, b: {type: 'string'}, c: {type: 'string'}}};
    expect(count(lint(three, {}, 'vendor.acme.plan.schema.json'), 'reasoning/missing')).toBe(1);
    expect(count(lint(three, {}, 'plan.schema.json'), 'reasoning/missing')).toBe(0);
    expect(count(lint(three, {reasoningMissingMinProperties: 4}, 'vendor.acme.plan.schema.json'), 'reasoning/missing')).toBe(0);
    // The declared opt-out: a root "$comment" naming openwop:no-reasoning; anywhere else, or other words, it is not one.
    expect(count(lint({...three, $comment: 'openwop:no-reasoning: a progress signal'}, {}, 'vendor.acme.plan.schema.json'), 'reasoning/missing')).toBe(0);
    expect(count(lint({...three, $comment: 'no reasoning here'}, {}, 'vendor.acme.plan.schema.json'), 'reasoning/missing')).toBe(1);
    expect(count(lint({...three, description: 'openwop:no-reasoning'}, {}, 'vendor.acme.plan.schema.json'), 'reasoning/missing')).toBe(1);
    const ack = {type: 'object', properties: {reasoning: {type: 'string'}, ack: {type: 'boolean'}}};
    expect(count(lint(ack, {}, 'schema.response.schema.json'), 'reasoning/forbidden-on-ack')).toBe(1);
    expect(count(lint(ack, {kind: 'schema.request'}, 'schema.response.schema.json'), 'reasoning/forbidden-on-ack')).toBe(0);
  });
});
