// The Python requirement scan of validate pack grows with the size of main.py only (growth: see helpers/growth.ts).
// A 4 MB file is the cap it reads, so a scan that is quadratic in anything a file can repeat would hang a run.
import {describe, expect, it} from 'vitest';
import {scanPython} from '../../src/pack/index.js';
import {growth, MAX_GROWTH} from './helpers/growth.js';

const names = (n: number) => Array.from({length: n}, (_, i) => `a${i}`);
/** Time to scan file(16n) over time to scan file(n). */
const scanGrowth = (file: (n: number) => string) =>
  growth((n) => {
    const text = file(n);
    return () => scanPython(text);
  }, 2_000);

describe('scanPython is linear in the size of the file', () => {
  it('n names imported from os, then n short lines using them: ~16× the time at 16n', () => {
    // The shape of the reported hang: a RegExp was built per logical line and per name imported from os.
    const file = (n: number) =>
      `from os import ${names(n).join(', ')}, system\n${names(n)
        .map((a, i) => `${a} = ${i}\n`)
        .join('')}system("ls")\n`;
    expect(scanPython(file(3)).uses).toEqual([{token: 'subprocess', line: 5, column: 1, evidence: 'calls os.system()'}]);
    expect(scanGrowth(file)).toBeLessThan(MAX_GROWTH);
  });

  it('n statements on one line, after `;` and compound headers with lambdas, then an import', () => {
    const file = (n: number) =>
      `from os import *; ${names(n)
        .map((a) => `if lambda: ${a}: x = {${a}: [${a}]}; getcwd()`)
        .join('; ')}\nimport socket\n`;
    expect(scanPython(file(2)).uses).toEqual([{token: 'net.outbound', line: 2, column: 1, evidence: 'imports socket'}]);
    expect(scanGrowth(file)).toBeLessThan(MAX_GROWTH);
  });
});
