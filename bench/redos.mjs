// A ReDoS pattern in a user's schema (`"pattern": "^(a+)+$"`), checked against payloads of growing length: V8's
// backtracking RegExp (what Ajv used before) against the linear-time engine user schemas get now. Standalone:
//   node bench/redos.mjs
// Each figure is one validation of "a"×n + "!" through an Ajv compiled validator. Native runs stop at the first
// length that takes over BUDGET_MS (each further character doubles it); the linear engine goes on to 100,000.
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {ROOT} from './lib.mjs';

const PATTERN = '^(a+)+$';
const NATIVE_LENGTHS = [16, 20, 24, 26, 28, 29, 30, 31];
const LINEAR_LENGTHS = [16, 24, 28, 31, 1_000, 100_000];
const BUDGET_MS = 5_000;

const {createAjv} = await import(pathToFileURL(join(ROOT, 'dist', 'src', 'schemas', 'index.js')).href);
const schema = {type: 'object', properties: {name: {type: 'string', pattern: PATTERN}}};
const engines = {
  native: createAjv({patterns: 'native'}).compile(schema),
  linear: createAjv().compile(schema),
};

function time(validate, n) {
  const payload = {name: `${'a'.repeat(n)}!`};
  const start = performance.now();
  const valid = validate(payload);
  const ms = performance.now() - start;
  if (valid) throw new Error(`"a"×${n}+"!" matched ${PATTERN}`);
  return ms;
}

// V8 interprets a regular expression for its first runs before compiling it: warm both engines up first.
for (const validate of Object.values(engines)) time(validate, 8);

console.log(`pattern ${PATTERN}, payload "a"×n + "!" (one validation each)`);
for (const [name, lengths] of [
  ['native', NATIVE_LENGTHS],
  ['linear', LINEAR_LENGTHS],
]) {
  const cells = [];
  for (const n of lengths) {
    const ms = time(engines[name], n);
    cells.push(`n=${n.toLocaleString('en')} ${ms < 1 ? ms.toFixed(3) : ms.toFixed(0)} ms`);
    if (ms > BUDGET_MS) {
      cells.push('(longer inputs not run: each character doubles the time)');
      break;
    }
  }
  console.log(`${name.padEnd(7)} ${cells.join(' · ')}`);
}
