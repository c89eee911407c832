import {describe, expect, it} from 'vitest';
import {decodeJsonBytes} from '../../src/io/decode.js';

describe('decodeJsonBytes', () => {
  it('accepts and strips a UTF-8 BOM', () => {
    expect(decodeJsonBytes(Buffer.from('\uFEFF{"a":1}'))).toEqual({text: '{"a":1}'});
  });
  it('reports empty and whitespace-only input', () => {
    expect(decodeJsonBytes(Buffer.alloc(0)).problem?.ruleId).toBe('io/empty');
    expect(decodeJsonBytes(Buffer.from('\uFEFF')).problem?.ruleId).toBe('io/empty');
    expect(decodeJsonBytes(Buffer.from(' \n\t ')).problem?.ruleId).toBe('io/empty');
  });
  it('reports binary content', () => {
    expect(decodeJsonBytes(Buffer.from([0x7b, 0x00, 0x01, 0x02])).problem?.ruleId).toBe('io/binary');
  });
  it('reports invalid UTF-8 at the first bad sequence', () => {
    const d = decodeJsonBytes(Buffer.concat([Buffer.from('{\n "a": "'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]));
    expect(d.problem).toMatchObject({ruleId: 'io/invalid-utf8', offset: 9});
  });
});
