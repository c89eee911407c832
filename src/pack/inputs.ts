import {readdirSync, statSync, type Stats} from 'node:fs';
import {basename, join, resolve} from 'node:path';
import {checkStdinFilename, displayPath, expandInputs, namedPath, settleRun, isRegularFile, type InputProblem, type InputSelection, type InputSource} from '../io/inputs.js';
import type {ReadScope} from '../io/read-scope.js';
import {PACK_RULES} from './rules.js';
import {appendAll} from '../io/append-all.js';

/** One manifest to check, and where the files it points at live. */
export interface ManifestInput {
  source: InputSource;
  /**
   * `pack.json` is the manifest of a pack folder: a file it points at must be there. Any other name (a copied
   * `foo.pack.json`, a fixture) is a lone manifest whose referenced files may legitimately be elsewhere.
   */
  inPackFolder: boolean;
}

export interface ResolvedInputs {
  manifests: ManifestInput[];
  /** Inputs that could not be read at all, or yielded nothing to check: exit 2 (io/ignored warnings aside). */
  problems: InputProblem[];
  /** What --no-error-on-unmatched-pattern let pass, for stderr. */
  notes: string[];
}

export const MANIFEST_NAME = 'pack.json';

export function isManifestName(name: string): boolean {
  return name === MANIFEST_NAME || name.endsWith(`.${MANIFEST_NAME}`);
}

/**
 * PATHS → manifests: a file is taken as is (whatever its name); a folder holding pack.json is that pack; any other
 * folder (a registry checkout, a folder of samples) yields every pack.json and *.pack.json below it; globs and `-` work
 * as in every other command.
 */
export async function resolvePackInputs(
  args: readonly string[],
  options: {cwd: string; ignore?: readonly string[]; ignoreBase?: string; scope: ReadScope; selection?: InputSelection},
): Promise<ResolvedInputs> {
  const manifests: ManifestInput[] = [];
  const problems: InputProblem[] = [];
  /** pack/missing-manifest rewordings of the io/no-match problems of folders holding no manifest at all. */
  const missing = new Map<InputProblem, InputProblem>();
  const seen = new Set<string>();
  const take = (sources: InputSource[]) => {
    for (const source of sources) {
      const key = source.kind === 'stdin' ? '-' : source.path;
      if (seen.has(key)) continue;
      seen.add(key);
      const path = namedPath(source);
      manifests.push({source, inPackFolder: path !== undefined && basename(path) === MANIFEST_NAME});
    }
  };
  const expand = (walk: string[], extensions: string[]) =>
    expandInputs(walk, {
      cwd: options.cwd,
      extensions,
      ignore: options.ignore,
      ignoreBase: options.ignoreBase,
      scope: options.scope,
      partOfRun: true,
      selection: {...options.selection, stdinFilename: walk.includes('-') ? options.selection?.stdinFilename : undefined},
    });
  checkStdinFilename(args, options.selection);
  for (const arg of args) {
    const folder = arg === '-' ? undefined : folderAt(resolve(options.cwd, arg));
    if (folder === undefined) {
      const expanded = await expand([arg], ['.json']);
      take(expanded.sources);
      appendAll(problems, expanded.problems);
      continue;
    }
    const direct = join(folder, MANIFEST_NAME);
    const expanded = await expand(isRegularFile(direct) ? [direct] : [folder], [MANIFEST_NAME]);
    take(expanded.sources.filter((s) => s.kind === 'file' && isManifestName(basename(s.path))));
    // A folder with no manifest at all is nothing to check (exit 2), worded with what the folder holds instead.
    for (const p of expanded.problems) {
      if (p.empty) missing.set(p, missingManifest(folder, options.cwd));
      problems.push(p);
    }
  }
  // "Nothing to check" is decided over every argument at once: one ignored manifest among several is a warning only.
  const settled = settleRun(args, manifests, problems, options.selection);
  return {manifests, problems: settled.problems.map((p) => missing.get(p) ?? p), notes: settled.notes};
}

// Synchronous, like the folder walk and the reads that follow: a thread-pool hop costs more than a stat.
function folderAt(path: string): string | undefined {
  return statOf(path)?.isDirectory() ? path : undefined;
}

function statOf(path: string): Stats | undefined {
  try {
    return statSync(path, {throwIfNoEntry: false});
  } catch {
    return undefined;
  }
}

function missingManifest(folder: string, cwd: string): InputProblem {
  const display = displayPath(folder, cwd);
  let names: string[] = [];
  try {
    names = readdirSync(folder);
  } catch {
    // an unreadable folder is still a folder without a readable manifest
  }
  const lookalike = names.find((n) => n === 'package.json' || n === 'manifest.json' || /^pack\.jsonc?$/i.test(n));
  const hint = lookalike ? ` (found ${lookalike}; the OpenWOP manifest must be named pack.json)` : '';
  return {display, ruleId: PACK_RULES.missingManifest.id, message: `no pack.json in ${display}, and no pack.json or *.pack.json below it${hint}`};
}
