import {readdirSync, readFileSync, statSync} from 'node:fs';
import {join, relative} from 'node:path';
import fc from 'fast-check';

/** One run of one command: the files to lay out in the case folder, the arguments, and what a probed host answers. */
export interface FuzzCase {
  files: Record<string, Uint8Array>;
  args: string[];
  host?: {status: number; contentType: string; body: Uint8Array};
}

export const COMMANDS = ['lint schema', 'validate envelope', 'validate pack', 'scaffold kind', 'probe host', 'simulate retry', 'export schema'] as const;
export type FuzzCommand = (typeof COMMANDS)[number];

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

/** The project's own real inputs (examples and bundled schemas): the seeds mutations start from. */
function corpus(root: string, folders: string[], endings: RegExp): Uint8Array[] {
  const found: Uint8Array[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (endings.test(name)) found.push(new Uint8Array(readFileSync(path)));
    }
  };
  for (const folder of folders) walk(join(root, folder));
  if (found.length === 0) throw new Error(`fuzz: no seed files under ${folders.map((f) => relative(root, join(root, f))).join(', ')}`);
  return found;
}

/** Byte sequences that reach the corners of a JSON reader. */
const NASTY_TOKENS = [
  '{',
  '}',
  '[',
  ']',
  '"',
  ',',
  ':',
  '\\',
  '\u0000',
  '\u001b[31m',
  '\u202e',
  '\uFEFF',
  '\r\n',
  'null',
  '-0',
  '1e999',
  '123456789012345678901234567890',
  '"__proto__":{}',
  '"constructor":{"prototype":{}}',
  '"$ref":"/dev/zero"',
  '"$ref":"../../../../etc/passwd"',
  '"$ref":"file:///etc/hostname"',
  '"$ref":"http://127.0.0.1:9/x.json"',
  '"$ref":"#/$defs/x"',
  '"pattern":"^(a+)+$"',
  '"type":"object"',
  '"properties":{"reasoning":{"type":"string"}}',
  'sk-proj-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[',
  '"\\ud800"',
  '\xff\xfe',
  'data: [DONE]\n\n',
].map(utf8);

/** A real input with a few edits: bytes changed, ranges cut or repeated, nasty tokens put in. */
function mutated(seeds: Uint8Array[]): fc.Arbitrary<Uint8Array> {
  const edit = fc.oneof(
    fc.record({op: fc.constant('set' as const), at: fc.nat(), byte: fc.integer({min: 0, max: 255})}),
    fc.record({op: fc.constant('cut' as const), at: fc.nat(), length: fc.integer({min: 1, max: 64})}),
    fc.record({op: fc.constant('repeat' as const), at: fc.nat(), length: fc.integer({min: 1, max: 64})}),
    fc.record({op: fc.constant('insert' as const), at: fc.nat(), token: fc.constantFrom(...NASTY_TOKENS)}),
  );
  return fc.tuple(fc.constantFrom(...seeds), fc.array(edit, {minLength: 1, maxLength: 6})).map(([seed, edits]) => {
    let bytes = Buffer.from(seed);
    for (const e of edits) {
      const at = bytes.length === 0 ? 0 : e.at % bytes.length;
      if (e.op === 'set') bytes[at] = e.byte;
      else if (e.op === 'cut') bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + e.length)]);
      else if (e.op === 'repeat') bytes = Buffer.concat([bytes.subarray(0, at + e.length), bytes.subarray(at)]);
      else bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(e.token), bytes.subarray(at)]);
    }
    return new Uint8Array(bytes);
  });
}

/** Values a stranger would put into a real document: references out of the project, catastrophic patterns, secrets, deep nesting. */
const NASTY_VALUES: unknown[] = [
  {$ref: '/dev/zero'},
  {$ref: '../../../../etc/passwd'},
  {$ref: 'file:///etc/hostname'},
  {$ref: 'http://127.0.0.1:9/x.json'},
  {$ref: '#'},
  {$ref: '#/definitions/none'},
  {type: 'string', pattern: '^(a+)+$'},
  {type: 'object', patternProperties: {'^(a|a)*$': {}}},
  'a'.repeat(40) + '!',
  '\u001b]0;owned\u0007\u001b[2J',
  'x\u202etxt.exe',
  '::error file=a.js::forged',
  '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----',
  'sk-ant-api03-' + 'A'.repeat(90),
  'AKIAIOSFODNN7EXAMPLE',
  'https://user:hunter2@example.com/x?token=abc123',
  JSON.parse('{"__proto__": {"polluted": true}}'),
  Array.from({length: 300}, (_, i) => i),
  'x'.repeat(70_000),
  1e308,
  -1,
  0.5,
  null,
  true,
  {},
  [],
  JSON.parse('['.repeat(2000) + ']'.repeat(2000)),
];

