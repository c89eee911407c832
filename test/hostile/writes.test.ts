import {execFileSync, spawn} from 'node:child_process';
import {
  closeSync,
  constants,
  cpSync,
  createReadStream,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
  chmodSync,
  chownSync,
} from 'node:fs';
import {createServer} from 'node:net';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {BIN, ROOT, runCli, STACK_TRACE, tempDir, type CliResult} from '../helpers/cli.js';
import {acmeDocument, startHost, type TestHost} from '../probe/helpers/host.js';

// Class 1 of issue 14: every command that writes (-o on the five checking commands, lint schema --fix,
// probe host --save, scaffold kind) goes through src/io/safe-write. Never a real device node: FIFOs, symlinks and
// device nodes made with mknod inside a temp folder only.

const EXAMPLES = join(ROOT, 'examples');
const STALL = pathToFileURL(join(import.meta.dirname, 'helpers', 'stall-placement.mjs')).href;
/** A schema with findings and with fixes to apply. */
const SCHEMA = '{"type":"object","properties":{"a":{"type":"string"}}}\n';
const TEMP_PREFIX = '.openwop-tmp.';

let host: TestHost;
const served = `${JSON.stringify(acmeDocument(), null, 2)}\n`;
beforeAll(async () => {
  host = await startHost({'/.well-known/openwop': {body: served}});
});
afterAll(() => host.close());

interface Command {
  name: string;
  /** Prepares `dir` and returns the arguments (without -o) and a file the run reads. */
  setup: (dir: string) => {args: string[]; input: string};
}

const COMMANDS: Command[] = [
  {
    name: 'lint schema',
    setup: (dir) => {
      writeFileSync(join(dir, 'a.json'), SCHEMA);
      return {args: ['lint', 'schema', 'a.json'], input: 'a.json'};
    },
  },
  {
    name: 'validate envelope',
    setup: (dir) => {
      cpSync(join(EXAMPLES, 'envelopes', 'clarification.json'), join(dir, 'env.json'));
      return {args: ['validate', 'envelope', 'env.json'], input: 'env.json'};
    },
  },
  {
    name: 'validate pack',
    setup: (dir) => {
      cpSync(join(EXAMPLES, 'packs', 'webhook'), join(dir, 'pack'), {recursive: true});
      return {args: ['validate', 'pack', 'pack'], input: join('pack', 'pack.json')};
    },
  },
  {
    name: 'simulate retry',
    setup: (dir) => {
      cpSync(join(EXAMPLES, 'recordings', 'anthropic-refusal.json'), join(dir, 'rec.json'));
      cpSync(join(EXAMPLES, 'recordings', 'ticket.schema.json'), join(dir, 's.json'));
      return {args: ['simulate', 'retry', 'rec.json', '--schema', 's.json'], input: 's.json'};
    },
  },
  {
    name: 'probe host',
    setup: (dir) => {
      writeFileSync(join(dir, 'caps.json'), served);
      return {args: ['probe', 'host', host.origin, '--compare', 'caps.json'], input: 'caps.json'};
    },
  },
];

/**
 * Reads a FIFO to its end while `run` writes it. A holder fd keeps the FIFO's inode at hand: should a broken writer
 * replace the name instead of writing through it, the reader is still given an end (through the holder) and the test
 * fails on the text instead of hanging.
 */
async function throughFifo(fifo: string, run: () => Promise<CliResult>): Promise<{r: CliResult; text: string}> {
  const holder = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const chunks: Buffer[] = [];
    const reading = new Promise<string>((resolve, reject) => {
      createReadStream(fifo)
        .on('data', (c) => chunks.push(c as Buffer))
        .on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
        .on('error', reject);
    });
    const r = await run();
    closeSync(openSync(`/proc/self/fd/${holder}`, constants.O_WRONLY | constants.O_NONBLOCK));
    return {r, text: await reading};
  } finally {
    closeSync(holder);
  }
}

function mkfifo(path: string): void {
  execFileSync('mkfifo', [path]);
}

/** A device node inside a temp folder; false where mknod is not permitted (not root, or a container without CAP_MKNOD). */
function mknod(path: string, type: 'c' | 'b', major: number, minor: number): boolean {
  try {
    execFileSync('mknod', [path, type, String(major), String(minor)], {stdio: 'ignore'});
    return true;
  } catch {
    return false;
  }
}

