// Class 5 of issue 14: no input size or shape makes a run hang or grow without bound (growth: see helpers/growth.ts).
import {createWriteStream, mkdirSync, writeFileSync} from 'node:fs';
import type {IncomingMessage, ServerResponse} from 'node:http';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {JsonArraySplitter} from '../../src/io/json-array-stream.js';
import {JsonDocument} from '../../src/io/json-document.js';
import {lintSchemaDocument} from '../../src/lint/index.js';
import {isClaimed} from '../../src/probe/checks/context.js';
import {runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';
import {envelope} from '../envelope/helpers.js';
import {growth, MAX_GROWTH} from './helpers/growth.js';
import {acmeDocument, json, startHost, type TestHost} from '../probe/helpers/host.js';

function wideSchema(n: number): string {
  const properties: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) properties[`p${i}`] = {type: 'string'};
  return JSON.stringify({type: 'object', additionalProperties: false, properties});
}

describe('placing findings stays O(n log n)', () => {
  it('JsonDocument.placeAll: 80k findings in one object take ~16× the time of 5k', () => {
    const ratio = growth((n) => {
      const doc = JsonDocument.parse(wideSchema(n), {file: 'big.json'});
      // Made once: placing writes each one's position again, and allocating 80k of them per run timed the GC instead.
      const findings = Array.from({length: n}, (_, i) => ({pointer: `/properties/p${i}`, line: 0, column: 0}));
      return () => doc.placeAll(findings);
    }, 5_000);
    expect(ratio).toBeLessThan(MAX_GROWTH);
  });

  it('JsonDocument.locate one at a time (envelope, pack and probe findings): ~16× as well', () => {
    const ratio = growth((n) => {
      const text = wideSchema(n);
      const pointers = Array.from({length: n}, (_, i) => `/properties/p${i}/type`);
      return (stopAt) => {
        const doc = JsonDocument.parse(text, {file: 'big.json'});
        for (const p of pointers) if (doc.locate(p) && performance.now() > stopAt) return;
      };
    }, 5_000);
    expect(ratio).toBeLessThan(MAX_GROWTH);
  });

  it('the lint engine, one finding per property, end to end', () => {
    const ratio = growth((n) => {
      const text = wideSchema(n);
      return () => expect(lintSchemaDocument(JsonDocument.parse(text, {file: 'big.json'})).length).toBe(n + 1);
    }, 5_000);
    expect(ratio).toBeLessThan(MAX_GROWTH);
  });

  it('probe: a finding is matched against the claimed pointers by its ancestors, not against every claim', () => {
    expect([isClaimed('/a/b', new Set(['/a'])), isClaimed('/ab', new Set(['/a'])), isClaimed('/x', new Set([''])), isClaimed('/x', new Set())]).toEqual([true, false, true, false]);
    // Counted, not timed: the lookups a pointer costs depend on its depth, never on how many pointers are claimed.
    const lookups = (n: number) => {
      let count = 0;
      const claimed = new (class extends Set<string> {
        override has(value: string) {
          count++;
          return super.has(value);
        }
      })(Array.from({length: n}, (_, i) => `/limits/k${i}`));
      for (let i = 0; i < 100; i++) isClaimed(`/other/k${i}/x`, claimed);
      return count;
    };
    expect(lookups(10)).toBe(400);
    expect(lookups(100_000)).toBe(400);
  });

  it('150k findings of one document never overflow the stack (no spread of finding-sized arrays)', () => {
    const text = `{"type":"object"${',"a":1'.repeat(150_000)}}`;
    const doc = JsonDocument.parse(text, {file: 'dup.json'});
    const findings = doc.problemFindings();
    expect(findings).toHaveLength(149_999);
    expect(findings.at(-1)).toMatchObject({ruleId: 'json/duplicate-key', line: 1, column: text.length - 5});
  });

  it('lint schema --format json on 60k properties with a finding each: seconds, not minutes', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'big.schema.json'), wideSchema(60_000));
    const r = await runCli(['lint', 'schema', 'big.schema.json', '--format', 'json'], {cwd: dir});
    expect(r.stderr).not.toMatch(STACK_TRACE);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).summary.errors).toBe(60_001);
    // Before: 35 s and more on this machine; now under one.
    expect(r.ms).toBeLessThan(10_000);
  });
});

