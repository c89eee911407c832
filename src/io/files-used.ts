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

export function noteFileUsed(path: string): void {
  paths.add(path);
}

export function noteStdinUsed(): void {
  stdin = true;
}

export function filesUsed(): FilesUsed {
  return {paths, stdin};
}
