import {mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';

// Which referenced schemas --lint-schemas lints: by default those a model is asked to emit, with =all every one.
// Every schema below holds a oneOf (outside Tier-1 in every profile), so each one linted shows up with a finding.
const NOT_TIER1 = {type: 'object', properties: {v: {oneOf: [{type: 'string'}, {type: 'number'}]}}};

const nodePack = {
  name: 'vendor.acme.scope',
  version: '1.0.0',
  engines: {openwop: '1'},
  runtime: {language: 'javascript', entry: 'index.mjs'},
  nodes: [
    {typeId: 'vendor.acme.scope.a', version: '1.0.0', category: 'data', role: 'pure', configSchemaRef: 'schemas/a.config.json', inputSchemaRef: 'schemas/a.input.json', outputSchemaRef: 'schemas/a.output.json'},
    // b reads what a writes: a.output.json is both an output and an input.
    {typeId: 'vendor.acme.scope.b', version: '1.0.0', category: 'data', role: 'pure', inputSchemaRef: 'schemas/a.output.json', outputSchemaRef: 'schemas/b.output.json'},
  ],
  agents: [{agentId: 'vendor.acme.scope.helper', persona: 'helper', modelClass: 'writing', systemPrompt: 'Help.', handoff: {taskSchemaRef: 'schemas/task.json', returnSchemaRef: 'schemas/return.json'}}],
};

const cardPack = {
  name: 'vendor.acme.cards',
  version: '1.0.0',
  kind: 'card',
  engines: {openwop: '1'},
  cards: [{cardTypeId: 'vendor.acme.cards.sum', prompt: {template: 'Sum up {{x}}'}, outputSchemaRef: 'schemas/card.output.json'}],
};

const artifactPack = {
  name: 'vendor.acme.artifacts',
  version: '1.0.0',
  kind: 'artifact-type',
  engines: {openwop: '1'},
  artifactTypes: [{artifactTypeId: 'vendor.acme.artifacts.note', schemaRef: 'schemas/note.json'}],
};

function writePack(dir: string, manifest: {nodes?: unknown; cards?: unknown; artifactTypes?: unknown}, schemas: string[]): void {
  mkdirSync(join(dir, 'schemas'), {recursive: true});
  writeFileSync(join(dir, 'pack.json'), JSON.stringify(manifest, null, 2));
  if ('nodes' in manifest) writeFileSync(join(dir, 'index.mjs'), 'export {};\n');
  for (const file of schemas) writeFileSync(join(dir, 'schemas', file), JSON.stringify(NOT_TIER1, null, 2));
}

/** A folder holding the three packs. */
function registry(): string {
  const dir = tempDir();
  writePack(join(dir, 'scope'), nodePack, ['a.config.json', 'a.input.json', 'a.output.json', 'b.output.json', 'task.json', 'return.json']);
  writePack(join(dir, 'cards'), cardPack, ['card.output.json']);
  writePack(join(dir, 'artifacts'), artifactPack, ['note.json']);
  return dir;
}

interface Result {
  file: string;
  findings: {ruleId: string}[];
  schemaFor?: string[];
}

async function lint(args: string[], cwd: string): Promise<{code: number | null; linted: Record<string, string[]>; stderr: string}> {
  const r = await runCli(['validate', 'pack', ...args, '--json'], {cwd});
  expect(r.stderr).not.toMatch(STACK_TRACE);
  if (r.code === 2) return {code: r.code, linted: {}, stderr: r.stderr};
  const results: Result[] = JSON.parse(r.stdout).results;
  const linted = Object.fromEntries(results.filter((x) => x.schemaFor).map((x) => [x.file, x.schemaFor as string[]]));
  for (const x of results.filter((y) => y.schemaFor)) expect(x.findings.map((f) => f.ruleId), x.file).toContain('tier1/forbidden-keyword');
  return {code: r.code, linted, stderr: r.stderr};
}

const LLM_FACING = {
  'artifacts/schemas/note.json': undefined,
  'cards/schemas/card.output.json': ['/cards/0/outputSchemaRef'],
  'scope/schemas/a.output.json': ['/nodes/0/outputSchemaRef'],
  'scope/schemas/b.output.json': ['/nodes/1/outputSchemaRef'],
  'scope/schemas/return.json': ['/agents/0/handoff/returnSchemaRef'],
};
const definedOnly = (o: Record<string, string[] | undefined>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v));

