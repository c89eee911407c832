import type {JsonDocument} from '../io/json-document.js';
import type {Finding} from '../core/finding.js';
import {LEGACY_KINDS, UNIVERSAL_KINDS} from '../schemas/index.js';
import {isObject, type JsonObject} from '../core/json.js';
import {PACK_RULES} from './rules.js';

/** Our lint grammar for a vendor kind (upstream publishes no regex; RFC 0021 names the namespaces). */
export const VENDOR_KIND = /^vendor\.[a-z][a-z0-9-]*(\.[a-z][a-zA-Z0-9_-]*)+$/;

export type EnvelopeTypeClass = 'universal' | 'media' | 'ui' | 'vendor' | 'legacy' | 'other';

export function classifyEnvelopeType(type: string): EnvelopeTypeClass {
  if ((UNIVERSAL_KINDS as readonly string[]).includes(type)) return 'universal';
  if (/^media\.[a-z][a-zA-Z0-9_.-]*$/.test(type)) return 'media';
  if (/^ui\.[a-z][a-zA-Z0-9_.-]*$/.test(type)) return 'ui';
  if (VENDOR_KIND.test(type)) return 'vendor';
  if (LEGACY_KINDS.has(type)) return 'legacy';
  return 'other';
}

/**
 * Where an envelopeType may appear in a manifest (RFC 0076 pack schemas): chain node config and prompt template hints.
 */
export function envelopeTypeSites(manifest: JsonObject): {pointer: string; value: unknown}[] {
  const sites: {pointer: string; value: unknown}[] = [];
  const {chains, prompts} = manifest;
  if (Array.isArray(chains)) {
    for (let c = 0; c < chains.length; c++) {
      const chain: unknown = chains[c];
      const nodes = isObject(chain) && isObject(chain.dag) && Array.isArray(chain.dag.nodes) ? chain.dag.nodes : [];
      for (let n = 0; n < nodes.length; n++) {
        const node: unknown = nodes[n];
        if (isObject(node) && isObject(node.config) && 'envelopeType' in node.config) sites.push({pointer: `/chains/${c}/dag/nodes/${n}/config/envelopeType`, value: node.config.envelopeType});
      }
    }
  }
  if (Array.isArray(prompts)) {
    for (let p = 0; p < prompts.length; p++) {
      const prompt: unknown = prompts[p];
      if (isObject(prompt) && isObject(prompt.modelHints) && 'envelopeType' in prompt.modelHints) sites.push({pointer: `/prompts/${p}/modelHints/envelopeType`, value: prompt.modelHints.envelopeType});
    }
  }
  return sites;
}

export function checkEnvelopeTypes(doc: JsonDocument, manifest: JsonObject): Finding[] {
  const findings: Finding[] = [];
  for (const {pointer, value} of envelopeTypeSites(manifest)) {
    // Not a string: the schema (where it types the field) says so; a {{placeholder}} is filled in at expansion.
    if (typeof value !== 'string' || value.includes('{{')) continue;
    const cls = classifyEnvelopeType(value);
    if (cls === 'legacy') {
      findings.push(
        doc.finding(PACK_RULES.envelopeType.id, 'warning', `envelopeType "${value}" is a legacy un-namespaced kind, tolerated in v1.x but deprecated: use vendor.<host>.${value}`, pointer),
      );
    } else if (cls === 'other') {
      findings.push(
        doc.finding(
          PACK_RULES.envelopeType.id,
          'warning',
          `envelopeType "${value}" is neither a universal kind (${UNIVERSAL_KINDS.join(', ')}), media.*, ui.* nor vendor-namespaced (vendor.<host>.<kind>); hosts will not recognise it`,
          pointer,
        ),
      );
    }
  }
  return findings;
}
