// The envelope benchmarks' baseline: readline + JSON.parse + the bundled schemas' compiled validators, nothing else.
// Shared by the process-level bench (envelope.bench.mjs, which runs it in a child process) and the in-process one.
// It imports nothing from bench/lib.mjs: a baseline process must load only what the loop needs.
import {createReadStream} from 'node:fs';
import {createInterface} from 'node:readline';

const {getValidator, builtinKindSchema} = await import(new URL('../dist/src/schemas/index.js', import.meta.url).href);

/** How many envelopes `file` (NDJSON) holds, and how many pass the envelope schema and their kind's payload schema. */
export async function countValidEnvelopes(file) {
  const shape = getValidator('ai-envelope');
  let envelopes = 0;
  let valid = 0;
  for await (const line of createInterface({input: createReadStream(file), crlfDelay: Infinity})) {
    if (line === '') continue;
    envelopes++;
    const value = JSON.parse(line);
    if (!shape(value)) continue;
    const kind = builtinKindSchema(value.type);
    if (kind === undefined || getValidator(kind)(value.payload)) valid++;
  }
  return [envelopes, valid];
}
