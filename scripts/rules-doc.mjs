#!/usr/bin/env node
// Writes the rule documentation from the rule descriptors: docs/rules/<family>/<name>.md for every rule, the index
// docs/rules/README.md, and the README section between <!-- rules:start --> and <!-- rules:end -->. A page under
// docs/rules that no rule generates any more is removed. `--check` only reports what is stale (exit 1 when anything is).
// Reads the TypeScript sources through tsx when it is installed (development), else the built dist/.
import {existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import {dirname, join, relative} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

async function loadDocs() {
  try {
    const {tsImport} = await import('tsx/esm/api');
    return await tsImport(pathToFileURL(join(root, 'src', 'rule-docs.ts')).href, import.meta.url);
  } catch (error) {
    const built = join(root, 'dist', 'src', 'rule-docs.js');
    if (!existsSync(built)) throw new Error(`cannot load the rule descriptors: ${error.message} (and ${built} is not built)`);
    return import(pathToFileURL(built).href);
  }
}

const {ruleDocFiles, readmeRulesSection, replaceRulesSection, RULE_DOCS_DIR} = await loadDocs();
const wanted = await ruleDocFiles();
try {
  wanted.set('README.md', replaceRulesSection(readFileSync(join(root, 'README.md'), 'utf8'), await readmeRulesSection()));
} catch (error) {
  console.error(`rules-doc: ${error.message}`);
  process.exit(2);
}

const read = (path) => (existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : undefined);
const stale = [...wanted].filter(([path, text]) => read(path) !== text).map(([path]) => path);
const orphans = markdownUnder(join(root, RULE_DOCS_DIR)).filter((path) => !wanted.has(path));

if (stale.length === 0 && orphans.length === 0) {
  console.log('rules-doc: the rule docs are up to date');
  process.exit(0);
}
if (check) {
  for (const path of stale) console.error(`rules-doc: stale ${path}`);
  for (const path of orphans) console.error(`rules-doc: no rule generates ${path}`);
  console.error('rules-doc: the rule docs are out of date; run npm run docs:rules');
  process.exit(1);
}
for (const path of stale) {
  const abs = join(root, path);
  mkdirSync(dirname(abs), {recursive: true});
  const tmp = `${abs}.${process.pid}.tmp`;
  writeFileSync(tmp, wanted.get(path));
  renameSync(tmp, abs);
}
for (const path of orphans) rmSync(join(root, path));
console.log(`rules-doc: ${stale.length} file(s) written, ${orphans.length} removed`);

/** Every .md file under `dir`, as a path relative to the package root with forward slashes. */
function markdownUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) =>
      relative(root, join(e.parentPath ?? e.path, e.name))
        .split('\\')
        .join('/'),
    );
}