describe('validate pack --lint-schemas: which schemas', () => {
  it('bare, it lints node and card outputs and agent returns; config, input, task and artifact schemas are not linted', async () => {
    const dir = registry();
    const r = await lint(['--lint-schemas', '.'], dir);
    expect(r.code).toBe(1);
    expect(r.linted).toEqual(definedOnly(LLM_FACING));
  });

  it('a schema that is an input of one node and the output of another is linted once, for the output', async () => {
    const r = await lint(['--lint-schemas', '.'], registry());
    expect(r.linted['scope/schemas/a.output.json']).toEqual(['/nodes/0/outputSchemaRef']);
    const all = await lint(['--lint-schemas=all', '.'], registry());
    expect(all.linted['scope/schemas/a.output.json']).toEqual(['/nodes/0/outputSchemaRef', '/nodes/1/inputSchemaRef']);
  });

  it('=all lints every referenced schema, each once', async () => {
    const r = await lint(['.', '--lint-schemas=all'], registry());
    expect(r.linted).toEqual({
      'scope/schemas/a.config.json': ['/nodes/0/configSchemaRef'],
      'scope/schemas/a.input.json': ['/nodes/0/inputSchemaRef'],
      'scope/schemas/a.output.json': ['/nodes/0/outputSchemaRef', '/nodes/1/inputSchemaRef'],
      'scope/schemas/b.output.json': ['/nodes/1/outputSchemaRef'],
      'scope/schemas/task.json': ['/agents/0/handoff/taskSchemaRef'],
      'scope/schemas/return.json': ['/agents/0/handoff/returnSchemaRef'],
      'cards/schemas/card.output.json': ['/cards/0/outputSchemaRef'],
      'artifacts/schemas/note.json': ['/artifactTypes/0/schemaRef'],
    });
  });

  it('=llm is the bare flag spelled out; a pack with nothing a model emits lints nothing', async () => {
    const dir = registry();
    expect((await lint(['.', '--lint-schemas=llm'], dir)).linted).toEqual(definedOnly(LLM_FACING));
    expect((await lint(['--lint-schemas', 'artifacts'], dir)).linted).toEqual({});
  });

  it('a path right after the bare flag is a path, not the flag\'s value', async () => {
    const dir = registry();
    const r = await lint(['--lint-schemas', 'cards', 'scope'], dir);
    expect(Object.keys(r.linted).sort()).toEqual(['cards/schemas/card.output.json', 'scope/schemas/a.output.json', 'scope/schemas/b.output.json', 'scope/schemas/return.json']);
  });

  it('a scope other than llm or all is a usage error (exit 2) that names both', async () => {
    const dir = registry();
    for (const bad of ['--lint-schemas=ALL', '--lint-schemas=', '--lint-schemas=outputs']) {
      const r = await lint([bad, '.'], dir);
      expect(r.code, bad).toBe(2);
      expect(r.stderr).toContain(`--lint-schemas: "${bad.slice('--lint-schemas='.length)}" is not a scope (llm or all)`);
      expect(r.stderr).toContain('--lint-schemas=all lints every referenced schema');
    }
  });

  it('after --, --lint-schemas=all is a path like any other', async () => {
    const r = await runCli(['validate', 'pack', '--json', '--', '--lint-schemas=all'], {cwd: registry()});
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain('is not a scope');
    expect(r.stdout + r.stderr).toContain('--lint-schemas=all');
  });

  it('help names the fields read and both spellings', async () => {
    const r = await runCli(['validate', 'pack', '--help']);
    const text = r.stdout.replace(/\s+/g, ' ');
    for (const part of ['/nodes/*/outputSchemaRef', '/agents/*/handoff/returnSchemaRef', '/cards/*/outputSchemaRef', '--lint-schemas=all', 'Config, input and task schemas never reach a model']) expect(text).toContain(part);
  });
});
