// Writes schemas/v2/capabilities.schema.json from source.yaml; `--check` only reports (exit 1 when it is stale).
// Run: npx tsx scripts/capabilities-v2/generate.ts [--check]
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import {renderCapabilitiesSchema, SCHEMA_FILE} from './expand.js';

const next = renderCapabilitiesSchema();
const current = existsSync(SCHEMA_FILE) ? readFileSync(SCHEMA_FILE, 'utf8') : undefined;
if (next === current) {
  console.log('capabilities-v2: schemas/v2/capabilities.schema.json is up to date');
} else if (process.argv.includes('--check')) {
  console.error('capabilities-v2: schemas/v2/capabilities.schema.json is out of date; run npx tsx scripts/capabilities-v2/generate.ts');
  process.exitCode = 1;
} else {
  writeFileSync(SCHEMA_FILE, next);
  console.log('capabilities-v2: wrote schemas/v2/capabilities.schema.json');
}