function expectCleanRefusal(r: CliResult, message: RegExp): void {
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(message);
  expect(r.stderr).not.toMatch(STACK_TRACE);
}

function noTempFiles(dir: string): void {
  expect(readdirSync(dir).filter((n) => n.startsWith(TEMP_PREFIX))).toEqual([]);
}

describe('-o writes through what is not a regular file, or refuses it, and never replaces it', () => {
  it.each(COMMANDS)('$name -o FIFO: the report goes through the FIFO, which stays a FIFO', async (command) => {
    const dir = tempDir();
    const {args} = command.setup(dir);
    mkfifo(join(dir, 'out'));
    const {r, text} = await throughFifo(join(dir, 'out'), () => runCli([...args, '--format', 'json', '-o', 'out'], {cwd: dir}));
    expect(r.stderr).not.toMatch(STACK_TRACE);
    expect(JSON.parse(text)).toMatchObject({tool: 'openwop', command: command.name});
    expect(statSync(join(dir, 'out')).isFIFO()).toBe(true);
    noTempFiles(dir);
  });

  it('a symlink to a FIFO is written through, the link and the FIFO stay', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.json'), SCHEMA);
    mkfifo(join(dir, 'fifo'));
    symlinkSync('fifo', join(dir, 'link'));
    const {r, text} = await throughFifo(join(dir, 'fifo'), () => runCli(['lint', 'schema', 'a.json', '-o', 'link'], {cwd: dir}));
    expect(r.code).toBe(1);
    expect(text).toContain('tier1/additional-properties');
    expect(lstatSync(join(dir, 'link')).isSymbolicLink()).toBe(true);
    expect(statSync(join(dir, 'fifo')).isFIFO()).toBe(true);
  });

  it('a full character device (c 1 7, made in a temp folder): ENOSPC is a clear exit 2 and the node stays a device', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.json'), SCHEMA);
    if (!mknod(join(dir, 'full'), 'c', 1, 7)) {
      // mknod is not permitted here: only the FIFO and symlink cases above cover writing through.
      console.warn('mknod not permitted: the character-device case is covered by the FIFO cases only');
      return;
    }
    symlinkSync('full', join(dir, 'full-link'));
    for (const target of ['full', 'full-link']) {
      const r = await runCli(['lint', 'schema', 'a.json', '-o', target], {cwd: dir});
      expectCleanRefusal(r, new RegExp(`Cannot write "${target}": no space left on the device \\(ENOSPC\\)`));
    }
    expect(statSync(join(dir, 'full')).isCharacterDevice()).toBe(true);
    expect(lstatSync(join(dir, 'full-link')).isSymbolicLink()).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['a.json', 'full', 'full-link']);
  });

  it('a null character device (c 1 3, made in a temp folder) takes the report and stays a device', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.json'), SCHEMA);
    if (!mknod(join(dir, 'null'), 'c', 1, 3)) {
      console.warn('mknod not permitted: the character-device case is covered by the FIFO cases only');
      return;
    }
    const r = await runCli(['lint', 'schema', 'a.json', '-o', 'null'], {cwd: dir});
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(statSync(join(dir, 'null')).isCharacterDevice()).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['a.json', 'null']);
  });

  it('a link to /proc/self/fd/1 (what /dev/stdout is) writes to stdout, and appends where a >> redirect points', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.json'), SCHEMA);
    symlinkSync('/proc/self/fd/1', join(dir, 'stdout'));
    writeFileSync(join(dir, 'log.txt'), 'earlier lines\n');
    const fd = openSync(join(dir, 'log.txt'), 'a');
    const result = await new Promise<{code: number | null; stderr: string}>((resolve) => {
      const child = spawn(process.execPath, [BIN, 'lint', 'schema', 'a.json', '-o', 'stdout'], {cwd: dir, stdio: ['ignore', fd, 'pipe'], env: {...process.env, NO_COLOR: '1'}});
      let stderr = '';
      child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('close', (code) => resolve({code, stderr}));
    });
    closeSync(fd);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const log = readFileSync(join(dir, 'log.txt'), 'utf8');
    expect(log.startsWith('earlier lines\na.json\n')).toBe(true);
    expect(log).toContain('tier1/additional-properties');
    expect(lstatSync(join(dir, 'stdout')).isSymbolicLink()).toBe(true);
    noTempFiles(dir);
  });

  it('refuses a folder, a socket, a block device and a dangling symlink (exit 2), changing none of them', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.json'), SCHEMA);
    mkdirSync(join(dir, 'folder'));
    symlinkSync('nowhere.json', join(dir, 'dangling'));
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(join(dir, 'sock'), resolve));
    // Major 240 is reserved for local use: no driver answers, so even a broken guard could not reach a disk.
    const block = mknod(join(dir, 'block'), 'b', 240, 0);
    try {
      const cases: [string, RegExp][] = [
        ['folder', /it is a folder/],
        ['sock', /it is a socket/],
        ['dangling', /symbolic link to a file that does not exist/],
        ...(block ? [['block', /block device/] as [string, RegExp]] : []),
      ];
      for (const [target, why] of cases) expectCleanRefusal(await runCli(['lint', 'schema', 'a.json', '-o', target], {cwd: dir}), why);
      expect(statSync(join(dir, 'folder')).isDirectory()).toBe(true);
      expect(statSync(join(dir, 'sock')).isSocket()).toBe(true);
      expect(lstatSync(join(dir, 'dangling')).isSymbolicLink()).toBe(true);
      expect(existsSync(join(dir, 'nowhere.json'))).toBe(false);
      if (block) expect(statSync(join(dir, 'block')).isBlockDevice()).toBe(true);
      noTempFiles(dir);
    } finally {
      server.close();
    }
  });
});

