import {beforeAll, describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {referencePath} from './support/reference.js';

interface Gate {
  installs: boolean;
  blockedBy?: string;
  undeclared?: string[];
  refusal: {unmet: string[]} | null;
}

/**
 * The packs of the registry snapshot (openwop-registry 85355a0, PROVENANCE.md) a host granting nothing must refuse,
 * each with what it is refused for, found by reading the packs (every one holds a single index.mjs; the reasons are
 * listed in /work/notes/scan.md). Declared: runtime.requires says so. Scanned: the code does it without declaring it.
 */
const REFUSED: Record<string, string[] | 'invalid_manifest'> = {
  // Declared in runtime.requires.
  'core.openwop.http@2.0.0': ['crypto', 'env.read', 'net.dns', 'net.outbound'], // declares net.dns, net.outbound; imports node:crypto, reads process.env
  'vendor.myndhyve.ads-copy-generate@1.0.0': ['crypto'],
  'vendor.myndhyve.ads-publish-google@1.0.0': ['net.outbound'],
  'vendor.myndhyve.ads-publish-meta@1.0.0': ['net.outbound'],
  'vendor.myndhyve.ads-publish-tiktok@1.0.0': ['net.outbound'],
  'vendor.myndhyve.campaign-sequence-integration@1.0.1': ['crypto', 'net.dns', 'net.outbound'],
  'vendor.myndhyve.landing-page@1.0.0': ['crypto'],
  // Found by the scan only.
  'core.openwop.rag@1.0.1': ['env.read', 'net.dns', 'net.outbound'], // node:dns/promises, process.env, fetch() with no net.outbound
  'core.openwop.crypto@1.0.4': ['crypto', 'env.read'], // node:crypto, process.env.OPENWOP_JWT_ALLOW_HEADER_ALG
  'core.openwop.data@1.2.1': ['crypto'], // await import('node:crypto')
  'core.openwop.examples@1.0.1': ['crypto'],
  'core.openwop.integration@1.1.0': ['crypto'],
  'vendor.myndhyve.agent-orchestration@1.0.0': ['crypto'],
  'vendor.myndhyve.ai@1.0.0': ['crypto'],
  'vendor.myndhyve.brand@1.1.0': ['crypto'],
  'vendor.myndhyve.canvas@1.0.0': ['crypto'],
  'vendor.myndhyve.chat@1.0.0': ['crypto'],
  'vendor.myndhyve.data-integration@1.0.0': ['crypto'],
  'vendor.myndhyve.kanban@1.0.0': ['crypto'],
  'vendor.myndhyve.web-research@1.0.0': ['crypto'],
  'vendor.myndhyve.ads-export@1.0.0': ['crypto'], // the global crypto.randomUUID()
  'vendor.myndhyve.ads-studio-core@1.0.0': ['crypto'], // the global crypto.randomUUID()
  'vendor.myndhyve.ads-tools@1.0.0': ['crypto'], // the global crypto.randomUUID()
  // Refused before the gate runs.
  'core.openwop.artifact-types@1.0.0': 'invalid_manifest',
  'core.openwop.flow@1.1.0': 'invalid_manifest',
};

describe('validate pack --grant-none over the registry snapshot', () => {
  let gates: Map<string, Gate>;
  let summary: {packs: number; gate: {installs: number; refused: number}};

  beforeAll(async () => {
    const r = await runCli(['validate', 'pack', referencePath('openwop-registry', 'packs'), '--grant-none', '--format', 'json']);
    expect(r.stderr).toBe('');
    const report = JSON.parse(r.stdout) as {summary: typeof summary; results: {pack: string; gate: Gate | null}[]};
    summary = report.summary;
    gates = new Map(report.results.filter((x) => x.gate).map((x) => [x.pack, x.gate as Gate]));
  });

  it('refuses exactly the packs whose code reaches a primitive (or whose manifest is invalid), each for what it reaches', () => {
    const refused = Object.fromEntries([...gates].filter(([, g]) => !g.installs).map(([pack, g]) => [pack, g.blockedBy ?? [...(g.refusal?.unmet ?? [])].sort()]));
    expect(refused).toEqual(REFUSED);
    expect(summary).toMatchObject({packs: 156, gate: {installs: 131, refused: 25}});
  });

  it('core.openwop.rag is refused for the fetch() it does not declare', () => {
    expect(gates.get('core.openwop.rag@1.0.1')).toMatchObject({installs: false, undeclared: ['net.dns', 'env.read', 'net.outbound']});
  });
});
