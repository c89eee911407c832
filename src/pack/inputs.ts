import {readdirSync, statSync, type Stats} from 'node:fs';
import {basename, join, resolve} from 'node:path';
import {displayPath, expandInputs, isRegularFile, type InputProblem, type InputSource} from '../io/inputs.js';
import type {ReadScope} from '../io/read-scope.js';
import {fileFinding} from '../io/read-file.js';
import type {Finding} from '../report/finding.js';
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
  /** Findings about the inputs themselves (a folder without a manifest). */
  findings: Finding[];
  /** Inputs that could not be read at all: exit 2. */
  problems: InputProblem[];
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
export async function resolvePackInputs(args: readonly string[], options: {cwd: string; ignore?: readonly string[]; ignoreBase?: string; scope: ReadScope}): Promise<ResolvedInputs> {
  const out: ResolvedInputs = {manifests: [], findings: [], problems: []};
  const seen = new Set<string>();
  const take = (sources: InputSource[]) => {
    for (const source of sources) {
      const key = source.kind === 'stdin' ? '-' : source.path;
      if (seen.has(key)) continue;
      seen.add(key);
      out.manifests.push({source, inPackFolder: source.kind === 'file' && basename(source.path) === MANIFEST_NAME});
    }
  };
  for (const arg of args) {
    const folder = arg === '-' ? undefined : folderAt(resolve(options.cwd, arg));
    if (folder === undefined) {
      const {sources, problems} = await expandInputs([arg], {cwd: options.cwd, extensions: ['.json'], ignore: options.ignore, ignoreBase: options.ignoreBase, scope: options.scope});
      take(sources);
      appendAll(out.problems, problems);
      continue;
    }
    const direct = join(folder, MANIFEST_NAME);
    const walk = isRegularFile(direct) ? [direct] : [folder];
    const expand = (ignore?: readonly string[]) => expandInputs(walk, {cwd: options.cwd, extensions: [MANIFEST_NAME], ignore, ignoreBase: options.ignoreBase, scope: options.scope});
    const manifestsIn = (sources: InputSource[]) => sources.filter((s) => s.kind === 'file' && isManifestName(basename(s.path)));
    const {sources, problems} = await expand(options.ignore);
    const manifests = manifestsIn(sources);
    appendAll(out.problems, problems);
    // Nothing left: say so, unless the config's ignore globs are what left nothing (then silence is what was asked for).
    if (manifests.length === 0 && problems.length === 0 && (!options.ignore?.length || manifestsIn((await expand()).sources).length === 0)) {
      out.findings.push(missingManifest(folder, options.cwd));
    }
    take(manifests);
  }
  return out;
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

function missingManifest(folder: string, cwd: string): Finding {
  const display = displayPath(folder, cwd);
  let names: string[] = [];
  try {
    names = readdirSync(folder);
  } catch {
    // an unreadable folder is still a folder without a readable manifest
  }
  const lookalike = names.find((n) => n === 'package.json' || n === 'manifest.json' || /^pack\.jsonc?$/i.test(n));
  const hint = lookalike ? ` (found ${lookalike}; the OpenWOP manifest must be named pack.json)` : '';
  return fileFinding(display, PACK_RULES.missingManifest.id, `no pack.json in ${display}, and no pack.json or *.pack.json below it${hint}`);
}
