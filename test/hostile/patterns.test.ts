// Class 4 of issue 14: a JSON Schema pattern from a user or from input runs in linear time, and so does every regex
// of ours that reads input-controlled text.
import {spawn} from 'node:child_process';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import fc from 'fast-check';
import {globSync} from 'tinyglobby';
import {beforeAll, describe, expect, it} from 'vitest';
import {cutAt, trimTrailing} from '../../src/io/trim.js';
import {scanJavaScript} from '../../src/pack/scan/javascript.js';

const scanEntry = (text: string) => scanJavaScript(text).uses;
import {compileLinear, createAjv, UnsupportedPatternError} from '../../src/schemas/index.js';
import {BIN, ROOT, STACK_TRACE, tempDir} from '../helpers/cli.js';
import {check, envelope, ndjson} from '../envelope/helpers.js';

const REDOS = '^(a+)+$';
/** V8 takes ~0.5 s on 25 characters of this and doubles with each one more; the linear engine takes microseconds. */
const EXPONENTIAL_INPUTS = [25, 26, 27, 28].map((n) => `${'a'.repeat(n)}!`);

function elapsed(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/** The built CLI, killed after `ms`: a regression to backtracking must fail the test, not hang the suite. */
function runCliWithin(ms: number, args: string[], cwd: string): Promise<{code: number | null; stdout: string; stderr: string}> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {cwd, env: {...process.env, NO_COLOR: '1'}, timeout: ms});
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.stdin.end();
    child.on('close', (code) => resolve({code, stdout, stderr}));
  });
}

describe('the linear-time pattern engine', () => {
  it("gives JavaScript's verdicts, including where RE2 reads the same escape differently", () => {
    const cases: [string, string][] = [
      ['\\s', '\v'],
      ['\\s', '\u00a0'],
      ['\\s', '\ufeff'],
      ['\\S', '\u2028'],
      ['[\\s]', '\u3000'],
      ['[\\S]', '\u00a0'],
      ['[^\\S]', ' '],
      ['.', '\r'],
      ['.', '\u2028'],
      ['^.$', '😀'],
      ['^..$', '😀'],
      ['^\\ud83d\\ude00$', '😀'],
      ['\\u{1F600}', '😀'],
      ['\\u0041', 'A'],
      ['[^]', 'x'],
      ['[]', 'x'],
      ['[\\b]', '\b'],
      ['\\cJ', '\n'],
      ['\\0', '\0'],
      ['\\/', '/'],
      ['[[]', '['],
      ['[a-]', '-'],
      ['\\p{L}', 'é'],
      ['\\p{Letter}', 'é'],
      ['\\p{Script=Greek}', 'α'],
      ['\\P{ASCII}', 'é'],
      ['\\p{ASCII}', 'é'],
      ['a$', 'a\n'],
      ['^a', '\na'],
      ['\\bfoo\\b', 'a foo b'],
      ['\\d', '٣'],
      ['\\w', 'é'],
      ['(?<n>a)b', 'ab'],
      ['x|', 'y'],
      ['^\\d{3}-\\d{4}$', '555-1234'],
      ['a{2,}', 'a'],
      ['^(?:ab)*c$', 'ababc'],
      [REDOS, 'aaa'],
      [REDOS, 'aa!'],
    ];
    for (const [pattern, text] of cases) expect([pattern, text, compileLinear(pattern).test(text)]).toEqual([pattern, text, new RegExp(pattern, 'u').test(text)]);
  });

  it.each([
    ['(?=a)a', 'lookahead'],
    ['(?<!a)b', 'lookbehind'],
    ['(a)\\1', 'backreference'],
    ['(?<x>a)\\k<x>', 'backreference'],
    ['a{1001}', '1001 times'],
    ['\\p{Alphabetic}', 'Unicode property'],
    ['\\p{sc=Grek}', 'linear-time engine cannot read it'],
  ])('refuses %s, saying why (%s)', (pattern, why) => {
    expect(() => compileLinear(pattern)).toThrow(UnsupportedPatternError);
    expect(() => compileLinear(pattern)).toThrow(why);
  });

  it('an invalid pattern is a syntax error, not a refusal', () => {
    expect(() => compileLinear('(')).toThrow(SyntaxError);
    expect(() => compileLinear('(')).not.toThrow(UnsupportedPatternError);
  });

  it('createAjv runs pattern, patternProperties and propertyNames in linear time', () => {
    const ajv = createAjv();
    const string = ajv.compile({type: 'string', pattern: REDOS});
    const keys = ajv.compile({type: 'object', patternProperties: {[REDOS]: {type: 'number'}}});
    const names = ajv.compile({type: 'object', propertyNames: {pattern: REDOS}});
    const ms = elapsed(() => {
      for (const s of EXPONENTIAL_INPUTS) {
        expect(string(s)).toBe(false);
        expect(keys({[s]: 'not a number'})).toBe(true);
        expect(names({[s]: 1})).toBe(false);
      }
    });
    expect(ms).toBeLessThan(500);
    // Only now that the engine is known to be linear: a long input, which backtracking would never finish.
    expect(elapsed(() => expect(string(`${'a'.repeat(200_000)}!`)).toBe(false))).toBeLessThan(2000);
  });

  it('keeps two patterns of one schema apart (Ajv keys compiled patterns by their text)', () => {
    const validate = createAjv().compile({type: 'object', properties: {a: {type: 'string', pattern: '^x$'}, b: {type: 'string', pattern: '^y$'}}});
    expect(validate({a: 'x', b: 'y'})).toBe(true);
    expect(validate({a: 'y'})).toBe(false);
    expect(validate({b: 'x'})).toBe(false);
  });

  it('createAjv({patterns: "native"}) is the backtracking engine, kept for bundled schemas only', () => {
    const validate = createAjv({patterns: 'native'}).compile({type: 'string', pattern: '(?=a)a'});
    expect(validate('a')).toBe(true);
  });
});

