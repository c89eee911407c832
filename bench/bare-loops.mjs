// The bare-loop processes of bench/throughput.bench.mjs: the least a checker of the same files must do, as a whole
// process, so the CLI's whole process can be held against it. `node bench/bare-loops.mjs MODE DIR`:
// - lint: every .json file under DIR read and JSON.parse'd (a pack.json too: lint reads it to find it is no schema),
//   each schema walked (every sub-schema visited, as a linter must);
// - pack: every pack.json under DIR read, parsed and validated by the compiled Ajv validator of its kind (as
//   registry.bench.mjs does), each node schema it names looked up, each JavaScript entry parsed once with meriyah (the
//   parser the scan uses: a scan of what code reaches cannot do less than parse it);
// - pack-schemas: pack, and each node schema it names read, parsed and validated against Ajv's compiled 2020-12
//   meta-schema (what `validate pack --lint-schemas` reads on top).
// Prints the count of what it did, so a run that found nothing is seen.
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {ROOT, schemaRefs} from './lib.mjs';

const [mode, dir] = process.argv.slice(2);
const files = [];
(function list(folder) {
  for (const e of readdirSync(folder, {withFileTypes: true})) {
    if (e.name === 'node_modules' || e.name === '.git') continue;
    if (e.isDirectory()) list(join(folder, e.name));
    else if (e.name.endsWith('.json')) files.push(join(folder, e.name));
  }
})(dir);

const count = {files: 0, nodes: 0, schemas: 0, entries: 0};
if (mode === 'lint') {
  for (const file of files) {
    const value = JSON.parse(readFileSync(file, 'utf8'));
    count.files++;
    if (!file.endsWith('/pack.json')) count.nodes += walk(value);
  }
} else if (mode === 'pack' || mode === 'pack-schemas') {
  const {getSharedAjv, getValidator, packManifestSchema} = await import(pathToFileURL(join(ROOT, 'dist', 'src', 'schemas', 'index.js')).href);
  const {parseModule} = createRequire(join(ROOT, 'package.json'))('meriyah');
  const ajv = getSharedAjv();
  for (const file of files) {
    if (!file.endsWith('/pack.json')) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8'));
    count.files++;
    const name = packManifestSchema(manifest.kind);
    if (name) getValidator(name)(manifest);
    for (const ref of schemaRefs(manifest)) {
      const path = join(dirname(file), ref);
      if (!existsSync(path) || mode === 'pack') continue;
      const schema = JSON.parse(readFileSync(path, 'utf8'));
      ajv.validateSchema(schema);
      count.nodes += walk(schema);
      count.schemas++;
    }
    const entry = manifest.runtime?.language === 'javascript' && typeof manifest.runtime.entry === 'string' ? join(dirname(file), manifest.runtime.entry) : undefined;
    if (entry && existsSync(entry)) {
      parseModule(readFileSync(entry, 'utf8'));
      count.entries++;
    }
  }
} else throw new Error(`bare-loops.mjs: unknown mode ${mode}`);
process.stdout.write(`${JSON.stringify(count)}\n`);

/** Visits every sub-schema, as a linter must. */
function walk(node) {
  if (node === null || typeof node !== 'object') return 0;
  let n = 1;
  for (const v of Array.isArray(node) ? node : Object.values(node)) n += walk(v);
  return n;
}
