import {mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {commandDocs, runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';

// Which referenced schemas --lint-schemas lints: by default those a model is asked to emit, with =all every one.
// Every schema below holds a oneOf (outside Tier-1 in every profile), so each one linted shows up with a finding.
const NOT_TIER1 = {type: 'object', properties: {v: {oneOf: [{type: 'string'}, {type: 'number'}]}}};

const nodePack = {
  name: 'vendor.acme.scope',
  version: '1.0.0',
  engines: {openwop: '1'},
  runtime: {language: 'javascript', entry: 'index.mjs'},
  nodes: [
    {
      typeId: 'vendor.acme.scope.a',
      version: '1.0.0',
      category: 'data',
      role: 'pure',
      configSchemaRef: 'schemas/a.config.json',
      inputSchemaRef: 'schemas/a.input.json',
      outputSchemaRef: 'schemas/a.output.json',
    },
    // b reads what a writes: a.output.json is both an output and an input.
    {typeId: 'vendor.acme.scope.b', version: '1.0.0', category: 'data', role: 'pure', inputSchemaRef: 'schemas/a.output.json', outputSchemaRef: 'schemas/b.output.json'},
  ],
  agents: [
    {agentId: 'vendor.acme.scope.helper', persona: 'helper', modelClass: 'writing', systemPrompt: 'Help.', handoff: {taskSchemaRef: 'schemas/task.json', returnSchemaRef: 'schemas/return.json'}},
  ],
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
  for (const x of results.filter((y) => y.schemaFor))
    expect(
      x.findings.map((f) => f.ruleId),
      x.file,
    ).toContain('tier1/forbidden-keyword');
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

  it("a path right after the bare flag is a path, not the flag's value", async () => {
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

  it('help names the fields read and both spellings', () => {
    const text = commandDocs('validate-pack');
    for (const part of ['/nodes/*/outputSchemaRef', '/agents/*/handoff/returnSchemaRef', '/cards/*/outputSchemaRef', '--lint-schemas=all', 'Config, input and task schemas never reach a model'])
      expect(text).toContain(part);
  });
});

describe('validate pack: the payload schema of an envelope kind a chain or prompt template names', () => {
  const chainPack = {
    name: 'vendor.acme.flows',
    version: '1.0.0',
    kind: 'workflow-chain',
    engines: {openwop: '1'},
    chains: [
      {
        id: 'summarize',
        dag: {
          nodes: [
            {id: 'a', typeId: 'core.ai.callPrompt', config: {envelopeType: 'vendor.acme.summary'}},
            {id: 'b', typeId: 'core.ai.callPrompt', config: {envelopeType: 'vendor.acme.absent'}},
            {id: 'c', typeId: 'core.ai.callPrompt', config: {envelopeType: 'vendor.acme.broken'}},
            {id: 'd', typeId: 'core.ai.callPrompt', config: {envelopeType: '../../outside'}},
          ],
          edges: [],
        },
      },
    ],
  };
  const promptPack = {
    name: 'vendor.acme.prompts',
    version: '1.0.0',
    kind: 'prompt',
    engines: {openwop: '1'},
    prompts: [{templateId: 'sum', version: '1.0.0', kind: 'system', text: 'Sum up.', modelHints: {envelopeType: 'vendor.acme.summary'}}],
  };
  // Its $id is where a host publishes it, not the pack's <idBase>/<pack>/<version>/<file>.
  const payload = {...NOT_TIER1, $id: 'https://host.example/schemas/envelopes/vendor.acme.summary.schema.json'};

  function packs(): string {
    const dir = tempDir();
    for (const [name, manifest] of [
      ['flows', chainPack],
      ['prompts', promptPack],
    ] as const) {
      mkdirSync(join(dir, name, 'schemas', 'envelopes'), {recursive: true});
      writeFileSync(join(dir, name, 'pack.json'), JSON.stringify(manifest, null, 2));
      writeFileSync(join(dir, name, 'schemas', 'envelopes', 'vendor.acme.summary.schema.json'), JSON.stringify(payload, null, 2));
    }
    writeFileSync(join(dir, 'flows', 'schemas', 'envelopes', 'vendor.acme.broken.schema.json'), '{"type": ');
    return dir;
  }

  it('is linted by default when the pack ships it at schemas/envelopes/<kind>.schema.json', async () => {
    const r = await lint(['--lint-schemas', '.'], packs());
    expect(r.linted).toEqual({
      'flows/schemas/envelopes/vendor.acme.summary.schema.json': ['/chains/0/dag/nodes/0/config/envelopeType'],
      'prompts/schemas/envelopes/vendor.acme.summary.schema.json': ['/prompts/0/modelHints/envelopeType'],
    });
  });

  it('may be absent, is not held to the pack $id convention, and is reported when it does not parse', async () => {
    const r = await runCli(['validate', 'pack', 'flows', 'prompts', '--json'], {cwd: packs()});
    const [flows, prompts] = JSON.parse(r.stdout).results as {findings: {ruleId: string; pointer: string}[]}[];
    const fileFindings = (x: typeof flows) => x.findings.filter((f) => f.ruleId !== 'pack/invalid-manifest' && f.ruleId !== 'pack/envelope-type').map((f) => [f.ruleId, f.pointer]);
    expect(fileFindings(flows)).toEqual([['pack/schema-invalid', '/chains/0/dag/nodes/2/config/envelopeType']]);
    expect(fileFindings(prompts)).toEqual([]);
  });
});

it('a lone manifest away from its files still gets one warning, an absent payload schema not counted among them', async () => {
  const dir = tempDir();
  // Node a's three schemas and the entry are missing; so is the prompt's payload schema, which a pack need not ship.
  const manifest = {
    ...nodePack,
    nodes: [nodePack.nodes[0]],
    agents: undefined,
    prompts: [{templateId: 't', version: '1.0.0', kind: 'system', text: 'x', modelHints: {envelopeType: 'vendor.acme.summary'}}],
  };
  writeFileSync(join(dir, 'copy.pack.json'), JSON.stringify(manifest));
  const r = await runCli(['validate', 'pack', 'copy.pack.json', '--json'], {cwd: dir});
  const missing = JSON.parse(r.stdout).results[0].findings.filter((f: {ruleId: string}) => f.ruleId === 'pack/missing-file');
  expect(missing).toHaveLength(1);
  expect(missing[0].message).toContain('none of the 4 files this manifest points at are next to it');
});
