import {describe, expect, it} from 'vitest';
import {count, lint} from './helpers.js';

const unordered = {type: 'object', properties: {reasoning: {type: 'string'}, a: {type: 'string'}}, required: ['reasoning', 'a'], additionalProperties: false};
const rule = 'gemini/property-ordering';

describe('gemini/property-ordering with other targets in the same run', () => {
  it('asks for propertyOrdering when every target of the run accepts it', () => {
    expect(count(lint(unordered, {targets: ['gemini']}), rule)).toBe(1);
    expect(count(lint(unordered, {targets: ['tier1', 'gemini']}), rule)).toBe(1);
    expect(count(lint(unordered, {targets: ['gemini', 'gemini-legacy']}), rule)).toBe(1);
  });

  it('stays quiet when openai or anthropic, which refuse the keyword, is a target too: its advice could not be followed', () => {
    expect(count(lint(unordered, {targets: ['gemini', 'openai']}), rule)).toBe(0);
    expect(count(lint(unordered, {targets: ['anthropic', 'gemini']}), rule)).toBe(0);
    expect(count(lint({...unordered, propertyOrdering: ['a']}, {targets: ['gemini', 'openai']}), rule)).toBe(0);
  });
});
