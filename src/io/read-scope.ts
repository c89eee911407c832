import {realpathSync, statSync} from 'node:fs';
import {dirname, resolve, sep} from 'node:path';
import picomatch from 'picomatch';
import {DEFAULT_INPUT_TIMEOUT_MS} from './open-stream.js';
import {DEFAULT_MAX_DOCUMENT_BYTES} from './read-documents.js';
import {failed, mb, readInputFile, type FileRead, type ReadFailure} from './read-file.js';

export interface ReadScopeOptions {
  cwd: string;
  /** The project root: the config file's folder, or the nearest one holding .git (default: cwd). */
  projectRoot?: string;
  /** --ref-root: more folders references may lead into (relative to cwd). */
  refRoots?: readonly string[];
  /** Paths named on the command line (inputs and path flags): one outside every root brings its own (see admit). */
  named?: readonly string[];
  /** --follow-symlinks: inputs (named, walked, globbed) may be symbolic links leading anywhere. */
  followSymlinks?: boolean;
  /** --max-size: the largest file a reference may name, in bytes. */
  maxBytes?: number;
  /** --input-timeout: how long a FIFO named on the command line may wait for a writer, in ms. */
  inputTimeoutMs?: number;
}

interface Root {
  /** As written (resolved against cwd): what a named path is compared with before any link is followed. */
  literal: string;
  /** Through every symbolic link: what a file's real path is compared with. */
  real: string;
}

/**
 * Where a run may read files from. The roots are the project root, every --ref-root, and the folder of each path named
 * on the command line that lies outside those (a named folder, or a named file's folder: what the user asked for,
 * and what it refers to beside it). A reference ($ref, a manifest's files, paths in the config) is read only when its
 * real path lies in a root and it is a regular file within the size limit; inputs named inside the project must not be
 * symbolic links leading out of every root either, unless --follow-symlinks.
 */
export class ReadScope {
  readonly cwd: string;
  readonly followSymlinks: boolean;
  readonly maxBytes: number;
  readonly inputTimeoutMs: number;
  /** Where the ignore files that apply to a walk start (see InputIgnores). */
  readonly projectRoot: string;
  private readonly base: Root[] = [];
  private readonly named: Root[] = [];
  /** Paths named on the command line, resolved: taken as named when outside the project. */
  private readonly namedPaths = new Set<string>();
  /** What the scope was made from, every path admitted since included: a worker thread builds the same scope from it. */
  private readonly made: ReadScopeOptions & {named: string[]};

  constructor(options: ReadScopeOptions) {
    this.made = {...options, refRoots: options.refRoots && [...options.refRoots], named: []};
    this.cwd = options.cwd;
    this.followSymlinks = options.followSymlinks ?? false;
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_DOCUMENT_BYTES;
    this.inputTimeoutMs = options.inputTimeoutMs ?? DEFAULT_INPUT_TIMEOUT_MS;
    this.projectRoot = resolve(options.cwd, options.projectRoot ?? '.');
    this.base.push(rootAt(this.projectRoot));
    for (const dir of options.refRoots ?? []) this.base.push(rootAt(resolve(options.cwd, dir)));
    for (const arg of options.named ?? []) this.admit(arg);
  }

  /**
   * A path named on the command line (a file, a folder, a glob; `-` is stdin) that lies outside every root makes its
   * own folder a root: the folder named, a named file's folder, or the folder a glob starts from.
   */
  admit(arg: string): void {
    if (arg === '-') return;
    this.made.named.push(arg);
    const scan = picomatch.scan(arg);
    const abs = resolve(this.cwd, scan.isGlob ? scan.base || '.' : arg);
    this.namedPaths.add(abs);
    if (this.named.some((r) => inside(abs, r.literal)) || this.isProjectPath(abs)) return;
    let isFolder = scan.isGlob;
    if (!isFolder) {
      try {
        isFolder = statSync(abs).isDirectory();
      } catch {
        return; // nothing there: reading it will say so
      }
    }
    this.named.push(rootAt(isFolder ? abs : dirname(abs)));
  }

  /** Options that make an equal scope (structured-cloneable: a worker thread's copy of this one). */
  options(): ReadScopeOptions {
    return this.made;
  }

  /** `abs` was named on the command line. */
  isNamed(abs: string): boolean {
    return this.namedPaths.has(abs);
  }

  /** The path, as written, lies in the project root or a --ref-root (symbolic links along it not followed). */
  private isProjectPath(abs: string): boolean {
    return this.base.some((r) => inside(abs, r.literal) || inside(abs, r.real));
  }

  /**
   * Whether reading `abs` would leave the roots: its real path is outside every root. A path named on the command line
   * outside the project is taken as named (the user chose it: a pipe such as /dev/stdin has no real path to check),
   * and one named inside it may be a link anywhere with --follow-symlinks. Throws as realpath does (ENOENT, …).
   */
  escapes(abs: string): boolean {
    if (this.namedPaths.has(abs) && (this.followSymlinks || !this.isProjectPath(abs))) return false;
    return !this.holds(realpathSync.native(abs));
  }

  /** A real path (every link followed) lies in a root. */
  private holds(real: string): boolean {
    return this.base.some((r) => inside(real, r.real)) || this.named.some((r) => inside(real, r.real));
  }

  /**
   * Why the file a reference names may not be read (undefined when it may): the path, as written or through its
   * links, leaves every root. Refused whether or not it exists, so a reference cannot ask what lies outside. `display`
   * names it in the message; what it points at is never shown, nor read.
   */
  refusal(abs: string, display: string): ReadFailure | undefined {
    const roots = [...this.base, ...this.named];
    if (!roots.some((r) => inside(abs, r.literal) || inside(abs, r.real))) return outsideRoot(display);
    let real: string;
    try {
      real = realpathSync.native(abs);
    } catch {
      return undefined; // absent or unreadable: the read that follows words that
    }
    return this.holds(real) ? undefined : outsideRoot(display);
  }

  /** A referenced file, read only when it lies in a root, is a regular file, and is within `maxBytes`. */
  readReference(abs: string, display: string, maxBytes = this.maxBytes): FileRead {
    return this.refusal(abs, display) ?? readInputFile(abs, display, maxBytes, referenceTooLarge);
  }
}

function referenceTooLarge(display: string, size: number, maxBytes: number): string {
  return `${display} is ${mb(size)} MB, over the ${mb(maxBytes)} MB limit (raise it with --max-size)`;
}

/** The finding for a path whose real path leaves every root; names the path, reads nothing. */
export function outsideRoot(display: string): ReadFailure {
  return failed(
    'refused',
    display,
    'io/outside-root',
    `${display} leads outside the project root (through "..", an absolute path or a symbolic link); it was not read (--ref-root DIR allows another folder)`,
  );
}

function rootAt(dir: string): Root {
  return {literal: dir, real: realPathOr(dir)};
}

/** The real path of `path`, or `path` itself when it has none (absent: it then holds nothing real). */
export function realPathOr(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

/** `path` is `root` or below it. Both absolute and normalised. */
export function inside(path: string, root: string): boolean {
  if (path === root) return true;
  const prefix = root.endsWith(sep) ? root : root + sep;
  return path.startsWith(prefix);
}