describe('validate envelope: a large JSON array is read an element at a time', () => {
  it('the splitter finds elements across chunk boundaries and where each starts', () => {
    const text = '[ {"a":"x]}\\"y"} ,\n  [1,[2]], "s\\\\", true ,null]';
    for (const size of [1, 3, 7, text.length]) {
      const splitter = new JsonArraySplitter(1000);
      const out = [];
      for (let i = 0; i < text.length; i += size) out.push(...splitter.push(text.slice(i, i + size)));
      out.push(...splitter.end());
      expect(splitter.stop).toBeUndefined();
      expect(out.map((e) => [e.text, e.line, e.column])).toEqual([
        ['{"a":"x]}\\"y"}', 1, 3],
        ['[1,[2]]', 2, 3],
        ['"s\\\\"', 2, 12],
        ['true', 2, 19],
        ['null', 2, 25],
      ]);
    }
    const cut = new JsonArraySplitter(1000);
    cut.push('[1,\n{"a":');
    cut.end();
    expect(cut.stop).toEqual({message: 'expected "]" to close the array (the text ends early: truncated?)', line: 2, column: 6});
  });

  let dir: string;
  const COUNT = 150_000;
  beforeAll(async () => {
    dir = tempDir();
    // ~40 MB of small envelopes: parsed whole they need well over a 64 MB heap (it aborts); streamed, a few MB.
    const out = createWriteStream(join(dir, 'big.json'));
    out.write('[\n');
    for (let i = 0; i < COUNT; i++) {
      const env = envelope(i, {meta: {source: 'ai-generation', ts: '2026-05-18T10:00:00Z'}, payload: {code: 'validation_failed', message: 'no go', details: {a: [1, 2, {b: i}], c: {d: 'e'}}}});
      if (i === COUNT - 2) delete (env as Record<string, unknown>).meta;
      out.write(`${i ? ',\n' : ''}  ${JSON.stringify(env)}`);
    }
    await new Promise<void>((resolve) => out.end('\n]\n', () => resolve()));
    const whole = Array.from({length: 20_000}, (_, i) => `${JSON.stringify(envelope(i))},\n`).join('');
    writeFileSync(join(dir, 'cut.json'), `[\n${whole}${JSON.stringify(envelope('cut')).slice(0, 40)}`);
  });

  it('validates under a 64 MB heap, with the line and column each finding has in the file', async () => {
    const r = await runCli(['validate', 'envelope', 'big.json', '--format', 'json'], {cwd: dir, env: {NODE_OPTIONS: '--max-old-space-size=64'}});
    expect(r.stderr).not.toMatch(STACK_TRACE);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.summary).toMatchObject({envelopes: COUNT, valid: COUNT - 1, invalid: 1});
    expect(report.results[0].findings).toEqual([expect.objectContaining({ruleId: 'envelope/shape', pointer: `/${COUNT - 2}`, line: COUNT, column: 3})]);
  });

  it('a truncated array: every whole element is checked, then a syntax finding where the text ends', async () => {
    const r = await runCli(['validate', 'envelope', 'cut.json', '--format', 'json'], {cwd: dir});
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.summary.envelopes).toBe(20_000);
    expect(report.results[0].findings).toEqual([expect.objectContaining({ruleId: 'json/syntax', line: 20_002, column: 41})]);
    expect(report.results[0].findings[0].message).toContain('truncated?');
  });
});

describe('validate envelope: a large array with an invalid UTF-8 byte', () => {
  it('checks the elements before it and reports the byte, without a stack trace', async () => {
    const dir = tempDir();
    const head = Buffer.from(`[\n${Array.from({length: 8_000}, (_, i) => `${JSON.stringify(envelope(i))},\n`).join('')}"`);
    writeFileSync(join(dir, 'bad.json'), Buffer.concat([head, Buffer.from([0xff]), Buffer.from('"]\n')]));
    const r = await runCli(['validate', 'envelope', 'bad.json', '--format', 'json'], {cwd: dir});
    expect(r.stderr).not.toMatch(STACK_TRACE);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.summary.envelopes).toBeGreaterThan(7_000);
    expect(report.results[0].findings.map((f: {ruleId: string}) => f.ruleId)).toEqual(['io/invalid-utf8']);
  });
});

