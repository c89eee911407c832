import {readdirSync} from 'node:fs';
import {basename, join} from 'node:path';

import {type BundledSchemaName, builtinKindSchema, packManifestSchema} from '../../../src/schemas/index.js';

import {jsonFilesIn, readJson, referencePath} from './reference.js';

/** One reference document and the bundled schema it is checked against. */
export interface FixtureCase {
  readonly schema: BundledSchemaName;
  readonly label: string;
  readonly data: unknown;
}

type Doc = Record<string, unknown>;

const fixtureDir = (...parts: string[]) => jsonFilesIn('openwop', 'fixtures', ...parts);
const label = (file: string, suffix = '') => `${file.split('/fixtures/')[1] ?? basename(file)}${suffix}`;

/**
 * A whole envelope goes to the top-level schema of both majors (every reference envelope is a v1 one, so the two v2
 * sides must agree on each), and its payload to the kind's payload schema when the spec defines one.
 */
function envelopeCases(envelope: unknown, where: string): FixtureCase[] {
  const cases: FixtureCase[] = [
    {schema: 'ai-envelope', label: where, data: envelope},
    {schema: 'v2/ai-envelope', label: `${where} (as v2)`, data: envelope},
  ];
  const doc = envelope as Doc;
  const kindSchema = typeof doc.type === 'string' ? builtinKindSchema(doc.type) : undefined;
  if (kindSchema !== undefined && 'payload' in doc) cases.push({schema: kindSchema, label: `${where}#/payload`, data: doc.payload});
  return cases;
}

/** Bare payload fixtures are named <kind>.<variant>.json. */
function payloadKind(file: string): BundledSchemaName {
  const name = basename(file);
  const kind = ['clarification.request', 'schema.request', 'schema.response', 'error', 'media.image', 'media.audio', 'media.file'].find((k) => name.startsWith(`${k}.`));
  const schema = kind === undefined ? undefined : builtinKindSchema(kind);
  if (schema === undefined) throw new Error(`cannot tell the kind of payload fixture ${file}`);
  return schema;
}

const RUN_EVENT_SCHEMAS: Readonly<Record<string, BundledSchemaName>> = {
  'envelope.retry.attempted': 'events/envelope.retry.attempted',
  'envelope.retry.exhausted': 'events/envelope.retry.exhausted',
  'envelope.refusal': 'events/envelope.refusal',
  'envelope.truncated': 'events/envelope.truncated',
  'envelope.nlToFormat.engaged': 'events/envelope.nlToFormat.engaged',
  'envelope.recovery.applied': 'events/envelope.recovery.applied',
  'cap.breached': 'events/cap.breached',
  'node.failed': 'events/node.failed',
};

/**
 * Every reference fixture that a bundled schema with a twin can judge. Mock-AI programs, the
 * accept-seam side inputs and the registry discovery document have no schema on either side and are
 * left out; the retry simulator's own tests use them.
 */
export function referenceFixtureCases(): FixtureCase[] {
  const cases: FixtureCase[] = [];
  for (const file of [...fixtureDir('envelopes', 'positive'), ...fixtureDir('envelopes', 'negative')]) {
    cases.push(...envelopeCases(readJson(file), label(file)));
  }
  for (const file of fixtureDir('accept-seam')) {
    cases.push(...envelopeCases((readJson(file) as Doc).envelope, label(file, '#/envelope')));
  }
  for (const file of fixtureDir('envelopes', 'payloads')) {
    cases.push({schema: payloadKind(file), label: label(file), data: readJson(file)});
  }
  for (const file of [...fixtureDir('pack-manifests'), ...fixtureDir('registry-samples'), ...fixtureDir('examples-packs')]) {
    if (basename(file) === 'openwop-registry.json') continue; // registry discovery document: no schema in the reference set
    const data = readJson(file) as Doc;
    const schema = packManifestSchema(data.kind);
    if (schema === undefined) throw new Error(`no bundled manifest schema for kind ${String(data.kind)} in ${file}`);
    cases.push({schema, label: label(file), data});
  }
  cases.push(...registrySnapshotCases());
  for (const file of fixtureDir('discovery')) {
    cases.push({schema: 'capabilities', label: label(file), data: readJson(file)});
    cases.push({schema: 'v2/capabilities', label: label(file, ' (as v2)'), data: readJson(file)});
  }
  cases.push(...v2DiscoveryCases());
  for (const file of fixtureDir('certification-bundles')) {
    cases.push({schema: 'capabilities', label: label(file, '#/discovery'), data: (readJson(file) as Doc).discovery});
  }
  const bundle = referencePath('openwop-v2', 'examples', 'v2-reference.bundle-v3.json');
  cases.push({schema: 'v2/certification-bundle', label: 'openwop-v2/examples/v2-reference.bundle-v3.json', data: readJson(bundle)});
  for (const file of fixtureDir('run-events')) {
    const emitted = readJson(file) as Doc;
    const schema = RUN_EVENT_SCHEMAS[String(emitted.type)];
    if (schema === undefined) throw new Error(`no bundled payload schema for run event ${String(emitted.type)} in ${file}`);
    cases.push({schema, label: label(file, '#/payload'), data: emitted.payload});
  }
  return cases;
}