describe("an output that is one of the run's files is refused (exit 2)", () => {
  it.each(COMMANDS)('$name -o INPUT: by name, through a symlink and through a hard link; the input is unchanged', async (command) => {
    const dir = tempDir();
    const {args, input} = command.setup(dir);
    const before = readFileSync(join(dir, input));
    symlinkSync(join(dir, input), join(dir, 'sym.json'));
    linkSync(join(dir, input), join(dir, 'hard.json'));
    const targets = [input, 'sym.json', 'hard.json'];
    const runs = await Promise.all(targets.map((target) => runCli([...args, '-o', target], {cwd: dir})));
    runs.forEach((r, i) => expectCleanRefusal(r, new RegExp(`Cannot write "${targets[i].replace(/[.\\/]/g, '\\$&')}": it is an input of this run`)));
    expect(readFileSync(join(dir, input))).toEqual(before);
    expect(statSync(join(dir, 'hard.json')).nlink).toBe(2);
    noTempFiles(dir);
  });

  it('a file reached only through $ref, and the config file, count as inputs', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.json'), '{"type":"object","properties":{"b":{"$ref":"b.json"}},"required":["b"],"additionalProperties":false}\n');
    writeFileSync(join(dir, 'b.json'), '{"type":"string"}\n');
    writeFileSync(join(dir, 'conf.json'), '{"rules":{}}\n');
    expectCleanRefusal(await runCli(['lint', 'schema', 'a.json', '-o', 'b.json'], {cwd: dir}), /it is an input of this run \("b\.json"\)/);
    expectCleanRefusal(await runCli(['lint', 'schema', 'a.json', '--config', 'conf.json', '-o', 'conf.json'], {cwd: dir}), /it is an input of this run \("conf\.json"\)/);
    expect(readFileSync(join(dir, 'b.json'), 'utf8')).toBe('{"type":"string"}\n');
    expect(readFileSync(join(dir, 'conf.json'), 'utf8')).toBe('{"rules":{}}\n');
  });

  it('validate envelope: a .json array over 1 MiB, read element by element, is an input too', async () => {
    const dir = tempDir();
    const envelope = JSON.parse(readFileSync(join(ROOT, 'examples', 'envelopes', 'clarification.json'), 'utf8'));
    const text = JSON.stringify(Array.from({length: 4000}, (_, i) => ({...envelope, envelopeId: `env-${i}`})));
    expect(text.length).toBeGreaterThan(1024 * 1024);
    writeFileSync(join(dir, 'big.json'), text);
    expectCleanRefusal(await runCli(['validate', 'envelope', 'big.json', '-o', 'big.json'], {cwd: dir}), /Cannot write "big\.json": it is an input of this run/);
    expect(readFileSync(join(dir, 'big.json'), 'utf8')).toBe(text);
  });

  it('a folder input: a report file already inside it was read, so it is refused; a new name there is fine', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'schemas'));
    writeFileSync(join(dir, 'schemas', 'a.json'), SCHEMA);
    writeFileSync(join(dir, 'schemas', 'report.json'), '{}\n');
    expectCleanRefusal(await runCli(['lint', 'schema', 'schemas', '-o', 'schemas/report.json'], {cwd: dir}), /input of this run \("schemas\/report\.json"\)/);
    expect(readFileSync(join(dir, 'schemas', 'report.json'), 'utf8')).toBe('{}\n');
    const fresh = await runCli(['lint', 'schema', 'schemas', '-o', 'schemas/new-report.txt'], {cwd: dir});
    expect(fresh.code).toBe(1);
    expect(readFileSync(join(dir, 'schemas', 'new-report.txt'), 'utf8')).toContain('tier1/additional-properties');
  });

  it('stdin redirected from a file (`- < a.json`) makes that file an input', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.json'), SCHEMA);
    const fd = openSync(join(dir, 'a.json'), 'r');
    const result = await new Promise<{code: number | null; stderr: string}>((resolve) => {
      const child = spawn(process.execPath, [BIN, 'lint', 'schema', '-', '-o', 'a.json'], {cwd: dir, stdio: [fd, 'ignore', 'pipe'], env: {...process.env, NO_COLOR: '1'}});
      let stderr = '';
      child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('close', (code) => resolve({code, stderr}));
    });
    closeSync(fd);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Cannot write "a\.json": it is an input of this run \(standard input reads from it\)/);
    expect(readFileSync(join(dir, 'a.json'), 'utf8')).toBe(SCHEMA);
  });

  it('probe host: -o may not replace the file --save just wrote; --save --force may replace the --compare file', async () => {
    const dir = tempDir();
    const r = await runCli(['probe', 'host', host.origin, '--save', 'caps.json', '-o', 'caps.json'], {cwd: dir});
    expectCleanRefusal(r, /Cannot write "caps\.json": it is an input of this run/);
    expect(readFileSync(join(dir, 'caps.json'), 'utf8')).toBe(served);

    writeFileSync(join(dir, 'old.json'), '{"profiles":[]}\n');
    const update = await runCli(['probe', 'host', host.origin, '--compare', 'old.json', '--save', 'old.json', '--force', '--format', 'json'], {cwd: dir});
    expect(update.stderr).not.toMatch(STACK_TRACE);
    expect(JSON.parse(update.stdout).results[0].compare.against).toBeDefined();
    expect(readFileSync(join(dir, 'old.json'), 'utf8')).toBe(served);
  });
});

