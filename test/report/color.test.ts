import {describe, expect, it} from 'vitest';
import {shouldUseColor} from '../../src/report/color.js';

const tty = {isTTY: true};
const pipe = {isTTY: false};

describe('shouldUseColor', () => {
  it.each([
    ['a TTY', tty, {}, false, true],
    ['a pipe', pipe, {}, false, false],
    ['a stream without isTTY', {}, {}, false, false],
    ['--no-color on a TTY', tty, {}, true, false],
    ['--no-color beats FORCE_COLOR', tty, {FORCE_COLOR: '3'}, true, false],
    ['NO_COLOR=1', tty, {NO_COLOR: '1'}, false, false],
    ['NO_COLOR set but empty', tty, {NO_COLOR: ''}, false, true],
    ['NO_COLOR beats FORCE_COLOR', pipe, {NO_COLOR: 'x', FORCE_COLOR: '1'}, false, false],
    ['FORCE_COLOR=0 on a TTY', tty, {FORCE_COLOR: '0'}, false, false],
    ['FORCE_COLOR=false', tty, {FORCE_COLOR: 'false'}, false, false],
    ['FORCE_COLOR=1 on a pipe', pipe, {FORCE_COLOR: '1'}, false, true],
    ['FORCE_COLOR=3 on a pipe', pipe, {FORCE_COLOR: '3'}, false, true],
    ['FORCE_COLOR empty on a pipe', pipe, {FORCE_COLOR: ''}, false, true],
    ['TERM=dumb on a TTY', tty, {TERM: 'dumb'}, false, false],
  ] as const)('%s', (_name, stream, env, flag, want) => {
    expect(shouldUseColor(stream, env as NodeJS.ProcessEnv, flag)).toBe(want);
  });
});
