import {existsSync, readFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

let root: string | undefined;

function readManifest(file: string): {name?: unknown; version?: unknown} {
  return JSON.parse(readFileSync(file, 'utf8')) as {name?: unknown; version?: unknown};
}

/** The openwop package folder, found the same way from src/ (tests) and dist/src/ (the built CLI). */
export function packageRoot(): string {
  if (root) return root;
  for (let dir = dirname(fileURLToPath(import.meta.url)); dirname(dir) !== dir; dir = dirname(dir)) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && readManifest(pkg).name === 'openwop') return (root = dir);
  }
  throw new Error('openwop package root not found');
}

export function packageVersion(): string {
  return String(readManifest(join(packageRoot(), 'package.json')).version);
}
