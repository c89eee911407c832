import {mkdirSync, writeFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {validatePackInputs} from '../../src/pack/index.js';
import {explainRule} from '../../src/report/explain-rules.js';
import {findRule} from '../../src/rule-catalog.js';
import {tempDir} from '../helpers/cli.js';

function tree(files: Record<string, string | object>): string {
  const root = tempDir('openwop-gates-');
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), {recursive: true});
    writeFileSync(join(root, path), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return root;
}

async function findingsOf(root: string) {
  const outcome = await validatePackInputs(['.'], {cwd: root});
  return outcome.results.flatMap((r) => r.findings).map((f) => `${f.ruleId} ${f.severity} ${f.pointer}`);
}

const agent = (extra: Record<string, unknown>) => ({
  agentId: 'vendor.acme.agents.helper',
  version: '1.0.0',
  displayName: 'Helper',
  purpose: 'Helps.',
  modelDefaults: {provider: 'anthropic', model: 'claude'},
  ...extra,
});

function agentPack(agents: object[], extra: Record<string, unknown> = {}) {
  return {name: 'vendor.acme.agents', version: '1.0.0', engines: {openwop: '>=1.0.0 <2.0.0'}, runtime: {language: 'remote', entry: 'agents'}, agents, ...extra};
}

describe('registry gates mirrored per pack', () => {
  it('pack/prompt-ref (check-pack-prompt-refs.mjs): prompts/<file>.md|.txt that exists passes; elsewhere or absent is an error', async () => {
    const root = tree({
      'pack.json': agentPack([
        agent({systemPromptRef: 'prompts/ok.md'}),
        agent({agentId: 'vendor.acme.agents.b', systemPromptRef: 'prompts/ok.txt'}),
        agent({agentId: 'vendor.acme.agents.c', systemPromptRef: 'docs/elsewhere.md'}),
        agent({agentId: 'vendor.acme.agents.d', systemPromptRef: 'prompts/nested/deep.md'}),
        agent({agentId: 'vendor.acme.agents.e', systemPromptRef: 'prompts/absent.md'}),
        agent({agentId: 'vendor.acme.agents.f', systemPrompt: 'inline'}),
      ]),
      'prompts/ok.md': 'x',
      'prompts/ok.txt': 'x',
      'docs/elsewhere.md': 'x',
      'prompts/nested/deep.md': 'x',
    });
    expect((await findingsOf(root)).filter((f) => f.startsWith('pack/prompt-ref'))).toEqual([
      'pack/prompt-ref error /agents/2/systemPromptRef',
      'pack/prompt-ref error /agents/3/systemPromptRef',
      'pack/prompt-ref error /agents/4/systemPromptRef',
    ]);
  });

  it('pack/prompt-ref: for a lone manifest an absent prompt is only a warning, a misplaced one still an error', async () => {
    const root = tree({'agents.pack.json': agentPack([agent({systemPromptRef: 'prompts/absent.md'}), agent({agentId: 'vendor.acme.agents.b', systemPromptRef: 'x.md'})])});
    expect((await findingsOf(root)).filter((f) => f.startsWith('pack/prompt-ref'))).toEqual(['pack/prompt-ref warning /agents/0/systemPromptRef', 'pack/prompt-ref error /agents/1/systemPromptRef']);
  });

  it('pack/tool-allowlist (check-agent-tool-allowlist.mjs): openwop:, mcp: and dotted host scopes pass; no scope or another scope fails', async () => {
    const list = ['openwop:core.openwop.http.fetch', 'mcp:search', 'vendor.acme:lookup', 'core.openwop.http.fetch', 'tools:search'];
    const root = tree({'pack.json': agentPack([agent({toolAllowlist: list})])});
    expect((await findingsOf(root)).filter((f) => f.startsWith('pack/tool-allowlist'))).toEqual([
      'pack/tool-allowlist error /agents/0/toolAllowlist/3',
      'pack/tool-allowlist error /agents/0/toolAllowlist/4',
    ]);
  });

  it('pack/peer-dependency-empty (conformance-check.mjs step 6): an empty range is an error, a real one passes', async () => {
    const root = tree({'pack.json': agentPack([agent({})], {peerDependencies: {'host.aiProviders': '', 'host.memory': '>=1.0.0'}})});
    expect((await findingsOf(root)).filter((f) => f.startsWith('pack/peer'))).toEqual(['pack/peer-dependency-empty error /peerDependencies/host.aiProviders']);
  });

  it('an unreferenced schemas/*.json too large to read is said to be unreadable, not invalid JSON', async () => {
    const root = tree({'pack.json': agentPack([agent({})]), 'schemas/big.json': `{"$id": "x", "pad": "${'x'.repeat(3 * 1024 * 1024)}"}`, 'schemas/bad.json': '{"a": '});
    const outcome = await validatePackInputs(['.'], {cwd: root, maxDocumentBytes: 2 * 1024 * 1024});
    const messages = outcome.results
      .flatMap((r) => r.findings)
      .filter((f) => f.ruleId === 'pack/schema-invalid')
      .map((f) => f.message);
    expect(messages).toEqual([expect.stringMatching(/^schemas\/bad\.json \(.*\) is not valid JSON: /), expect.stringMatching(/^schemas\/big\.json \(.*\) could not be read: .*over the 2 MB limit/)]);
  });

  it('each mirrored rule names the registry script in --explain', async () => {
    const scripts: Record<string, string> = {
      'pack/schema-id': 'scripts/check-pack-schema-ids.mjs',
      'pack/schema-id-missing': 'scripts/check-pack-schema-ids.mjs',
      'pack/prompt-ref': 'scripts/check-pack-prompt-refs.mjs',
      'pack/tool-allowlist': 'scripts/check-agent-tool-allowlist.mjs',
      'pack/peer-dependency-empty': 'registry/scripts/conformance-check.mjs',
    };
    for (const [id, script] of Object.entries(scripts)) expect(explainRule((await findRule(id))!)).toMatch(new RegExp(`Mirrors (the per-pack part of |step 6 of )?openwop-registry ${script}`));
  });
});
