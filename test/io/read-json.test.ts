import {describe, expect, it} from 'vitest';
import {UserError} from '../../src/core/user-error.js';
import {byteProblemFinding, decodedOrFail, jsonOrFail, parsedOrFail} from '../../src/io/read-json.js';

function failure(run: () => unknown): UserError {
  try {
    run();
  } catch (error) {
    if (error instanceof UserError) return error;
    throw error;
  }
  throw new Error('expected a UserError');
}

describe('read-json: one JSON document or a UserError', () => {
  it('names the label and the byte problem', () => {
    expect(failure(() => decodedOrFail(Buffer.alloc(0), 'kind schema a.json')).message).toBe('kind schema a.json: the file is empty: expected JSON');
    expect(decodedOrFail(Buffer.from('\uFEFF{"a":1}'), 'x')).toBe('{"a":1}');
  });

  it('places a syntax error at line:column after the label; `file` names the document', () => {
    const error = failure(() => parsedOrFail('{\n  "a": }', 'capabilities caps.json', 'caps.json'));
    expect(error.message).toMatch(/^capabilities caps\.json:2:8: /);
    expect(jsonOrFail(Buffer.from('{"a": [1]}'), 'x', 'doc.json').value).toEqual({a: [1]});
  });

  it('a byte problem as a finding, placed where it shows', () => {
    const finding = byteProblemFinding('a.json', 'x\ny', {ruleId: 'io/invalid-utf8', message: 'bad', offset: 2});
    expect(finding).toMatchObject({file: 'a.json', ruleId: 'io/invalid-utf8', message: 'bad', line: 2, column: 1});
  });
});