describe('probe host --lint-schemas is bounded: --max-schemas, one --deadline, four fetches at a time', () => {
  let host: TestHost;
  let inFlight = 0;
  let mostInFlight = 0;
  let schemaRequests = 0;
  const KINDS = Array.from({length: 60}, (_, i) => `vendor.acme.k${i}`);
  const slowSchema = (delayMs: number) => (_req: IncomingMessage, res: ServerResponse) => {
    schemaRequests++;
    mostInFlight = Math.max(mostInFlight, ++inFlight);
    setTimeout(() => {
      inFlight--;
      res.writeHead(200, {'content-type': 'application/json'});
      res.end(JSON.stringify({type: 'object', additionalProperties: false, required: ['a'], properties: {a: {type: 'string'}}}));
    }, delayMs);
  };
  const doc = () => ({...acmeDocument(), supportedEnvelopes: ['clarification.request', 'schema.request', 'schema.response', 'error', ...KINDS]});

  beforeAll(async () => {
    host = await startHost({'/fast/.well-known/openwop': json(doc()), '/slow/.well-known/openwop': json(doc())}, (req, res) => {
      const url = req.url ?? '';
      if (url.startsWith('/fast/schemas/')) return slowSchema(20)(req, res);
      if (url.startsWith('/slow/schemas/')) return slowSchema(1500)(req, res);
      res.writeHead(404, {'content-type': 'application/json'});
      res.end('{}');
    });
  });
  afterAll(() => host.close());

  const probe = async (args: string[]) => {
    const r = await runCli(['probe', 'host', ...args, '--lint-schemas', '--format', 'json']);
    expect(r.stderr).not.toMatch(STACK_TRACE);
    const report = JSON.parse(r.stdout);
    return {r, report, ids: report.results.flatMap((x: {findings: {ruleId: string}[]}) => x.findings.map((f) => f.ruleId)) as string[]};
  };

  it('--max-schemas 10 fetches ten schemas, four at a time, and says the rest were not fetched', async () => {
    schemaRequests = 0;
    mostInFlight = 0;
    const {report, ids} = await probe([host.url('/fast'), '--max-schemas', '10']);
    expect(schemaRequests).toBe(10);
    expect(mostInFlight).toBeLessThanOrEqual(4);
    expect(mostInFlight).toBeGreaterThan(1);
    expect(report.results).toHaveLength(11);
    expect(report.results.slice(1).map((x: {kind: string}) => x.kind)).toEqual(['clarification.request', 'schema.request', 'schema.response', 'error', ...KINDS.slice(0, 6)]);
    expect(ids).toContain('probe/schemas-capped');
  });

  it('the default cap is 50 kinds', async () => {
    schemaRequests = 0;
    const {ids} = await probe([host.url('/fast')]);
    expect(schemaRequests).toBe(50);
    expect(ids).toContain('probe/schemas-capped');
  });

  it("--deadline ends a slow host's fetches on time and reports the kinds not reached", async () => {
    schemaRequests = 0;
    const {r, ids} = await probe([host.url('/slow'), '--deadline', '2000']);
    // 50 schemas at 1.5 s each, four at a time, would take ~19 s.
    expect(r.ms).toBeLessThan(8000);
    expect(schemaRequests).toBeLessThanOrEqual(12);
    expect(ids).toContain('probe/schemas-deadline');
  });
});

describe('simulate retry: SSE events after data: [DONE]', () => {
  it('are ignored and reported as a warning', async () => {
    const dir = tempDir();
    const chunk = (content: string | undefined, finish: string | null) =>
      `data: ${JSON.stringify({id: 'c1', object: 'chat.completion.chunk', model: 'gpt', choices: [{index: 0, delta: content === undefined ? {} : {content}, finish_reason: finish}]})}\n\n`;
    writeFileSync(join(dir, 'done.sse'), `${chunk('{"a":1}', null)}${chunk(undefined, 'stop')}data: [DONE]\n\n${chunk('TAIL', 'stop')}${chunk('MORE', 'stop')}`);
    const r = await runCli(['simulate', 'retry', 'done.sse', '--max-tokens', '10', '--format', 'json'], {cwd: dir});
    expect(r.stderr).not.toMatch(STACK_TRACE);
    const result = JSON.parse(r.stdout).results[0];
    expect(result.outcome).toBe('accepted');
    expect(result.findings).toEqual([expect.objectContaining({ruleId: 'retry/sse-after-done', severity: 'warning', line: 7})]);
    expect(result.findings[0].message).toContain('2 events after "data: [DONE]" (line 5) ignored');
  });
});

describe('validate pack: an entry over the scan cap', () => {
  it('is reported as pack/entry-not-scanned, and an entry under it is still scanned', async () => {
    const dir = tempDir();
    for (const [name, size] of [
      ['big', 5 * 1024 * 1024],
      ['small', 1000],
    ] as const) {
      mkdirSync(join(dir, name));
      writeFileSync(join(dir, name, 'pack.json'), JSON.stringify({name: `vendor.acme.${name}`, version: '1.0.0', runtime: {language: 'javascript', entry: 'index.js'}}));
      writeFileSync(join(dir, name, 'index.js'), `import dns from "node:dns";\n${'x = 1;\n'.repeat(size / 7)}`);
    }
    const r = await runCli(['validate', 'pack', 'big', 'small', '--format', 'json'], {cwd: dir});
    expect(r.stderr).not.toMatch(STACK_TRACE);
    const [big, small] = JSON.parse(r.stdout).results as {findings: {ruleId: string; severity: string; pointer: string}[]}[];
    expect(big.findings.filter((f) => f.ruleId.startsWith('pack/') && f.ruleId !== 'pack/invalid-manifest')).toEqual([
      expect.objectContaining({ruleId: 'pack/entry-not-scanned', severity: 'warning', pointer: '/runtime/entry'}),
    ]);
    expect(small.findings.map((f) => f.ruleId)).toContain('pack/undeclared-requirement');
    expect(small.findings.map((f) => f.ruleId)).not.toContain('pack/entry-not-scanned');
  });
});
