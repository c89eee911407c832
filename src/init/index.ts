import {existsSync} from 'node:fs';
import {join} from 'node:path';
import {configFileIn, projectRoot} from '../config/load.js';
import {ReadScope} from '../io/read-scope.js';
import {checkWritable, type SafeWriteOptions, writeFileSafely} from '../io/safe-write.js';
import {UserError} from '../core/user-error.js';
import {appendToPreCommitConfig, preCommitConfig, preCommitSnippet} from './pre-commit.js';
import {starterConfig} from './starter-config.js';

export const CONFIG_FILE = 'openwop.config.json';
export const PRE_COMMIT_FILE = '.pre-commit-config.yaml';
/** Far past any real pre-commit config (a few KB). */
const MAX_PRE_COMMIT_BYTES = 1024 * 1024;

export interface InitOptions {
  cwd: string;
  /** Also set up pre-commit: write .pre-commit-config.yaml, or give the entry to add to an existing one. */
  preCommit: boolean;
  /** Replace an existing config; add our entry to an existing .pre-commit-config.yaml. */
  force: boolean;
  /** The package version: the pre-commit `rev` is its tag. */
  version: string;
}

export interface InitResult {
  /** Files written or changed, as named in the working directory. */
  written: string[];
  /** The config already here, left as it is (--pre-commit without --force). */
  kept?: string;
  /** An existing .pre-commit-config.yaml, left as it was: the entry to add to its `repos:` list. */
  snippet?: string;
  /** An existing .pre-commit-config.yaml that already lists our hooks. */
  preCommitAlready?: boolean;
}

/**
 * Writes a starter config (and pre-commit's config). Nothing is overwritten without `force` (with `preCommit`, a config
 * already here is kept), and everything that would refuse is checked before the first file is written, so a refusal
 * leaves the folder as it was.
 */
export async function init(options: InitOptions): Promise<InitResult> {
  const {cwd, force} = options;
  // A link at either name in a cloned repository could point anywhere (~/.bashrc): only a target in the project is written.
  const inside = projectRoot(cwd);
  const existing = configFileIn(cwd);
  // --pre-commit in a project that has its config: the config is the user's, so it stays and the hooks are set up.
  const kept = existing !== undefined && !force && options.preCommit ? existing : undefined;
  if (existing !== undefined && !force && !kept) {
    const hint = existing === CONFIG_FILE ? 'pass --force to replace it' : `${CONFIG_FILE} would be read instead of it; pass --force to write it anyway`;
    throw new UserError(`${existing} already holds an openwop config here: nothing was written`, hint);
  }
  const configPath = join(cwd, CONFIG_FILE);
  if (!kept) checkWritable(configPath, {mode: 'replace', exclusive: !force, inside, label: `cannot write ${CONFIG_FILE}`});
  const preCommit = options.preCommit ? planPreCommit(join(cwd, PRE_COMMIT_FILE), options, inside) : undefined;

  const result: InitResult = {written: [], kept};
  if (!kept) {
    await writeFileSafely(configPath, starterConfig(), {mode: 'replace', exclusive: !force, inside, label: `cannot write ${CONFIG_FILE}`});
    result.written.push(CONFIG_FILE);
  }
  if (preCommit?.write) {
    await writeFileSafely(preCommit.path, preCommit.write.text, {...preCommit.write.how, inside, label: `cannot write ${PRE_COMMIT_FILE}`});
    result.written.push(PRE_COMMIT_FILE);
  }
  if (preCommit?.snippet) result.snippet = preCommit.snippet;
  if (preCommit?.already) result.preCommitAlready = true;
  return result;
}

interface PreCommitPlan {
  path: string;
  write?: {text: string; how: Pick<SafeWriteOptions, 'mode' | 'exclusive'>};
  snippet?: string;
  already?: boolean;
}

/** A new file; or, for an existing one, our entry added in place (with --force) or handed back to print. */
function planPreCommit(path: string, options: InitOptions, inside: string): PreCommitPlan {
  if (!existsSync(path)) {
    checkWritable(path, {mode: 'replace', exclusive: true, inside, label: `cannot write ${PRE_COMMIT_FILE}`});
    return {path, write: {text: preCommitConfig(options.version), how: {mode: 'replace', exclusive: true}}};
  }
  if (options.force) checkWritable(path, {mode: 'rewrite', inside, label: `cannot write ${PRE_COMMIT_FILE}`});
  const appended = appendToPreCommitConfig(readPreCommitConfig(path, options.cwd, inside), options.version);
  if ('already' in appended) return {path, already: true};
  if (!options.force) return {path, snippet: preCommitSnippet(options.version)};
  if ('unreadable' in appended)
    throw new UserError(
      `cannot add the openwop hooks to ${PRE_COMMIT_FILE}: ${appended.unreadable}; nothing was written`,
      'add the entry that openwop init --pre-commit prints without --force by hand',
    );
  return {path, write: {text: appended.text, how: {mode: 'rewrite'}}};
}

/** The existing pre-commit config, read as any file a run is handed: regular, inside the project, of a sane size. */
function readPreCommitConfig(path: string, cwd: string, root: string): string {
  const read = new ReadScope({cwd, projectRoot: root}).readReference(path, PRE_COMMIT_FILE, MAX_PRE_COMMIT_BYTES);
  if (!read.ok) throw new UserError(`cannot read ${PRE_COMMIT_FILE}: ${read.finding.message}; nothing was written`);
  return read.bytes.toString('utf8');
}
