// `npm run demo`: runs each built command on the bundled examples, shows the output, and checks each exit code is the
// one the example is meant to produce (a demo that silently breaks is worse than none).
import {spawn} from 'node:child_process';
import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {exampleHost} from '../examples/hosts/serve.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'bin', 'run.js');
const scratch = mkdtempSync(join(tmpdir(), 'openwop-demo-'));

// The probe needs a host: serve examples/hosts (the acme host, v1 and v2 documents, negotiating the major, with its
// schemas and signed bundle) on loopback for the length of the demo.
const host = exampleHost();
await new Promise((r) => host.listen(0, '127.0.0.1', r));
const hostUrl = `http://127.0.0.1:${host.address().port}`;

const rec = 'examples/recordings';
/** [why, args, expected exit code]. */
const steps = [
  ['a valid clarification envelope', ['validate', 'envelope', 'examples/envelopes/clarification.json'], 0],
  ['an NDJSON stream with two bad envelopes (exit 1 expected)', ['validate', 'envelope', 'examples/envelopes/stream.ndjson'], 1],
  ['a foxctl progress stream', ['validate', 'envelope', 'examples/envelopes/foxctl-progress.ndjson', '--protocol', 'foxctl'], 0],
  ['the same stream, as JSON, errors only', ['validate', 'envelope', 'examples/envelopes/stream.ndjson', '--json', '--quiet'], 1],
  ['a clean envelope payload schema', ['lint', 'schema', 'examples/schemas/clean'], 0],
  ['a schema outside the Tier-1 subset (exit 1 expected)', ['lint', 'schema', 'examples/schemas/violations'], 1],
  ['what --fix would change', ['lint', 'schema', 'examples/schemas/violations', '--fix-dry-run', '--quiet'], 1],
  ['a clean pack', ['validate', 'pack', 'examples/packs/webhook', '--lint-schemas'], 0],
  ['a pack with defects (exit 1 expected)', ['validate', 'pack', 'examples/packs/webhook-defective'], 1],
  ['the install gate of a host that grants only net.dns (exit 1 expected)', ['validate', 'pack', 'examples/packs/webhook', '--grant', 'net.dns'], 1],
  [
    'a new vendor kind, dry run',
    [
      'scaffold',
      'kind',
      'vendor.acme.plan.create',
      '--field',
      'title:string:Plan title',
      '--field',
      'steps[].title:string:Step title',
      '--field',
      'notes?:string:Anything else',
      '--out',
      scratch,
      '--dry-run',
    ],
    0,
  ],
  ['a host that advertises everything, with its schemas linted (it speaks v1 and v2: the probe asks for v2)', ['probe', 'host', hostUrl, '--lint-schemas'], 0],
  ['the same host asked for its v1 document', ['probe', 'host', hostUrl, '--protocol', '1'], 0],
  ['the signed certification bundle the host links to, checked against its live document', ['probe', 'host', hostUrl, '--bundle', '--quiet'], 0],
  [
    "the same bundle as a file, its key looked up in the host's saved v2 document",
    ['validate', 'bundle', 'examples/bundles/acme.bundle-v3.json', '--discovery', 'examples/hosts/acme.v2.well-known-openwop.json'],
    0,
  ],
  [
    'a conformant host, checked from its HAR and run events',
    [
      'simulate',
      'retry',
      `${rec}/anthropic-conformant-host.har`,
      '--schema',
      `${rec}/ticket.schema.json`,
      '--capabilities',
      `${rec}/capabilities.json`,
      '--node-id',
      'extract-ticket',
      '--trace',
      `${rec}/anthropic-conformant-host.events.ndjson`,
    ],
    0,
  ],
  ['a host that mis-routes truncation (exit 1 expected)', ['simulate', 'retry', `${rec}/openai-responses-nonconformant-host.har`, '--schema', `${rec}/ticket.schema.json`], 1],
];

let failed = 0;
for (const [why, args, want] of steps) {
  console.log(`\n\x1b[1m$ openwop ${args.join(' ').replace(scratch, '<tmp>').replace(hostUrl, 'http://127.0.0.1:<port>')}\x1b[0m   # ${why}`);
  const code = await new Promise((resolve) => spawn(process.execPath, [bin, ...args], {cwd: root, stdio: 'inherit'}).on('close', resolve));
  if (code !== want) {
    console.error(`demo: expected exit ${want}, got ${code}`);
    failed++;
  }
}
host.close();
console.log(failed ? `\ndemo: ${failed} step(s) did not behave as expected` : `\ndemo: all ${steps.length} steps behaved as expected`);
process.exit(failed ? 1 : 0);