/** Every pattern our bundled schemas write: `pattern` values and `patternProperties` keys. */
function bundledPatterns(): {file: string; pattern: string}[] {
  const found: {file: string; pattern: string}[] = [];
  for (const file of globSync('schemas/**/*.json', {cwd: ROOT})) {
    const stack: unknown[] = [JSON.parse(readFileSync(join(ROOT, file), 'utf8'))];
    while (stack.length > 0) {
      const value = stack.pop();
      if (value === null || typeof value !== 'object') continue;
      const obj = value as Record<string, unknown>;
      if (typeof obj.pattern === 'string') found.push({file, pattern: obj.pattern});
      if (obj.patternProperties && typeof obj.patternProperties === 'object') for (const key of Object.keys(obj.patternProperties)) found.push({file, pattern: key});
      stack.push(...Object.values(obj));
    }
  }
  return found;
}

describe('bundled schemas keep native RegExp because every pattern in them is RE2-compatible with the same verdicts', () => {
  const patterns = bundledPatterns();

  it('finds the bundled patterns', () => {
    expect(patterns.length).toBeGreaterThan(40);
  });

  it('each compiles on the linear engine and agrees with native RegExp on matching, random and edge strings', () => {
    const edges = ['', ' ', '\n', '\u00a0', '\u2028', '\ufeff', 'x\n', '😀', 'a.b', '1.2.3', '1.2.3-rc.1+b.2', 'vendor.acme.x', 'core.a.b', 'x-host-a-b', 'sha256-' + 'A'.repeat(43) + '='];
    for (const {file, pattern} of patterns) {
      const native = new RegExp(pattern, 'u');
      const linear = compileLinear(pattern);
      const strings = fc.sample(
        fc.oneof(
          fc.stringMatching(native),
          fc.string(),
          fc.stringMatching(native).map((s) => `${s}\n`),
          fc.stringMatching(native).map((s) => s.slice(1)),
        ),
        {numRuns: 300, seed: 14},
      );
      for (const s of [...edges, ...strings]) expect([file, pattern, s, linear.test(s)]).toEqual([file, pattern, s, native.test(s)]);
    }
  });
});

describe('regexes of ours that read input stay linear', () => {
  // Each input below took the old regex tens of seconds (quadratic); a budget of 2 s is far from both.
  const LONG = 400_000;

  it('trimTrailing and cutAt (were /\\/+$/ and /#.*$/)', () => {
    expect(trimTrailing('https://h/x///', '/')).toBe('https://h/x');
    expect(trimTrailing('abc', '/')).toBe('abc');
    expect(cutAt('a.json#/x', '#')).toBe('a.json');
    expect(cutAt('a.json', '#')).toBe('a.json');
    expect(elapsed(() => trimTrailing(`${'/'.repeat(LONG)}x`, '/'))).toBeLessThan(2000);
    expect(elapsed(() => cutAt(`${'#'.repeat(LONG)}\n`, '#'))).toBeLessThan(2000);
  });

  it('pack entry scan: blanks between import and its specifier, and fs imported on every line', () => {
    expect(scanEntry("const fs = require ( 'node:fs' );\nfs.writeFileSync('x', '');").map((u) => u.token)).toEqual(['fs.read', 'fs.write']);
    expect(elapsed(() => scanEntry(`import${' '.repeat(LONG)}x`))).toBeLessThan(2000);
    const everyLine = "require('fs');\n".repeat(20_000) + 'x'.repeat(LONG);
    expect(elapsed(() => expect(scanEntry(everyLine).map((u) => u.token)).toEqual(['fs.read']))).toBeLessThan(2000);
  });

  it('a rewritten redaction marker in model output (was /<REDACTED(?::[^>]*)?>/)', async () => {
    const rewritten = await check(ndjson([envelope(1, {payload: {code: 'validation_failed', message: 'token <REDACTED:k1> here'}})]));
    expect(rewritten.findings.map((f) => f.ruleId)).toContain('envelope/redaction-marker-rewritten');
    const start = performance.now();
    const hostile = await check(ndjson([envelope(2, {payload: {code: 'validation_failed', message: '<REDACTED:'.repeat(LONG / 10)}})]));
    expect(performance.now() - start).toBeLessThan(2000);
    expect(hostile.findings.map((f) => f.ruleId)).not.toContain('envelope/redaction-marker-rewritten');
  });
});