describe('lint schema --fix keeps the file it rewrites', () => {
  it('keeps owner, group and mode', async () => {
    const dir = tempDir();
    const file = join(dir, 'a.json');
    writeFileSync(file, SCHEMA);
    chmodSync(file, 0o640);
    const owned = process.getuid?.() === 0;
    if (owned) chownSync(file, 4321, 4322);
    const r = await runCli(['lint', 'schema', 'a.json', '--fix'], {cwd: dir});
    expect(r.stderr).toBe('');
    expect(readFileSync(file, 'utf8')).toContain('"additionalProperties":false');
    const info = statSync(file);
    expect(info.mode & 0o7777).toBe(0o640);
    if (owned) expect([info.uid, info.gid]).toEqual([4321, 4322]);
    noTempFiles(dir);
  });

  it('keeps hard links: every name sees the fix, one inode', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.json'), SCHEMA);
    linkSync(join(dir, 'a.json'), join(dir, 'other-name.json'));
    const inode = statSync(join(dir, 'a.json')).ino;
    const r = await runCli(['lint', 'schema', 'a.json', '--fix'], {cwd: dir});
    expect(r.stderr).toBe('');
    expect(readFileSync(join(dir, 'other-name.json'), 'utf8')).toContain('"additionalProperties":false');
    expect(statSync(join(dir, 'a.json')).ino).toBe(inode);
    expect(statSync(join(dir, 'a.json')).nlink).toBe(2);
    noTempFiles(dir);
  });

  it('a read-only file is left alone (exit 2) unless --force, and stays read-only', async () => {
    const dir = tempDir();
    const file = join(dir, 'a.json');
    writeFileSync(file, SCHEMA);
    chmodSync(file, 0o444);
    const refused = await runCli(['lint', 'schema', 'a.json', '--fix'], {cwd: dir});
    expect(refused.code).toBe(2);
    expect(refused.stdout).toMatch(/could not write the fixes to a\.json: the file is read-only \(pass --force/);
    expect(refused.stdout).toContain('io/unwritable');
    expect(readFileSync(file, 'utf8')).toBe(SCHEMA);

    const forced = await runCli(['lint', 'schema', 'a.json', '--fix', '--force'], {cwd: dir});
    expect(forced.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('"additionalProperties":false');
    expect(statSync(file).mode & 0o777).toBe(0o444);
  });

  it('--force without --fix is a usage error', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.json'), SCHEMA);
    const r = await runCli(['lint', 'schema', 'a.json', '--force'], {cwd: dir});
    expect(r.code).toBe(2);
    expect(readFileSync(join(dir, 'a.json'), 'utf8')).toBe(SCHEMA);
  });

  it('a symlinked schema: the target is fixed, the link stays a link', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'real.json'), SCHEMA);
    symlinkSync('real.json', join(dir, 'link.json'));
    const r = await runCli(['lint', 'schema', 'link.json', '--fix'], {cwd: dir});
    expect(r.code).toBe(0);
    expect(lstatSync(join(dir, 'link.json')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'real.json'), 'utf8')).toContain('"additionalProperties":false');
  });

  it('a write cut short (file size limit, a real EFBIG) puts a hard-linked file back as it was', async () => {
    const dir = tempDir();
    // Long enough to fit under a 1-block limit, short enough that the fixed text (longer) does not.
    const padded = `{"type":"object","description":"${'x'.repeat(400)}","properties":{"a":{"type":"string"},"b":{"type":"string"},"c":{"type":"string"}}}\n`;
    writeFileSync(join(dir, 'a.json'), padded);
    linkSync(join(dir, 'a.json'), join(dir, 'b.json'));
    const r = await new Promise<{code: number | null; stdout: string}>((resolve) => {
      const child = spawn('sh', ['-c', `ulimit -f 1 && exec "${process.execPath}" "${BIN}" lint schema a.json --fix`], {cwd: dir, env: {...process.env, NO_COLOR: '1'}});
      let stdout = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.on('close', (code) => resolve({code, stdout}));
    });
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/could not write the fixes to a\.json: .*EFBIG.*; the file is unchanged/);
    expect(readFileSync(join(dir, 'b.json'), 'utf8')).toBe(padded);
  });
});

