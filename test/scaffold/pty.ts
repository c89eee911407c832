import {spawn} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import {BIN} from '../helpers/cli.js';

const DRIVER = fileURLToPath(new URL('./pty-driver.py', import.meta.url));

export const ENTER = '\r';
export const DOWN = '\u001b[B';
export const CTRL_C = '\u0003';
export const BACKSPACE = '\u007f';

/** Wait until `expect` is on the terminal (after the previous step's match), then type `send`. */
export interface Step {
  expect: string;
  send?: string;
}

export interface PtyResult {
  code: number | null;
  signal: number | null;
  /** Everything the terminal showed, ANSI codes removed. */
  transcript: string;
  /** The text a step waited for in vain, or null. */
  failed: string | null;
}

/** Runs the built CLI in a real pseudo-terminal (python3's pty module) and types the steps' answers. */
export function drive(args: string[], steps: Step[], options: {cwd: string; timeoutSeconds?: number}): Promise<PtyResult> {
  const spec = {argv: [process.execPath, BIN, ...args], cwd: options.cwd, env: {NO_COLOR: '1'}, steps, timeout: options.timeoutSeconds ?? 30};
  return new Promise((resolve, reject) => {
    const child = spawn('python3', [DRIVER, JSON.stringify(spec)], {stdio: ['ignore', 'pipe', 'pipe']});
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`pty driver failed (${code}): ${err}`));
      resolve(JSON.parse(out) as PtyResult);
    });
  });
}
