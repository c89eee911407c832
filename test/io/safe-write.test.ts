import {spawn, execFileSync} from 'node:child_process';
import {
  chmodSync,
  chownSync,
  closeSync,
  constants,
  createReadStream,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {describe, expect, it} from 'vitest';
import {checkWritable, WriteError, writeFileSafely} from '../../src/io/safe-write.js';
import {placeStaged, stageFile} from '../../src/io/temp-file.js';
import {inspectWriteTarget} from '../../src/io/write-target.js';
import {ROOT, tempDir} from '../helpers/cli.js';

const noInputs = {paths: new Set<string>(), stdin: false};
const TEMP_PREFIX = '.openwop-tmp.';

async function refusal(promise: Promise<unknown>): Promise<WriteError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WriteError);
  return error as WriteError;
}

describe('inspectWriteTarget', () => {
  it('names each kind of target', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'file'), 'x');
    symlinkSync('file', join(dir, 'link'));
    symlinkSync('link', join(dir, 'link-to-link'));
    symlinkSync('nothing', join(dir, 'dangling'));
    symlinkSync('loop-b', join(dir, 'loop-a'));
    symlinkSync('loop-a', join(dir, 'loop-b'));
    execFileSync('mkfifo', [join(dir, 'fifo')]);
    // What /dev/stdout is: a magic link to an open file, here a regular one (a shell's `> file` or `>> file`).
    const fd = openSync(join(dir, 'redirected'), 'a');
    symlinkSync(`/proc/self/fd/${fd}`, join(dir, 'stdout'));
    expect(inspectWriteTarget(join(dir, 'new'))).toEqual({kind: 'missing', path: join(dir, 'new')});
    expect(inspectWriteTarget(join(dir, 'file'))).toMatchObject({kind: 'regular', path: join(dir, 'file')});
    expect(inspectWriteTarget(join(dir, 'link-to-link'))).toMatchObject({kind: 'regular', path: join(dir, 'file')});
    expect(inspectWriteTarget(join(dir, 'dangling'))).toMatchObject({kind: 'refused', why: 'it is a symbolic link to a file that does not exist'});
    expect(inspectWriteTarget(join(dir, 'loop-a'))).toMatchObject({kind: 'refused', code: 'ELOOP'});
    expect(inspectWriteTarget(join(dir, 'fifo'))).toMatchObject({kind: 'through', what: 'a FIFO'});
    expect(inspectWriteTarget(join(dir, 'stdout'))).toMatchObject({kind: 'through', what: 'an open file'});
    closeSync(fd);
    expect(inspectWriteTarget(dir)).toMatchObject({kind: 'refused', code: 'EISDIR'});
    expect(inspectWriteTarget(join(dir, 'nope', 'x'))).toEqual({kind: 'no-folder', folder: join(dir, 'nope'), code: 'ENOENT'});
    expect(inspectWriteTarget(join(dir, 'file', 'x'))).toMatchObject({kind: 'refused', code: 'ENOTDIR'});
  });
});

describe('writeFileSafely: replace (-o)', () => {
  it('refuses a file the run used, by any of its names', async () => {
    const dir = tempDir();
    const input = join(dir, 'in.json');
    writeFileSync(input, 'input');
    linkSync(input, join(dir, 'hard.json'));
    const inputs = {paths: new Set([input]), stdin: false};
    for (const name of ['in.json', 'hard.json']) {
      const error = await refusal(writeFileSafely(join(dir, name), 'report', {mode: 'replace', inputs}));
      expect(error.reason).toMatch(/^it is an input of this run/);
    }
    expect(readFileSync(input, 'utf8')).toBe('input');
    await writeFileSafely(join(dir, 'in.json'), 'report', {mode: 'replace', inputs: noInputs});
    expect(readFileSync(input, 'utf8')).toBe('report');
  });

  it('a FIFO whose reader leaves early is not an error (EPIPE, as on stdout)', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const reader = createReadStream(fifo, {highWaterMark: 1024});
    reader.once('data', () => reader.destroy());
    await expect(writeFileSafely(fifo, 'x'.repeat(4 * 1024 * 1024), {mode: 'replace'})).resolves.toBe(fifo);
    expect(statSync(fifo).isFIFO()).toBe(true);
  });
});

describe('writeFileSafely: exclusive replace (--save without --force)', () => {
  it('refuses an existing file unless forced; forced, replaces it whole', async () => {
    const dir = tempDir();
    const file = join(dir, 'caps.json');
    writeFileSync(file, 'mine');
    const error = await refusal(writeFileSafely(file, 'new', {mode: 'replace', exclusive: true, label: '--save caps.json'}));
    expect(error.message).toBe('--save caps.json: the file exists');
    expect(error.hint).toBe('pass --force to overwrite it');
    expect(error.code).toBe('EEXIST');
    expect(() => checkWritable(file, {mode: 'replace', exclusive: true})).toThrow(WriteError);
    expect(readFileSync(file, 'utf8')).toBe('mine');
    await writeFileSafely(file, 'new', {mode: 'replace', exclusive: false});
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(readdirSync(dir)).toEqual(['caps.json']);
  });

  it('a name taken after the check is never replaced: exclusive placement fails with EEXIST', async () => {
    const dir = tempDir();
    const file = join(dir, 'caps.json');
    const staged = await stageFile(file, 'ours');
    writeFileSync(file, 'theirs');
    await expect(placeStaged(staged, true)).rejects.toMatchObject({code: 'EEXIST'});
    expect(readFileSync(file, 'utf8')).toBe('theirs');
  });
});

