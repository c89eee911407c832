// Fuzzes one command in this process: `node --import tsx test/fuzz/run-command.ts "<command>" <runs> <seed>`.
// Prints one JSON line: {command, runs, failure?} — the failure being fast-check's shrunk counterexample and what broke.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {createServer} from 'node:http';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import fc from 'fast-check';
import {caseArbitrary, COMMANDS, type FuzzCase, type FuzzCommand} from './cases.js';
import {inProcessCli} from './in-process.js';
import {installWriteGuard} from './write-guard.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const STACK_TRACE = /\n\s+at .+\(.+:\d+:\d+\)/;
/** A run that takes longer than this is reported as a hang (the slowest legitimate case is a probe timing out at 3 s). */
const CASE_DEADLINE_MS = 20_000;

const [command, runsText, seedText] = process.argv.slice(2) as [FuzzCommand, string, string];
if (!COMMANDS.includes(command)) throw new Error(`unknown command ${command}`);

// Built first: a broken generator must fail this process, not leave it waiting behind the handlers below.
const cases = caseArbitrary(command, ROOT);
const guard = installWriteGuard();
const cli = inProcessCli(ROOT);
const base = mkdtempSync(join(tmpdir(), 'openwop-fuzz-'));
const escaped: string[] = [];
process.on('uncaughtException', (error) => escaped.push(`uncaught: ${error.stack ?? error.message}`));
process.on('unhandledRejection', (error) => escaped.push(`unhandled rejection: ${(error as Error)?.stack ?? String(error)}`));

let answer: NonNullable<FuzzCase['host']> = {status: 404, contentType: 'text/plain', body: new Uint8Array()};
const server = createServer((req, res) => {
  req.resume();
  res.writeHead(answer.status, answer.contentType ? {'content-type': answer.contentType, location: '/.well-known/openwop'} : {});
  res.end(answer.body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as {port: number}).port}`;

let n = 0;
/** Why the case broke an invariant, or undefined when it held them all. */
async function broken(c: FuzzCase): Promise<string | undefined> {
  const folder = join(base, String(n++));
  guard.allow(folder);
  mkdirSync(folder);
  for (const [name, bytes] of Object.entries(c.files)) {
    mkdirSync(dirname(join(folder, name)), {recursive: true});
    writeFileSync(join(folder, name), bytes);
  }
  if (c.host) answer = c.host;
  const cwd = process.cwd();
  process.chdir(folder);
  let timer: NodeJS.Timeout | undefined;
  try {
    const args = c.args.map((a) => a.replace('{URL}', url));
    if (process.env.OPENWOP_FUZZ_TRACE) process.stderr.write(`case ${n - 1}: ${JSON.stringify(args)}\n`);
    const deadline = new Promise<'hang'>((resolve) => (timer = setTimeout(resolve, CASE_DEADLINE_MS, 'hang')));
    const run = await Promise.race([cli(args), deadline]);
    if (run === 'hang') return `no answer within ${CASE_DEADLINE_MS} ms`;
    const output = run.stdout + run.stderr;
    const problems = [
      ![0, 1, 2].includes(run.code) && `exit code ${run.code}`,
      output.includes('openwop: internal error') && 'an "internal error"',
      STACK_TRACE.test(output) && 'a stack trace',
      ...guard.takeViolations().map((v) => `a write outside the case folder: ${v}`),
      ...escaped.splice(0).map((e) => `an error escaped the command: ${e}`),
    ].filter(Boolean);
    return problems.length ? `${problems.join('; ')}\n--- output (exit ${run.code}) ---\n${output.slice(0, 4000)}` : undefined;
  } finally {
    clearTimeout(timer);
    process.chdir(cwd);
    rmSync(folder, {recursive: true, force: true});
  }
}

/** The reason of the last case that failed: after shrinking, the counterexample's. */
let why: string | undefined;
const result = await fc.check(
  fc.asyncProperty(cases, async (c) => {
    const reason = await broken(c);
    if (reason !== undefined) why = reason;
    return reason === undefined;
  }),
  {seed: Number(seedText), numRuns: Number(runsText), endOnFailure: false, maxSkipsPerRun: 0},
);
server.close();
rmSync(base, {recursive: true, force: true});
const failure = result.failed
  ? {
      why,
      args: result.counterexample?.[0]?.args,
      files: Object.fromEntries(Object.entries(result.counterexample?.[0]?.files ?? {}).map(([k, v]) => [k, Buffer.from(v).toString('utf8').slice(0, 2000)])),
      seed: result.seed,
      path: result.counterexamplePath,
    }
  : undefined;
process.stdout.write(`${JSON.stringify({command, runs: result.numRuns, failure})}\n`);
process.exit(0);