describe("commands that compile a user's schema", () => {
  let dir: string;
  const longA = `${'a'.repeat(40)}!`;
  const vendorEnvelope = (n: number, type: string, payload: unknown) => envelope(n, {type, payload});

  beforeAll(() => {
    dir = tempDir();
    mkdirSync(join(dir, 'kinds'));
    writeFileSync(join(dir, 'kinds', 'vendor.acme.redos.schema.json'), JSON.stringify({type: 'object', properties: {name: {type: 'string', pattern: REDOS}}, required: ['name']}));
    writeFileSync(join(dir, 'kinds', 'vendor.acme.look.schema.json'), '{\n  "type": "object",\n  "properties": {\n    "name": {"type": "string", "pattern": "^(?=x)x+$"}\n  }\n}\n');
    writeFileSync(
      join(dir, 'in.ndjson'),
      ndjson([vendorEnvelope(1, 'vendor.acme.redos', {name: longA}), vendorEnvelope(2, 'vendor.acme.look', {name: 'y'}), vendorEnvelope(3, 'vendor.acme.look', {name: 'z'})]),
    );
    writeFileSync(join(dir, 'program.json'), JSON.stringify({nodeId: 'n', program: [{content: JSON.stringify({name: longA})}]}));
  });

  it('validate envelope --schemas: a 41-character payload against ^(a+)+$ is checked at once', async () => {
    const r = await runCliWithin(20_000, ['validate', 'envelope', 'in.ndjson', '--schemas', 'kinds', '--format', 'json'], dir);
    expect(r.stderr).not.toMatch(STACK_TRACE);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    const input = report.results.find((x: {file: string}) => x.file === 'in.ndjson');
    expect(input.findings.map((f: {ruleId: string; pointer: string}) => [f.ruleId, f.pointer])).toEqual([['envelope/payload-invalid', '/payload/name']]);
  });

  it('validate envelope --schemas: a lookahead refuses the schema with one finding at the pattern', async () => {
    const r = await runCliWithin(20_000, ['validate', 'envelope', 'in.ndjson', '--schemas', 'kinds', '--format', 'json'], dir);
    const report = JSON.parse(r.stdout);
    const schema = report.results.find((x: {file: string}) => x.file === 'kinds/vendor.acme.look.schema.json');
    expect(schema.kindSchema).toBe(true);
    expect(schema.findings).toHaveLength(1);
    expect(schema.findings[0]).toMatchObject({ruleId: 'schema/pattern-unsupported', severity: 'error', pointer: '/properties/name/pattern', line: 4, column: 32});
    expect(schema.findings[0].message).toContain('"^(?=x)x+$"');
    expect(schema.findings[0].message).toContain('lookahead');
  });

  it('config kindSchemas take the same path', async () => {
    const cfg = tempDir();
    mkdirSync(join(cfg, 'kinds'));
    writeFileSync(join(cfg, 'kinds', 'vendor.acme.redos.schema.json'), readFileSync(join(dir, 'kinds', 'vendor.acme.redos.schema.json')));
    writeFileSync(join(cfg, 'openwop.config.json'), JSON.stringify({kindSchemas: ['kinds']}));
    writeFileSync(join(cfg, 'in.ndjson'), ndjson([vendorEnvelope(1, 'vendor.acme.redos', {name: longA})]));
    const r = await runCliWithin(20_000, ['validate', 'envelope', 'in.ndjson', '--format', 'json'], cfg);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).results[0].findings.map((f: {ruleId: string}) => f.ruleId)).toEqual(['envelope/payload-invalid']);
  });

  it('simulate retry --schema: the payload is judged at once, and a lookahead stops the command (exit 2) naming it', async () => {
    const ok = await runCliWithin(20_000, ['simulate', 'retry', 'program.json', '--schema', 'kinds/vendor.acme.redos.schema.json', '--format', 'json'], dir);
    expect(ok.stderr).not.toMatch(STACK_TRACE);
    expect(JSON.parse(ok.stdout).results[0].attempts[0].reason).toBe('schema-violation');
    const refused = await runCliWithin(20_000, ['simulate', 'retry', 'program.json', '--schema', 'kinds/vendor.acme.look.schema.json'], dir);
    expect(refused.code).toBe(2);
    expect(refused.stderr).not.toMatch(STACK_TRACE);
    expect(refused.stderr).toContain('kinds/vendor.acme.look.schema.json:4:32: pattern "^(?=x)x+$" cannot be evaluated in linear time');
    expect(refused.stderr).toContain('[schema/pattern-unsupported]');
  });
});
