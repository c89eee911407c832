import {readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse as parseYaml} from 'yaml';
import {commandDocs, ROOT, runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';

// Runs the built CLI (bin/run.js), as the other CLI tests do.
const ORDER = join(ROOT, 'test/fixtures/export/order.schema.json');
const RECURSIVE = JSON.stringify({type: 'object', properties: {name: {type: 'string'}, children: {type: 'array', items: {$ref: '#'}}}, required: ['name', 'children'], additionalProperties: false});

describe('openwop export schema', () => {
  it('help names RFC 0030, the forms, the refusals and the exit codes', async () => {
    const r = await runCli(['export', 'schema', '--help']);
    expect(r.code).toBe(0);
    for (const s of ['--target', '--form', '--name', '--format', '--output', '--force', 'EXAMPLES', '--ref-root', '--max-size']) expect(r.stdout).toContain(s);
    const docs = commandDocs('export-schema');
    for (const s of ['RFC 0030', 'response_format', 'output_config', 'responseJsonSchema', 'responseSchema', '## Refusals']) expect(docs).toContain(s);
    expect(docs).toMatch(/## Exit codes .*0 the fragment was printed.*1 refused.*2 the command could not do its job/);
  });

  it('prints the fragment on stdout, exit 0', async () => {
    const r = await runCli(['export', 'schema', ORDER, '--target', 'openai']);
    expect(r.code).toBe(0);
    const fragment = JSON.parse(r.stdout);
    expect(fragment.response_format).toMatchObject({type: 'json_schema', json_schema: {name: 'Order_Summary', strict: true}});
    expect(r.stdout).toBe(readFileSync(join(ROOT, 'test/fixtures/export/golden/openai.chat.json'), 'utf8'));
  });

  it('refuses what the target cannot express: exit 1, nothing on stdout, the findings on stderr', async () => {
    const dir = tempDir();
    const file = join(dir, 'tree.schema.json');
    writeFileSync(file, RECURSIVE);
    const r = await runCli(['export', 'schema', 'tree.schema.json', '--target', 'anthropic'], {cwd: dir});
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('anthropic/recursion');
    expect(r.stderr).toMatch(/refused: tree\.schema\.json cannot be sent as anthropic \(tool\)/);
    expect(r.stderr).not.toMatch(STACK_TRACE);
    // The same schema is fine for OpenAI, which allows recursion.
    expect((await runCli(['export', 'schema', file, '--target', 'openai'], {cwd: dir})).code).toBe(0);
  });

  it('refuses a non-object root for OpenAI', async () => {
    const r = await runCli(['export', 'schema', '-', '--target', 'openai'], {input: '{"type": "array", "items": {"type": "string"}}'});
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('openai/root-object');
    expect(r.stderr).toContain('<stdin>');
  });

  it('writes YAML that reads back as the JSON fragment', async () => {
    const [y, j] = await Promise.all([runCli(['export', 'schema', ORDER, '--target', 'anthropic', '--format', 'yaml']), runCli(['export', 'schema', ORDER, '--target', 'anthropic'])]);
    expect(y.code).toBe(0);
    expect(y.stdout).toMatch(/^tools:\n/);
    expect(parseYaml(y.stdout)).toEqual(JSON.parse(j.stdout));
  });

  it('-o writes the file, never over an existing one without --force, never over the input', async () => {
    const dir = tempDir();
    const out = join(dir, 'fragment.json');
    expect((await runCli(['export', 'schema', ORDER, '--target', 'gemini', '-o', out])).code).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).generationConfig.responseMimeType).toBe('application/json');
    writeFileSync(out, 'keep me');
    const again = await runCli(['export', 'schema', ORDER, '--target', 'gemini', '-o', out]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/the file exists[\s\S]*--force/);
    expect(readFileSync(out, 'utf8')).toBe('keep me');
    const forced = await runCli(['export', 'schema', ORDER, '--target', 'gemini', '-o', out, '--force']);
    expect(forced.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('responseJsonSchema');
    const input = join(dir, 'in.schema.json');
    writeFileSync(input, readFileSync(ORDER));
    const over = await runCli(['export', 'schema', input, '--target', 'gemini', '-o', input, '--force']);
    expect(over.code).toBe(2);
    expect(over.stderr).toContain('it is an input of this run');
    expect(readFileSync(input, 'utf8')).toBe(readFileSync(ORDER, 'utf8'));
  });

  it('a refusal writes nothing to -o', async () => {
    const dir = tempDir();
    const input = join(dir, 'tree.schema.json');
    writeFileSync(input, RECURSIVE);
    const out = join(dir, 'out.json');
    const r = await runCli(['export', 'schema', input, '--target', 'gemini-legacy', '-o', out]);
    expect(r.code).toBe(1);
    expect(() => readFileSync(out)).toThrow();
  });

  it('--name: used when valid, refused with the reason otherwise', async () => {
    const ok = await runCli(['export', 'schema', ORDER, '--target', 'openai', '--form', 'responses', '--name', 'order_v2']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout).text.format.name).toBe('order_v2');
    const bad = await runCli(['export', 'schema', ORDER, '--target', 'openai', '--name', 'order v2!']);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/--name "order v2!" is refused: it holds " ", "!"/);
    const long = await runCli(['export', 'schema', ORDER, '--target', 'openai', '--name', 'x'.repeat(65)]);
    expect(long.code).toBe(2);
    expect(long.stderr).toContain('65 characters long; at most 64');
  });

  it('--form all prints every form keyed by name; a form the target lacks is a usage error', async () => {
    const all = await runCli(['export', 'schema', ORDER, '--target', 'anthropic', '--form', 'all']);
    expect(all.code).toBe(0);
    expect(Object.keys(JSON.parse(all.stdout))).toEqual(['tool', 'output']);
    const wrong = await runCli(['export', 'schema', ORDER, '--target', 'gemini', '--form', 'tool']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--form tool is not a request form of gemini');
  });

  it('usage and input errors exit 2 without a stack trace', async () => {
    const dir = tempDir();
    const noTarget = await runCli(['export', 'schema', ORDER]);
    expect(noTarget.code).toBe(2);
    const missing = await runCli(['export', 'schema', join(dir, 'nope.json'), '--target', 'openai']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nope.json');
    const empty = join(dir, 'empty.json');
    writeFileSync(empty, '');
    const e = await runCli(['export', 'schema', empty, '--target', 'openai']);
    expect(e.code).toBe(2);
    expect(e.stderr).toContain('empty');
    for (const r of [noTarget, missing, e]) expect(r.stderr).not.toMatch(STACK_TRACE);
  });

  it('a file that does not parse is refused with its syntax error (exit 1)', async () => {
    const r = await runCli(['export', 'schema', '-', '--target', 'gemini'], {input: '{"type": "object",'});
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('json/syntax');
    expect(r.stdout).toBe('');
  });

  it('warnings go to stderr beside the fragment, --quiet hides them', async () => {
    // Gemini ignores "not" (a sub-schema: it cannot be said in a description, so it stays, with a warning).
    const schema = JSON.stringify({type: 'object', properties: {a: {type: 'string', not: {enum: ['x']}}, b: {type: 'string'}}});
    const r = await runCli(['export', 'schema', '-', '--target', 'gemini'], {input: schema});
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).generationConfig.responseJsonSchema.propertyOrdering).toEqual(['a', 'b']);
    expect(r.stderr).toContain('gemini/ignored-keyword');
    const q = await runCli(['export', 'schema', '-', '--target', 'gemini', '--quiet'], {input: schema});
    expect(q.code).toBe(0);
    expect(q.stderr).toBe('');
  });
});