/** Every path to a value of a parsed document, so an edit can land anywhere in its tree. */
function paths(value: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (value && typeof value === 'object' && out.length < 5000) for (const [k, v] of Object.entries(value)) paths(v, [...at, Array.isArray(value) ? Number(k) : k], out);
  return out;
}

/** A real JSON document with one value (or key) replaced by a hostile one; documents that do not parse pass through. */
function structurallyMutated(seeds: Uint8Array[]): fc.Arbitrary<Uint8Array> {
  const replacement = fc.oneof(fc.constantFrom(...NASTY_VALUES), fc.jsonValue({maxDepth: 3}));
  return fc.tuple(fc.constantFrom(...seeds), fc.nat(), replacement, fc.boolean()).map(([seed, pick, value, asKey]) => {
    let doc: unknown;
    try {
      doc = JSON.parse(Buffer.from(seed).toString('utf8'));
    } catch {
      return seed;
    }
    const all = paths(doc);
    const path = all[pick % all.length];
    if (path.length === 0) return utf8(JSON.stringify(value));
    type Node = Record<string | number, unknown>;
    const parent = path.slice(0, -1).reduce<Node>((node, key) => node[key] as Node, doc as Node);
    const key = path[path.length - 1];
    if (asKey && !Array.isArray(parent)) parent[typeof value === 'string' ? value.slice(0, 200) : JSON.stringify(value).slice(0, 200)] = parent[key];
    else parent[key] = value;
    return utf8(JSON.stringify(doc, null, 2));
  });
}

const randomJson = fc.jsonValue({maxDepth: 6}).map((v) => utf8(JSON.stringify(v)));
const randomBytes = fc.uint8Array({maxLength: 512});

/** Random bytes, random JSON, or a real input mutated byte-wise or in its structure, in the proportions 1:1:2:3. */
function content(seeds: Uint8Array[]): fc.Arbitrary<Uint8Array> {
  return fc.oneof({arbitrary: randomBytes, weight: 1}, {arbitrary: randomJson, weight: 1}, {arbitrary: mutated(seeds), weight: 2}, {arbitrary: structurallyMutated(seeds), weight: 3});
}

const FORMATS = ['stylish', 'json', 'sarif', 'github', 'junit', 'markdown', 'html'];
const format = fc.constantFrom(...FORMATS).map((f) => ['--format', f]);
/** Checking-command flags every command shares; `-o` writes inside the case folder. */
const sharedFlags = fc.subarray([['--quiet'], ['--fail-on', 'warning'], ['--max-warnings', '0'], ['-o', 'report.out'], ['--no-color']]).chain((flags) => format.map((f) => [...f, ...flags.flat()]));