/** The reference host's v2 documents: the two captured ones and the one embedded in the whole signed bundle. */
function v2DiscoveryCases(): FixtureCase[] {
  const examples = jsonFilesIn('openwop-v2', 'examples');
  const cases: FixtureCase[] = examples
    .filter((file) => file.endsWith('.discovery-document.json'))
    .map((file) => ({schema: 'v2/capabilities', label: `openwop-v2/examples/${basename(file)}`, data: readJson(file)}));
  for (const file of examples.filter((f) => f.endsWith('.bundle-v3.json'))) {
    cases.push({schema: 'v2/capabilities', label: `openwop-v2/examples/${basename(file)}#/discovery/document`, data: ((readJson(file) as Doc).discovery as Doc).document});
  }
  return cases;
}

/** Keys of the reference host's newest document that come from RFCs later than both schemas (0236, 0237). */
const LATER_RFC_KEYS = {root: 'hostEvents', nondeterminismPolicy: 'sources'} as const;

/** The newest v2 document without its later-RFC keys: valid on both sides, and the seed that covers most families. */
function withoutLaterRfcKeys(doc: Doc): Doc | undefined {
  const policy = doc.nondeterminismPolicy as Doc | undefined;
  if (!(LATER_RFC_KEYS.root in doc) && !(policy && LATER_RFC_KEYS.nondeterminismPolicy in policy)) return undefined;
  const {[LATER_RFC_KEYS.root]: _events, ...rest} = doc;
  if (policy === undefined) return rest;
  const {[LATER_RFC_KEYS.nondeterminismPolicy]: _sources, ...keptPolicy} = policy;
  return {...rest, nondeterminismPolicy: keptPolicy};
}

/**
 * The 156 manifests of the registry snapshot, each against its kind's v1 schema, and the node packs also against the
 * v2 schema: they all target v1, so both v2 sides must refuse the same v1-only shapes (no kind, an open range).
 * Kind connection has no schema on either side and is left out.
 */
function registrySnapshotCases(): FixtureCase[] {
  const packs = referencePath('openwop-registry', 'packs');
  const cases: FixtureCase[] = [];
  for (const dir of readdirSync(packs).sort()) {
    const data = readJson(join(packs, dir, 'pack.json')) as Doc;
    const schema = packManifestSchema(data.kind);
    if (schema === undefined) continue;
    cases.push({schema, label: `openwop-registry/packs/${dir}`, data});
    const v2 = packManifestSchema(data.kind, 2);
    if (v2 !== undefined) cases.push({schema: v2, label: `openwop-registry/packs/${dir} (as v2)`, data});
  }
  return cases;
}

/** Sub-documents of fixtures that are valid seeds for smaller schemas (prompt templates inside prompt packs, and so on). */
export function embeddedSeeds(cases: readonly FixtureCase[]): FixtureCase[] {
  const out: FixtureCase[] = [];
  for (const c of cases) {
    const doc = c.data as Doc;
    if (c.schema === 'packs/prompt-pack-manifest' && Array.isArray(doc.prompts)) {
      doc.prompts.forEach((p, i) => out.push({schema: 'packs/prompt-template', label: `${c.label}#/prompts/${i}`, data: p}));
    }
    const trimmed = c.schema === 'v2/capabilities' ? withoutLaterRfcKeys(doc) : undefined;
    if (trimmed !== undefined) out.push({schema: 'v2/capabilities', label: `${c.label} without hostEvents and nondeterminismPolicy.sources`, data: trimmed});
    if (c.schema === 'packs/node-pack-manifest' && Array.isArray(doc.agents)) {
      doc.agents.forEach((a, i) => out.push({schema: 'packs/agent-manifest', label: `${c.label}#/agents/${i}`, data: a}));
    }
  }
  return out;
}
