import {existsSync} from 'node:fs';
import {join} from 'node:path';
import type {JsonDocument} from '../io/json-document.js';
import {toPointer} from '../io/json-pointer.js';
import type {Finding} from '../core/finding.js';
import {isObject, type JsonObject} from '../core/json.js';
import {PACK_RULES} from './rules.js';

/** What the registry's tarball builder bundles for a prompt (check-pack-prompt-refs.mjs reads the same shape). */
const BUNDLED_PROMPT = /^prompts\/[^/]+\.(md|txt)$/;

/** Where the manifest's files are, for the prompt check; absent for a manifest read from stdin. */
interface PackFolder {
  root: string;
  inPackFolder: boolean;
}

/** The per-pack checks of the registry's CI gates that the manifest schemas do not already make. */
export function checkRegistryGates(doc: JsonDocument, manifest: JsonObject, folder: PackFolder | undefined): Finding[] {
  const findings: Finding[] = [];
  const agents = Array.isArray(manifest.agents) ? manifest.agents : [];
  for (let i = 0; i < agents.length; i++) {
    const agent: unknown = agents[i];
    if (!isObject(agent)) continue;
    if (folder) promptRef(doc, agent, i, folder, findings);
    toolAllowlist(doc, agent, i, findings);
  }
  const peers = manifest.peerDependencies;
  if (isObject(peers)) {
    for (const [key, value] of Object.entries(peers)) {
      if (value === '')
        findings.push(
          doc.finding(
            PACK_RULES.peerDependencyEmpty.id,
            'error',
            `peerDependencies["${key}"] is empty: give the version range of the host surface the pack needs`,
            toPointer(['peerDependencies', key]),
          ),
        );
    }
  }
  return findings;
}

function promptRef(doc: JsonDocument, agent: JsonObject, index: number, folder: PackFolder, findings: Finding[]): void {
  const ref = agent.systemPromptRef;
  if (typeof ref !== 'string' || ref.length === 0) return;
  const pointer = toPointer(['agents', index, 'systemPromptRef']);
  if (!BUNDLED_PROMPT.test(ref)) {
    findings.push(doc.finding(PACK_RULES.promptRef.id, 'error', `systemPromptRef "${ref}" is not prompts/<file>.md or .txt, the only prompt files the registry's tarball carries`, pointer));
  } else if (!existsSync(join(folder.root, ref))) {
    findings.push(doc.finding(PACK_RULES.promptRef.id, folder.inPackFolder ? 'error' : 'warning', `systemPromptRef "${ref}" does not exist in the pack`, pointer));
  }
}

function toolAllowlist(doc: JsonDocument, agent: JsonObject, index: number, findings: Finding[]): void {
  const list = agent.toolAllowlist;
  if (!Array.isArray(list)) return;
  list.forEach((entry: unknown, j) => {
    if (typeof entry !== 'string') return; // the agent schema reports the type
    const colon = entry.indexOf(':');
    const scope = colon === -1 ? undefined : entry.slice(0, colon);
    if (scope === 'openwop' || scope === 'mcp' || scope?.includes('.')) return;
    const why = scope === undefined ? 'has no scope prefix' : `has the unknown scope "${scope}:"`;
    findings.push(
      doc.finding(
        PACK_RULES.toolAllowlist.id,
        'error',
        `toolAllowlist entry "${entry}" ${why}: write openwop:<typeId>, mcp:<tool> or <vendor>.<host>:<tool>`,
        toPointer(['agents', index, 'toolAllowlist', j]),
      ),
    );
  });
}