export function caseArbitrary(command: FuzzCommand, root: string): fc.Arbitrary<FuzzCase> {
  switch (command) {
    case 'lint schema': {
      const seeds = corpus(root, ['schemas', 'examples/schemas', 'examples/recordings'], /\.json$/);
      const flags = fc.subarray([['--profile', 'load-bearing'], ['--target', 'openai,anthropic,gemini'], ['--fix'], ['--allow-remote-refs']], {maxLength: 2});
      return fc.record({main: content(seeds), ref: content(seeds), flags, shared: sharedFlags}).map(({main, ref, flags, shared}) => ({
        files: {'input.schema.json': main, 'ref.json': ref},
        args: ['lint', 'schema', 'input.schema.json', ...flags.flat(), ...shared],
      }));
    }
    case 'validate envelope': {
      const seeds = corpus(root, ['examples/envelopes', 'examples/recordings'], /\.(json|ndjson)$/);
      const kindSchemas = corpus(root, ['schemas/envelopes'], /\.json$/);
      const flags = fc.subarray([['--protocol', 'foxctl'], ['--strict'], ['--schemas', 'kinds'], ['--capabilities', 'caps.json']], {maxLength: 3});
      return fc.record({main: content(seeds), ndjson: fc.boolean(), kind: content(kindSchemas), caps: content(seeds), flags, shared: sharedFlags}).map(({main, ndjson, kind, caps, flags, shared}) => {
        const input = ndjson ? 'run.ndjson' : 'run.json';
        return {files: {[input]: main, 'kinds/vendor.acme.thing.schema.json': kind, 'caps.json': caps}, args: ['validate', 'envelope', input, ...flags.flat(), ...shared]};
      });
    }
    case 'validate pack': {
      const manifests = corpus(root, ['examples/packs'], /pack\.json$/);
      const entries = corpus(root, ['examples/packs'], /\.m?js$/);
      const schemas = corpus(root, ['examples/packs'], /^deliver\.\w+\.json$/);
      const flags = fc.subarray([['--grant', 'net.dns'], ['--grant-none'], ['--lint-schemas']], {maxLength: 2});
      const schema = content(schemas);
      return fc
        .record({manifest: content(manifests), entry: fc.oneof(fc.constantFrom(...entries), mutated(entries)), config: schema, input: schema, output: schema, flags, shared: sharedFlags})
        .map(({manifest, entry, config, input, output, flags, shared}) => ({
          files: {
            'pack/pack.json': manifest,
            'pack/index.mjs': entry,
            'pack/schemas/deliver.config.json': config,
            'pack/schemas/deliver.input.json': input,
            'pack/schemas/deliver.output.json': output,
          },
          args: ['validate', 'pack', 'pack', ...flags.flat(), ...shared],
        }));
    }
    case 'scaffold kind': {
      const piece = fc.oneof(fc.string({maxLength: 24}), fc.constantFrom('vendor.acme.plan.create', 'vendor.x.y', '../../escape', '/etc/passwd', 'vendor.acme.\u001b[2J', 'error', 'vendor..x'));
      const field = fc.oneof(
        fc.string({maxLength: 40}),
        fc.constantFrom('title:string', 'notes?:string:desc', 'p:enum(a|b)', 'a.b.c:integer', 'steps[].t:string', 'x:object[]', '__proto__:string', 'k:string:sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAA'),
      );
      const flags = fc.subarray([['--force'], ['--dry-run'], ['--no-reasoning'], ['--target', 'gemini'], ['--json']]);
      return fc.record({kind: piece, fields: fc.array(field, {minLength: 1, maxLength: 4}), flags}).map(({kind, fields, flags}) => ({
        files: {},
        args: ['scaffold', 'kind', kind, ...fields.flatMap((f) => ['--field', f]), '--out', 'out', ...flags.flat()],
      }));
    }
    case 'probe host': {
      const seeds = corpus(root, ['examples/hosts', 'examples/recordings'], /\.json$/);
      const flags = fc.subarray([['--lint-schemas'], ['--save', 'saved.json'], ['--compare', 'old.json']], {maxLength: 2});
      const host = fc.record({
        status: fc.constantFrom(200, 200, 200, 301, 404, 500),
        contentType: fc.constantFrom('application/json', 'text/html', 'application/json; charset=utf-16', ''),
        body: content(seeds),
      });
      return fc.record({host, old: content(seeds), flags, shared: sharedFlags}).map(({host, old, flags, shared}) => ({
        files: {'old.json': old},
        host,
        args: ['probe', 'host', '{URL}', '--timeout', '3000', ...flags.flat(), ...shared],
      }));
    }
    case 'export schema': {
      const seeds = corpus(root, ['schemas', 'examples/schemas', 'test/fixtures'], /\.json$/);
      const target = fc.constantFrom('openai', 'anthropic', 'gemini', 'gemini-legacy');
      const flags = fc.subarray([['--form', 'all'], ['--format', 'yaml'], ['-o', 'fragment.out'], ['--quiet'], ['--name', 'x y'], ['--no-color']], {maxLength: 3});
      return fc.record({main: content(seeds), target, flags}).map(({main, target, flags}) => ({
        files: {'input.schema.json': main},
        args: ['export', 'schema', 'input.schema.json', '--target', target, ...flags.flat()],
      }));
    }
    case 'simulate retry': {
      const seeds = corpus(root, ['examples/recordings'], /\.(json|ndjson|sse|har)$/);
      const flags = fc.subarray(
        [
          ['--kind', 'error'],
          ['--schema', 'payload.schema.json'],
          ['--max-tokens', '64'],
          ['--max-attempts', '3'],
          ['--capabilities', 'caps.json'],
        ],
        {maxLength: 3},
      );
      const ending = fc.constantFrom('json', 'ndjson', 'sse', 'har');
      return fc.record({recording: content(seeds), ending, schema: content(seeds), caps: content(seeds), flags, shared: sharedFlags}).map(({recording, ending, schema, caps, flags, shared}) => ({
        files: {[`recording.${ending}`]: recording, 'payload.schema.json': schema, 'caps.json': caps},
        args: ['simulate', 'retry', `recording.${ending}`, ...flags.flat(), ...shared],
      }));
    }
  }
}