describe('writeFileSafely: rewrite (--fix)', () => {
  it('refuses what is not an existing regular file', async () => {
    const dir = tempDir();
    execFileSync('mkfifo', [join(dir, 'fifo')]);
    expect((await refusal(writeFileSafely(join(dir, 'fifo'), 'x', {mode: 'rewrite'}))).reason).toBe('it is a FIFO, not a regular file');
    expect((await refusal(writeFileSafely(join(dir, 'gone.json'), 'x', {mode: 'rewrite'}))).reason).toBe('the file does not exist');
    expect(readdirSync(dir)).toEqual(['fifo']);
  });

  it('a single-link file is replaced (new inode) keeping owner and mode; a multi-link one is rewritten in place', async () => {
    const dir = tempDir();
    const single = join(dir, 'single.json');
    writeFileSync(single, 'old');
    chmodSync(single, 0o604);
    const before = statSync(single);
    await writeFileSafely(single, 'new', {mode: 'rewrite'});
    const after = statSync(single);
    expect(readFileSync(single, 'utf8')).toBe('new');
    expect(after.ino).not.toBe(before.ino);
    expect([after.mode & 0o7777, after.uid, after.gid]).toEqual([0o604, before.uid, before.gid]);

    const linked = join(dir, 'linked.json');
    writeFileSync(linked, 'a longer old text');
    linkSync(linked, join(dir, 'alias.json'));
    const inode = statSync(linked).ino;
    await writeFileSafely(linked, 'short', {mode: 'rewrite'});
    expect(readFileSync(join(dir, 'alias.json'), 'utf8')).toBe('short');
    expect(statSync(linked).ino).toBe(inode);
    expect(readdirSync(dir).filter((n) => n.startsWith(TEMP_PREFIX))).toEqual([]);
  });

  it('read-only needs force', async () => {
    const dir = tempDir();
    const file = join(dir, 'ro.json');
    writeFileSync(file, 'old');
    chmodSync(file, 0o444);
    const error = await refusal(writeFileSafely(file, 'new', {mode: 'rewrite'}));
    expect(error.reason).toBe('the file is read-only');
    await writeFileSafely(file, 'new', {mode: 'rewrite', force: true});
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(statSync(file).mode & 0o777).toBe(0o444);
  });

  it('a file whose owner a new file could not take (we are not root) is rewritten in place, owner kept', async () => {
    if (process.getuid?.() !== 0) {
      console.warn('not root: cannot run a writer as another user; covered only by the root-run CLI tests');
      return;
    }
    const dir = tempDir();
    chmodSync(dir, 0o777);
    const file = join(dir, 'theirs.json');
    writeFileSync(file, 'old');
    chmodSync(file, 0o666);
    chownSync(file, 0, 0);
    const nobody = 65534;
    const module = pathToFileURL(join(ROOT, 'dist', 'src', 'io', 'safe-write.js')).href;
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', `import {writeFileSafely} from '${module}'; await writeFileSafely(${JSON.stringify(file)}, 'new', {mode: 'rewrite'});`], {
        uid: nobody,
        gid: nobody,
        stdio: 'inherit',
      });
      child.on('close', resolve);
    });
    expect(code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('new');
    expect(statSync(file).uid).toBe(0);
    expect(readdirSync(dir)).toEqual(['theirs.json']);
  });
});

describe('stale temp files', () => {
  it("the next write into a folder removes this host's temp files whose process is gone, and nothing else", async () => {
    const dir = tempDir();
    // Learn this host's tag from a temp name of our own.
    const probe = await stageFile(join(dir, 'probe'), '');
    const tag = /^\.openwop-tmp\.([0-9a-z]+)\./.exec(probe.temp.slice(dir.length + 1))?.[1];
    await placeStaged(probe, false);
    const gone = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['-e', '']);
      child.on('close', () => resolve(child.pid as number));
    });
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      const target = join(dir, 'sub');
      mkdirSync(target);
      const names = {
        dead: `.openwop-tmp.${tag}.${gone}.0123456789ab.report.json`,
        alive: `.openwop-tmp.${tag}.${sleeper.pid}.0123456789ab.report.json`,
        otherHost: `.openwop-tmp.zzzzzz.${gone}.0123456789ab.report.json`,
        notOurs: `.report.json.${gone}.0123456789ab.tmp`,
      };
      for (const name of Object.values(names)) writeFileSync(join(target, name), 'left');
      await writeFileSafely(join(target, 'report.json'), 'new', {mode: 'replace'});
      expect(readdirSync(target).sort()).toEqual([names.otherHost, names.alive, names.notOurs, 'report.json'].sort());
    } finally {
      sleeper.kill();
    }
  });
});

describe('symlinks and FIFOs', () => {
  it('a symlink is written through and stays a link', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'real.json'), 'old');
    symlinkSync('real.json', join(dir, 'link.json'));
    await expect(writeFileSafely(join(dir, 'link.json'), 'new', {mode: 'replace'})).resolves.toBe(join(dir, 'real.json'));
    expect(lstatSync(join(dir, 'link.json')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'real.json'), 'utf8')).toBe('new');
  });

  it('a FIFO is opened, not created or replaced: the text reaches its reader and it stays a FIFO', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      await writeFileSafely(fifo, 'hello', {mode: 'replace'});
      const got = Buffer.alloc(16);
      expect(got.toString('utf8', 0, readSync(reader, got))).toBe('hello');
    } finally {
      closeSync(reader);
    }
    expect(statSync(fifo).isFIFO()).toBe(true);
    expect(readdirSync(dir)).toEqual(['fifo']);
  });
});
