import {execFileSync} from 'node:child_process';
import {createWriteStream, mkdirSync, writeFileSync, type WriteStream} from 'node:fs';
import {writeFile} from 'node:fs/promises';
import {dirname, join} from 'node:path';
import {expect} from 'vitest';
import {BIN, runProgram, STACK_TRACE, tempDir, type CliResult} from '../helpers/cli.js';

/** Text that must never show in any output: it stands for the content of a file outside the project. */
export const SECRET = 'TOP-SECRET-d41d8cd98f00';

/** A project root (it holds .git) with these files; JSON values are written as JSON. */
export function project(files: Record<string, unknown> = {}): string {
  const dir = tempDir('openwop-project-');
  mkdirSync(join(dir, '.git'));
  put(dir, files);
  return dir;
}

/** A folder outside every project: a secret.json whose text holds SECRET, and a valid envelope and schema beside it. */
export function outside(): string {
  const dir = tempDir('openwop-outside-');
  put(dir, {
    'secret.json': `{"password": "${SECRET}",`,
    'schema.json': {type: 'object', additionalProperties: false, required: ['a'], properties: {a: {type: 'string', description: SECRET}}},
  });
  return dir;
}

export function put(dir: string, files: Record<string, unknown>): void {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), {recursive: true});
    writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
}

export function fifo(path: string): string {
  execFileSync('mkfifo', [path]);
  return path;
}

/** Writes `text` into a FIFO once a reader opens it (the write waits for one). */
export function feed(path: string, text: string): Promise<void> {
  return writeFile(path, text);
}

/** Writes `first`, then `line` again and again, into a FIFO until the reader goes away (or `destroy()`). */
export function endless(path: string, line: string, first = ''): WriteStream {
  const out = createWriteStream(path);
  if (first) out.write(first);
  const chunk = line.repeat(64);
  const pump = () => {
    while (!out.destroyed && out.write(chunk));
    if (!out.destroyed) out.once('drain', pump);
  };
  out.on('error', () => out.destroy());
  out.once('open', pump);
  return out;
}

/**
 * The built CLI under `timeout`: a run that hangs is killed after `seconds` and shows as exit 124 (or 137), not as
 * a test that never ends. Every output is checked for a stack trace and for SECRET.
 */
export async function run(args: string[], options: {cwd: string; env?: NodeJS.ProcessEnv; input?: string; seconds?: number}): Promise<CliResult> {
  const r = await runProgram('timeout', ['-k', '2', String(options.seconds ?? 30), process.execPath, BIN, ...args], {
    cwd: options.cwd,
    input: options.input,
    env: {...process.env, NO_COLOR: '1', ...options.env},
  });
  expect(r.stderr).not.toMatch(STACK_TRACE);
  expect(r.stdout + r.stderr).not.toContain(SECRET);
  return r;
}

export interface JsonRun extends CliResult {
  findings: {ruleId: string; file: string; message: string; severity: string; line: number}[];
  files: string[];
  summary: Record<string, unknown>;
}

/** {@link run} with --format json, parsed: every finding, and the files results name. */
export async function runJson(args: string[], options: Parameters<typeof run>[1]): Promise<JsonRun> {
  const r = await run([...args, '--format', 'json'], options);
  const report = JSON.parse(r.stdout);
  return {...r, findings: report.results.flatMap((x: {findings: unknown[]}) => x.findings), files: report.results.map((x: {file: string}) => x.file), summary: report.summary};
}
