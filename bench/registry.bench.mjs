// The public registry (issue 17): `validate pack --lint-schemas` over the pinned openwop-registry snapshot (156 packs,
// their node schemas and entry files), in process, against the least any checker of the same files must do: read every
// file the command judges and parse it once — each manifest JSON.parse'd and validated by the compiled Ajv validator of
// its kind, each schema file it references JSON.parse'd and validated against Ajv's compiled 2020-12 meta-schema, each
// JavaScript entry parsed once with the parser the scan uses (meriyah; a scan cannot do less than one parse). Target
// ≤ 2×. A second row gives the same run against the loop without the entry parse, for comparison.
// The snapshot is reference data outside the project (../shared/reference); without it the rows say so.
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {figure, paired, ROOT, schemaRefs} from './lib.mjs';

export const title = 'Public registry';

const REGISTRY = join(ROOT, '..', 'shared', 'reference', 'openwop-registry', 'packs');
const NAME = 'validate pack --lint-schemas: registry snapshot';

export async function measure({runs}) {
  if (!existsSync(REGISTRY)) {
    process.stderr.write(`bench: ${NAME}: not measured, ${REGISTRY} is absent\n`);
    return [];
  }
  const {validatePackInputs} = await import(pathToFileURL(join(ROOT, 'dist', 'src', 'pack', 'index.js')).href);
  const {getSharedAjv, getValidator, packManifestSchema} = await import(pathToFileURL(join(ROOT, 'dist', 'src', 'schemas', 'index.js')).href);
  const {parseModule} = createRequire(join(ROOT, 'package.json'))('meriyah');
  const packs = readdirSync(REGISTRY)
    .map((d) => join(REGISTRY, d, 'pack.json'))
    .filter((f) => existsSync(f));
  const ajv = getSharedAjv();
  const counted = {schemas: 0, entries: 0};
  const loop = (withEntries) => async () => {
    const start = performance.now();
    counted.schemas = 0;
    counted.entries = 0;
    for (const file of packs) {
      const manifest = JSON.parse(readFileSync(file, 'utf8'));
      const name = packManifestSchema(manifest.kind);
      if (name) getValidator(name)(manifest);
      for (const ref of schemaRefs(manifest)) {
        const path = join(dirname(file), ref);
        if (!existsSync(path)) continue;
        ajv.validateSchema(JSON.parse(readFileSync(path, 'utf8')));
        counted.schemas++;
      }
      const entry = manifest.runtime?.language === 'javascript' && typeof manifest.runtime.entry === 'string' ? join(dirname(file), manifest.runtime.entry) : undefined;
      if (withEntries && entry && existsSync(entry)) {
        parseModule(readFileSync(entry, 'utf8'));
        counted.entries++;
      }
    }
    return performance.now() - start;
  };
  let summary;
  const subject = async () => {
    const start = performance.now();
    summary = (await validatePackInputs([REGISTRY], {cwd: ROOT, lintSchemas: {config: {}, baseDir: ROOT}})).summary;
    return performance.now() - start;
  };
  const pairs = {runs: Math.max(5, Math.min(runs, 11)), warmup: 2};
  const r = await paired(subject, loop(true), pairs);
  const what = `${counted.schemas} schema files, ${counted.entries} entry files`;
  const json = await paired(subject, loop(false), pairs);
  return [
    figure(`${NAME} (${packs.length} packs) ÷ read + parse + Ajv loop`, {
      target: 2.0,
      ratio: r.ratio,
      detail: `median ${r.subjectMs.median.toFixed(0)} ms vs ${r.baselineMs.median.toFixed(0)} ms; the loop reads ${what} and parses each once; ${summary.packs} packs, ${summary.valid} valid`,
    }),
    figure(`${NAME} ÷ the same loop without parsing the entry files (JSON only)`, {
      ratio: json.ratio,
      detail: `median ${json.subjectMs.median.toFixed(0)} ms vs ${json.baselineMs.median.toFixed(0)} ms`,
    }),
  ];
}
