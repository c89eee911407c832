import {describe, expect, it} from 'vitest';
import {fixSchemaText, lintSchemaDocument, type LintTarget} from '../../src/lint/index.js';

const fix = (text: string, target: LintTarget) => fixSchemaText(text, 'f.json', {targets: [target]});

describe('--fix --target gemini-legacy: lossless rewrites, minimal edits', () => {
  it('a const becomes a one-value enum, a ["T", "null"] type list becomes "nullable": true; the rest of the text is untouched', () => {
    const text = '{\n  "type": "object",\n  "properties": {\n    "kind": {"const": "plan"},\n    "note": {"type": ["string", "null"], "description": "free text"}\n  },\n  "required": ["kind"]\n}\n';
    const out = fix(text, 'gemini-legacy');
    expect(out.text).toBe('{\n  "type": "object",\n  "properties": {\n    "kind": {"enum": ["plan"]},\n    "note": {"type": "string", "description": "free text", "nullable": true}\n  },\n  "required": ["kind"]\n}\n');
    expect(lintSchemaDocument(out.text, {targets: ['gemini-legacy'], rules: {'gemini/property-ordering': 'off'}})).toEqual([]);
    expect(fix(out.text, 'gemini-legacy')).toMatchObject({text: out.text, fixed: 0});
  });

  it('what it cannot fix, each finding says why', () => {
    const text = JSON.stringify({$schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: {a: {type: ['string', 'integer']}, b: {type: 'string', format: 'email'}}, additionalProperties: false});
    const left = lintSchemaDocument(fix(text, 'gemini-legacy').text, {targets: ['gemini-legacy']});
    expect(left.map((f) => f.pointer)).toEqual(['', '/$schema', '/properties/a/type', '/additionalProperties']);
    for (const f of left) expect(f.message).toMatch(/not auto-fixable: .+/);
  });
});