describe('temp files never outlive a run', () => {
  /** The CLI with its write stalled after the temp file is written (see helpers/stall-placement.mjs). */
  function stalledRun(args: string[], cwd: string) {
    const child = spawn(process.execPath, ['--import', STALL, BIN, ...args], {cwd, env: {...process.env, NO_COLOR: '1'}});
    const stalled = new Promise<void>((resolve, reject) => {
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        if (stderr.includes('STALLED')) resolve();
      });
      child.on('close', () => reject(new Error(`exited before stalling: ${stderr}`)));
    });
    const exited = new Promise<{code: number | null; signal: NodeJS.Signals | null}>((resolve) => child.on('close', (code, signal) => resolve({code, signal})));
    return {child, stalled, exited};
  }

  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)('%s mid-write: the temp file is removed, the old report kept, and the process dies of the signal', async (signal) => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.json'), SCHEMA);
    writeFileSync(join(dir, 'report.txt'), 'previous report');
    const run = stalledRun(['lint', 'schema', 'a.json', '-o', 'report.txt'], dir);
    await run.stalled;
    expect(readdirSync(dir).filter((n) => n.startsWith(TEMP_PREFIX))).toHaveLength(1);
    run.child.kill(signal);
    expect(await run.exited).toEqual({code: null, signal});
    noTempFiles(dir);
    expect(readFileSync(join(dir, 'report.txt'), 'utf8')).toBe('previous report');
  });

  it('scaffold kind: SIGTERM while placing removes every temp file', async () => {
    const dir = tempDir();
    const run = stalledRun(['scaffold', 'kind', 'vendor.acme.plan.create', '--field', 'title:string', '--out', 'out'], dir);
    await run.stalled;
    const temps = () => [...readdirSync(join(dir, 'out')), ...readdirSync(join(dir, 'out', 'examples'))].filter((n) => n.startsWith(TEMP_PREFIX));
    expect(temps()).toHaveLength(3);
    run.child.kill('SIGTERM');
    expect(await run.exited).toEqual({code: null, signal: 'SIGTERM'});
    expect(temps()).toEqual([]);
  });

  it('kill -9 leaves a temp file; the next write into that folder removes it', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.json'), SCHEMA);
    const run = stalledRun(['lint', 'schema', 'a.json', '-o', 'report.txt'], dir);
    await run.stalled;
    run.child.kill('SIGKILL');
    await run.exited;
    const left = readdirSync(dir).filter((n) => n.startsWith(TEMP_PREFIX));
    expect(left).toHaveLength(1);
    expect(left[0]).toContain(`.${run.child.pid}.`);

    const next = await runCli(['lint', 'schema', 'a.json', '-o', 'report.txt'], {cwd: dir});
    expect(next.code).toBe(1);
    noTempFiles(dir);
    expect(readFileSync(join(dir, 'report.txt'), 'utf8')).toContain('tier1/additional-properties');
  });
});

