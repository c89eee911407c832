import {describe, expect, it} from 'vitest';
import {isTerminal, terminalWidth} from '../../src/io/terminal.js';

describe('terminalWidth', () => {
  it('is undefined when standard output is no terminal, whatever columns the stream reports', () => {
    // Under the test runner standard output is a pipe or a file: reports there keep their full lines.
    expect(isTerminal('stdout')).toBe(false);
    const had = Object.getOwnPropertyDescriptor(process.stdout, 'columns');
    Object.defineProperty(process.stdout, 'columns', {value: 40, configurable: true});
    try {
      expect(terminalWidth()).toBeUndefined();
    } finally {
      if (had) Object.defineProperty(process.stdout, 'columns', had);
      else delete (process.stdout as {columns?: number}).columns;
    }
  });
});
