import {spawn} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = join(ROOT, 'bin', 'run.js');
export const REFERENCE = join(ROOT, '..', 'shared', 'reference');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Wall time from spawn to close. */
  ms: number;
}

/** Runs the built CLI as a user would (npm test builds first). */
export function runCli(args: string[], options: {cwd?: string; input?: string | Buffer; env?: NodeJS.ProcessEnv} = {}): Promise<CliResult> {
  return runProgram(process.execPath, [BIN, ...args], {cwd: options.cwd ?? ROOT, input: options.input, env: {...process.env, NO_COLOR: '1', ...options.env}});
}

/** Runs any program to completion (no shell), capturing both streams; `env` is its whole environment (default: ours). */
export function runProgram(command: string, args: string[], options: {cwd: string; input?: string | Buffer; env?: NodeJS.ProcessEnv}): Promise<CliResult> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd: options.cwd, env: options.env ?? process.env});
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', reject);
    child.stdin.on('error', () => {});
    child.stdin.end(options.input ?? '');
    child.on('close', (code) => resolve({code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), ms: performance.now() - start}));
  });
}

export function tempDir(prefix = 'openwop-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A temp project holding `files` (a string is written as is, anything else as JSON); its .git makes it the project root, as a checkout is. */
export function tempProject(files: Record<string, unknown>, prefix = 'openwop-project-'): string {
  const root = tempDir(prefix);
  mkdirSync(join(root, '.git'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), {recursive: true});
    writeFileSync(join(root, path), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return root;
}

/** A stack trace in user-facing output is a bug for any expected failure. */
export const STACK_TRACE = /\n\s+at .+\(.+:\d+:\d+\)/;

/** docs/commands/<page>.md as a reader sees it: Markdown escapes undone, whitespace runs collapsed to one space. */
export function commandDocs(page: string): string {
  return readFileSync(join(ROOT, 'docs', 'commands', `${page}.md`), 'utf8')
    .replace(/\\([\\*_`|[\]#>-])/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');
}
