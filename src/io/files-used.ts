/**
 * Every file this run has read (an input, a config, a `$ref` target, a saved capabilities document) or written (a
 * `--save` file): a report written with `-o` must never replace one of them. Only paths are kept here — a Set insert
 * per read; the writer asks for identities (device and inode) only when its target already exists.
 */
const paths = new Set<string>();
let stdin = false;

export interface FilesUsed {
  /** Absolute paths, as they were opened (a symlink or a hard link still names the file it reaches). */
  readonly paths: ReadonlySet<string>;
  /** Standard input was read: when it is a regular file (`< file`), that file is an input too. */
  readonly stdin: boolean;
}

/** A worker thread's files since it last reported them (see {@link takeFilesUsed}); undefined on the main thread. */
let journal: string[] | undefined;

export function noteFileUsed(path: string): void {
  if (journal && !paths.has(path)) journal.push(path);
  paths.add(path);
}

/**
 * The files read since the last call (the first call starts the record): a worker thread hands them to the main
 * thread with each result, so `-o` there still knows every file the run read.
 */
export function takeFilesUsed(): string[] {
  const taken = journal ?? [];
  journal = [];
  return taken;
}

export function noteStdinUsed(): void {
  stdin = true;
}

export function filesUsed(): FilesUsed {
  return {paths, stdin};
}
