#!/usr/bin/env node
// Rewrites the README section between <!-- rules:start --> and <!-- rules:end --> from the lint rule metadata, so the
// rule table and the profile/target matrix cannot drift from the code. `--check` only reports (exit 1 when stale).
// Reads the TypeScript sources through tsx when it is installed (development), else the built dist/.
import {existsSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const readmePath = join(root, 'README.md');
const check = process.argv.includes('--check');

async function loadDocs() {
  try {
    const {tsImport} = await import('tsx/esm/api');
    return await tsImport(pathToFileURL(join(root, 'src', 'lint', 'docs.ts')).href, import.meta.url);
  } catch (error) {
    const built = join(root, 'dist', 'src', 'lint', 'docs.js');
    if (!existsSync(built)) throw new Error(`cannot load the rule metadata: ${error.message} (and ${built} is not built)`);
    return import(pathToFileURL(built).href);
  }
}

const {replaceRulesSection} = await loadDocs();
const readme = readFileSync(readmePath, 'utf8');
let next;
try {
  next = replaceRulesSection(readme);
} catch (error) {
  console.error(`rules-doc: ${error.message}`);
  process.exit(2);
}
if (next === readme) {
  console.log('rules-doc: README.md rules section is up to date');
  process.exit(0);
}
if (check) {
  console.error('rules-doc: README.md rules section is out of date; run node scripts/rules-doc.mjs');
  process.exit(1);
}
const tmp = `${readmePath}.${process.pid}.tmp`;
writeFileSync(tmp, next);
renameSync(tmp, readmePath);
console.log('rules-doc: README.md rules section rewritten');
