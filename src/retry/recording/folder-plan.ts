import {extname} from 'node:path';
import {decodeJsonBytes} from '../../io/decode.js';
import {readInputFile} from '../../io/read-file.js';
import {str} from '../json-shape.js';
import {isObject} from '../../core/json.js';

// A folder holds one emission only when it says so: every call file is numbered (1.json, 2.sse, 10.json), or a
// manifest names the call files in order. Anything else is a folder of unrelated recordings, each its own case.

export const MANIFEST_NAME = 'manifest.json';
const CALL_EXTENSIONS = new Set(['.json', '.sse']);
const NUMBERED = /^\d+$/;

export interface FolderFile {
  name: string;
  path: string;
}

export type FolderPlan = {kind: 'emission'; files: FolderFile[]; nodeId?: string; missing: string[]} | {kind: 'cases'; files: FolderFile[]} | {kind: 'bad-manifest'; message: string};

/** `files` are the folder's regular files; the plan says how to read them. */
export function planFolder(files: readonly FolderFile[], maxBytes: number): FolderPlan {
  const manifest = files.find((f) => f.name === MANIFEST_NAME);
  if (manifest) return fromManifest(manifest, files, maxBytes);
  const calls = files.filter((f) => CALL_EXTENSIONS.has(extname(f.name).toLowerCase()));
  if (calls.length > 0 && calls.every((f) => NUMBERED.test(stem(f.name)))) {
    // Attempt order is the numbers' order: 2.json before 10.json.
    return {kind: 'emission', files: calls.sort((x, y) => Number(stem(x.name)) - Number(stem(y.name))), missing: []};
  }
  return {kind: 'cases', files: calls};
}

/** `{"calls": ["first.json", "retry.sse"], "nodeId"?: "…"}`: the call files in attempt order. */
function fromManifest(manifest: FolderFile, files: readonly FolderFile[], maxBytes: number): FolderPlan {
  const read = readInputFile(manifest.path, manifest.name, maxBytes);
  const bad = (why: string): FolderPlan => ({kind: 'bad-manifest', message: `${MANIFEST_NAME} ${why}; expected {"calls": ["<file>", …], "nodeId"?: "<id>"} naming the call files in attempt order`});
  if (!read.ok) return bad(`cannot be read (${read.finding.message})`);
  const decoded = decodeJsonBytes(read.bytes);
  let value: unknown;
  try {
    value = decoded.problem ? undefined : JSON.parse(decoded.text);
  } catch {
    return bad('is not JSON');
  }
  const names = isObject(value) && Array.isArray(value.calls) ? value.calls : undefined;
  if (!names || names.length === 0 || !names.every((n) => typeof n === 'string')) return bad('lists no call files');
  const byName = new Map(files.map((f) => [f.name, f]));
  const listed = names.map((n) => byName.get(n));
  const nodeId = isObject(value) ? str(value.nodeId) : null;
  return {
    kind: 'emission',
    files: listed.filter((f): f is FolderFile => f !== undefined),
    missing: names.filter((n) => !byName.has(n)),
    ...(nodeId !== null ? {nodeId} : {}),
  };
}

function stem(name: string): string {
  return name.slice(0, name.length - extname(name).length);
}