describe('missing folders and existing files', () => {
  it.each(COMMANDS)('$name -o into a missing folder: made inside the project; outside it, or through a link out of it, exit 2 and nothing made', async (command) => {
    const dir = tempDir();
    const {args} = command.setup(dir);
    const r = await runCli([...args, '-o', join('no', 'such', 'report.json')], {cwd: dir});
    expect(r.stderr).not.toMatch(STACK_TRACE);
    expect(r.code).not.toBe(2);
    expect(readFileSync(join(dir, 'no', 'such', 'report.json'), 'utf8')).not.toBe('');
    noTempFiles(join(dir, 'no', 'such'));
    const elsewhere = tempDir();
    symlinkSync(elsewhere, join(dir, 'out'));
    const before = readdirSync(dir).sort();
    for (const target of [join(elsewhere, 'new', 'report.json'), join('out', 'new', 'report.json')]) {
      const refused = await runCli([...args, '-o', target], {cwd: dir});
      expectCleanRefusal(refused, /folder ".*new" does not exist\n {2}openwop creates a missing folder only inside the project/);
    }
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(readdirSync(dir).sort()).toEqual(before);
  });

  it('export schema -o into a missing folder: made inside the project, refused outside it', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 's.json'), '{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}');
    const r = await runCli(['export', 'schema', 's.json', '--target', 'openai', '-o', join('out', 'f.json')], {cwd: dir});
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'out', 'f.json'), 'utf8'))).toBeTypeOf('object');
    const elsewhere = tempDir();
    expectCleanRefusal(
      await runCli(['export', 'schema', 's.json', '--target', 'openai', '-o', join(elsewhere, 'no', 'f.json')], {cwd: dir}),
      /does not exist\n {2}openwop creates a missing folder only inside the project/,
    );
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it('probe host --save: a missing folder is made inside the project; an existing file needs --force; a FIFO is written through', async () => {
    const dir = tempDir();
    expect((await runCli(['probe', 'host', host.origin, '--save', 'no/caps.json'], {cwd: dir})).code).toBe(0);
    expect(readFileSync(join(dir, 'no', 'caps.json'), 'utf8')).toBe(served);
    writeFileSync(join(dir, 'caps.json'), 'mine');
    expectCleanRefusal(await runCli(['probe', 'host', host.origin, '--save', 'caps.json'], {cwd: dir}), /--save caps\.json: the file exists\n {2}pass --force/);
    expect(readFileSync(join(dir, 'caps.json'), 'utf8')).toBe('mine');
    mkfifo(join(dir, 'pipe'));
    const {r, text} = await throughFifo(join(dir, 'pipe'), () => runCli(['probe', 'host', host.origin, '--save', 'pipe'], {cwd: dir}));
    expect(r.code).toBe(0);
    expect(text).toBe(served);
    expect(statSync(join(dir, 'pipe')).isFIFO()).toBe(true);
    noTempFiles(dir);
  });

  it('scaffold kind --out and --examples-out: a missing folder is made inside the project only, as -o', async () => {
    const dir = tempDir();
    const elsewhere = tempDir();
    const args = ['scaffold', 'kind', 'vendor.acme.plan.create', '--field', 'title:string'];
    for (const out of [
      ['--out', join(elsewhere, 'new')],
      ['--examples-out', join(elsewhere, 'ex')],
      ['--out', join(elsewhere, 'new'), '--dry-run'],
    ]) {
      expectCleanRefusal(await runCli([...args, ...out], {cwd: dir}), /"[^"]*(new|ex)": the folder does not exist; nothing was written\n {2}openwop creates a missing folder only inside the project/);
    }
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
    // A folder outside that exists is written into, as -o writes a file there.
    expect((await runCli([...args, '--out', elsewhere, '--examples-out', elsewhere], {cwd: dir})).code).toBe(0);
    // An existing --out is the user's own destination: its default examples/ subfolder is made there.
    const chosen = tempDir();
    expect((await runCli([...args, '--out', chosen], {cwd: dir})).code).toBe(0);
    expect(readdirSync(join(chosen, 'examples')).sort()).toEqual(['vendor.acme.plan.create.invalid.json', 'vendor.acme.plan.create.valid.json']);
  });

  it("--update-baseline FILE into a missing folder: made inside the project; outside it exit 2 with -o's hint", async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 's.schema.json'), '{"type":"object"}');
    const args = ['lint', 'schema', 's.schema.json', '--update-baseline', '--baseline'];
    const made = await runCli([...args, join('ci', 'new', 'base.json')], {cwd: dir});
    expect(made.code, made.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'ci', 'new', 'base.json'), 'utf8'))).toBeTypeOf('object');
    const elsewhere = tempDir();
    expectCleanRefusal(
      await runCli([...args, join(elsewhere, 'no', 'base.json')], {cwd: dir}),
      /--update-baseline [^:]*: folder "[^"]*no" does not exist\n {2}openwop creates a missing folder only inside the project/,
    );
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it("scaffold kind creates its --out folder, refuses a FIFO or symlink in a target's place even with --force", async () => {
    const dir = tempDir();
    const args = ['scaffold', 'kind', 'vendor.acme.plan.create', '--field', 'title:string'];
    expect((await runCli([...args, '--out', 'deep/new/out'], {cwd: dir})).code).toBe(0);
    expect(readdirSync(join(dir, 'deep', 'new', 'out')).sort()).toEqual(['examples', 'vendor.acme.plan.create.schema.json']);

    mkdirSync(join(dir, 'fifo-out'));
    mkfifo(join(dir, 'fifo-out', 'vendor.acme.plan.create.schema.json'));
    expectCleanRefusal(await runCli([...args, '--out', 'fifo-out', '--force'], {cwd: dir}), /it is a FIFO; scaffold writes only regular files/);
    expect(statSync(join(dir, 'fifo-out', 'vendor.acme.plan.create.schema.json')).isFIFO()).toBe(true);

    mkdirSync(join(dir, 'link-out'));
    writeFileSync(join(dir, 'outside.json'), 'not yours');
    symlinkSync(join(dir, 'outside.json'), join(dir, 'link-out', 'vendor.acme.plan.create.schema.json'));
    expectCleanRefusal(await runCli([...args, '--out', 'link-out', '--force'], {cwd: dir}), /it is a symbolic link; scaffold writes only regular files/);
    expect(readFileSync(join(dir, 'outside.json'), 'utf8')).toBe('not yours');
    expect(readdirSync(join(dir, 'link-out'))).toEqual(['vendor.acme.plan.create.schema.json']);
  });
});
