import {readdirSync, readFileSync} from 'node:fs';
import {dirname, join, relative, resolve, sep} from 'node:path';
import ts from 'typescript';
import {describe, expect, it} from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The layer a file belongs to: `commands`, the top-level files of src/ by name (`index`, `rule-catalog`), and every
 * other file by its folder under src/.
 */
function layerOf(file: string): string {
  const parts = relative(ROOT, file).split(sep);
  if (parts[0] === 'commands') return 'commands';
  return parts.length === 2 ? parts[1].replace(/\.ts$/, '') : parts[1];
}

const DOMAINS = ['lint', 'envelope', 'pack', 'probe', 'retry', 'bundle', 'export', 'scaffold', 'init'];
const BASE = {core: 'the finding, severity and rule model, user errors, JSON helpers', io: 'reading and writing'};
/** What a domain takes from report: outcomes, rule explanations, and the helpers its text output is made with. */
const REPORT = 'outcomes, explanations, suggestions, redaction and printable text';
/** What a domain takes from config: the project root, and the config's types and overrides. */
const CONFIG = 'the project root, the config types and overrides';

/**
 * Every edge between two layers the code may have, with why. An import between layers not listed here fails the test:
 * a new edge is a design decision, made here, not by accident in a domain file.
 */
const ALLOWED: Record<string, Record<string, string>> = {
  core: {},
  io: {core: BASE.core},
  report: BASE,
  schemas: BASE,
  config: {...BASE, report: 'an unknown key is answered with the closest known one (report/suggest)'},
  v2: BASE,
  capabilities: {...BASE, v2: 'a capabilities document is read as the protocol major its shape says'},
  lint: {...BASE, report: REPORT, config: CONFIG},
  envelope: {
    ...BASE,
    report: REPORT,
    schemas: 'the envelope schemas',
    config: CONFIG,
    v2: 'protocol major of a document',
    capabilities: 'a host profile (`--capabilities`) narrows what an envelope may carry',
  },
  pack: {...BASE, report: REPORT, schemas: 'the manifest schemas', config: CONFIG, lint: "a pack lints its schemas through lint's public function"},
  probe: {
    ...BASE,
    report: REPORT,
    schemas: 'the advertisement and envelope schemas',
    config: CONFIG,
    v2: 'the v2 advertisement families',
    capabilities: 'fetching and loading the host document',
    lint: "served schemas are linted through lint's public function",
    bundle: 'a published bundle is validated by the bundle checker',
  },
  retry: {...BASE, report: REPORT, schemas: 'payload schemas compiled with the shared Ajv', config: CONFIG},
  bundle: {...BASE, report: REPORT, schemas: 'the bundle schemas', v2: 'protocol major of a document'},
  export: {...BASE, report: REPORT, lint: 'the schema walk and transforms the export rewrites with'},
  scaffold: {...BASE, report: REPORT, schemas: 'the kind names and the shared Ajv', config: CONFIG, lint: 'a scaffolded schema is linted before it is written'},
  init: {...BASE, config: CONFIG},
  'rule-catalog': Object.fromEntries(['core', 'io', 'schemas', ...DOMAINS].map((d) => [d, "the catalog lists every command's rules"])),
  'rule-docs': {core: 'the rule type', report: 'the help text SARIF also carries', 'rule-catalog.js': 'a page for every rule'},
  'check-report': {core: 'findings, rules and levels', report: 'the report and the rule levels applied to it', 'rule-catalog.js': 'the rules a report names'},
  lsp: {
    ...BASE,
    report: 'rule docs links and printable text',
    config: 'the config, its files and overrides, as the CLI finds them',
    lint: 'schemas are linted and fixed as lint schema does',
    envelope: 'envelope files are validated as validate envelope does',
    pack: 'manifests are validated as validate pack does',
    capabilities: 'a capabilities URL is told from a file, to fetch it once per config load',
    'check-report.js': 'rule levels applied as every checking command applies them',
    'rule-catalog.js': 'the rule a hover explains',
  },
  'file-worker-entry': {'file-worker.js': 'the worker loop it starts'},
  'file-worker': {
    core: 'a UserError goes back to the main thread as one',
    io: 'the pool protocol, and the files a check read',
    lint: 'schema files are linted as lint schema does',
    pack: 'manifests are checked as validate pack does',
    envelope: 'envelope files are validated as validate envelope does',
  },
  index: {},
  commands: {},
};

/** Layers that may import anything in src/: the public API and the oclif adapters sit on top. */
const TOP = new Set(['index', 'commands']);

interface ImportEdge {
  file: string;
  specifier: string;
  from: string;
  to: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true, recursive: true})
    .filter((e) => e.isFile() && /\.(ts|mts)$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/** Every import of a file: static, type-only, re-exports and `import()`, read by the TypeScript scanner. */
function importsOf(file: string): ImportEdge[] {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles.map(({fileName: specifier}) => {
    const from = layerOf(file);
    if (specifier.startsWith('@oclif/')) return {file, specifier, from, to: 'oclif'};
    if (!specifier.startsWith('.')) return {file, specifier, from, to: 'package'};
    const target = resolve(dirname(file), specifier);
    const rel = relative(ROOT, target);
    if (rel.startsWith('..')) return {file, specifier, from, to: 'outside'};
    const top = rel.split(sep)[0];
    return {file, specifier, from, to: top === 'src' || top === 'commands' ? layerOf(target) : top};
  });
}

/** The problem with one import, or undefined when the layering allows it. */
function violation(edge: ImportEdge): string | undefined {
  const {from, to} = edge;
  if (from === to || to === 'package') return undefined;
  if (from === 'commands') return to === 'outside' ? 'imports from outside the project' : undefined;
  if (to === 'commands' || to === 'oclif') return 'src/ must not depend on the CLI (commands/, @oclif)';
  if (TOP.has(from)) return to === 'outside' ? 'imports from outside the project' : undefined;
  const allowed = ALLOWED[from];
  if (allowed === undefined) return `layer "${from}" is not in the table of allowed edges`;
  return Object.hasOwn(allowed, to) ? undefined : `"${from}" may not import "${to}"`;
}

const edges = [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'commands'))].flatMap(importsOf);
const named = (edge: ImportEdge) => `${relative(ROOT, edge.file)}: '${edge.specifier}' — ${violation(edge)}`;

describe('layering of src/ and commands/', () => {
  it('finds the imports it checks (all forms)', () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(edges.some((e) => e.from === 'rule-catalog' && e.to === 'probe')).toBe(true); // a dynamic import()
    expect(edges.some((e) => e.from === 'commands' && e.to === 'oclif')).toBe(true);
  });

  it('every import between layers is in the table of allowed edges', () => {
    expect(edges.filter((e) => violation(e) !== undefined).map(named)).toEqual([]);
  });

  it('refuses the edges the design forbids', () => {
    const edge = (from: string, to: string) => ({file: 'x', specifier: 'x', from, to});
    expect(violation(edge('core', 'io'))).toBeDefined();
    expect(violation(edge('io', 'report'))).toBeDefined();
    for (const domain of DOMAINS) expect(violation(edge('io', domain)), `io → ${domain}`).toBeDefined();
    for (const domain of DOMAINS) expect(violation(edge('report', domain)), `report → ${domain}`).toBeDefined();
    expect(violation(edge('envelope', 'probe'))).toBeDefined();
    expect(violation(edge('lint', 'oclif'))).toBeDefined();
    expect(violation(edge('report', 'commands'))).toBeDefined();
    expect(violation(edge('io', 'capabilities'))).toBeDefined();
    expect(violation(edge('report', 'rule-catalog'))).toBeDefined();
  });
});
