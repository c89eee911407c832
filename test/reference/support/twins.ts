import {join} from 'node:path';

import {type BundledSchemaName, bundledSchemaId} from '../../../src/schemas/index.js';

export interface Twin {
  readonly ours: BundledSchemaName;
  /** Reference file relative to refDir, for the report and the $id check. */
  readonly refFile: string;
  /** Id the reference validator is fetched by; a `#/$defs/...` pointer for run-event payloads. */
  readonly refId: string;
  /** Set when the reference is an excerpt of a larger upstream file. */
  readonly excerpt?: true;
  /** Folder of refFile under the reference root, when not reference/openwop/schemas (the v2 material). */
  readonly refDir?: readonly string[];
  /** Set when top-level members are independent, so generated cases also exchange them between seeds. */
  readonly graft?: true;
}

/** Path parts of a twin's reference file under the reference root. */
export const twinReferenceParts = (twin: Twin): string[] => [...(twin.refDir ?? ['openwop', 'schemas']), twin.refFile];

const sdks = (f: string) => join('openwop-sdks', 'schemas', f);
const openwop = (f: string) => join('openwop', 'schemas', f);
const registry = (f: string) => join('openwop-registry', 'schemas', f);

// Ids are the same on both sides by design (we keep upstream $ids), so refId is derived from ours.
const twin = (ours: BundledSchemaName, refFile: string, excerpt?: true): Twin => ({
  ours,
  refFile,
  refId: bundledSchemaId(ours),
  ...(excerpt ? {excerpt} : {}),
});

const OPENWOP_V2 = ['openwop-v2', 'schemas'];
const RUN_EVENTS = openwop('run-event-payloads.schema.EXCERPT.json');

export const TWINS: readonly Twin[] = [
  twin('ai-envelope', sdks('ai-envelope.schema.json')),
  twin('v2/ai-envelope', sdks('v2/ai-envelope.schema.json')),
  twin('envelopes/clarification.request', sdks('envelopes/clarification.request.schema.json')),
  twin('envelopes/schema.request', sdks('envelopes/schema.request.schema.json')),
  twin('envelopes/schema.response', sdks('envelopes/schema.response.schema.json')),
  twin('envelopes/error', sdks('envelopes/error.schema.json')),
  twin('envelopes/media.file', sdks('envelopes/media.file.schema.json')),
  twin('envelopes/media.image', openwop('envelopes/media.image.schema.json')),
  twin('envelopes/media.audio', openwop('envelopes/media.audio.schema.json')),
  twin('capabilities', openwop('capabilities.schema.EXCERPT.json'), true),
  {...twin('v2/capabilities', 'capabilities.schema.json'), refDir: OPENWOP_V2, graft: true},
  twin('packs/node-pack-manifest', registry('node-pack-manifest.schema.json')),
  twin('packs/v2/node-pack-manifest', openwop('v2/node-pack-manifest.schema.json')),
  twin('packs/workflow-chain-pack-manifest', registry('workflow-chain-pack-manifest.schema.json')),
  twin('packs/form-content-pack-manifest', registry('form-content-pack-manifest.schema.json')),
  twin('packs/artifact-type-pack-manifest', registry('artifact-type-pack-manifest.schema.json')),
  twin('packs/chat-card-pack-manifest', registry('chat-card-pack-manifest.schema.json')),
  twin('packs/prompt-pack-manifest', registry('prompt-pack-manifest.schema.json')),
  twin('packs/prompt-template', registry('prompt-template.schema.json')),
  twin('packs/prompt-ref', registry('prompt-ref.schema.json')),
  twin('packs/prompt-kind', registry('prompt-kind.schema.json')),
  twin('packs/agent-manifest', registry('agent-manifest.schema.json')),
  twin('packs/pack-lockfile', registry('pack-lockfile.schema.json')),
  twin('packs/registry-version-manifest', registry('registry-version-manifest.schema.json')),
  twin('packs/security-advisory', registry('security-advisory.schema.json')),
  twin('events/envelope.retry.attempted', RUN_EVENTS, true),
  twin('events/envelope.retry.exhausted', RUN_EVENTS, true),
  twin('events/envelope.refusal', RUN_EVENTS, true),
  twin('events/envelope.truncated', RUN_EVENTS, true),
  twin('events/envelope.nlToFormat.engaged', RUN_EVENTS, true),
  twin('events/envelope.recovery.applied', RUN_EVENTS, true),
  twin('events/cap.breached', RUN_EVENTS, true),
  twin('events/node.failed', RUN_EVENTS, true),
  twin('events/log.appended', RUN_EVENTS, true),
  twin('events/model.capability.substituted', RUN_EVENTS, true),
  twin('events/model.capability.insufficient', RUN_EVENTS, true),
  {...twin('v2/certification-bundle', 'certification-bundle.schema.json'), refDir: OPENWOP_V2},
];

/** Bundled schemas with no upstream twin, and why; listed so the report shows nothing was forgotten. */
export const UNTWINNED: Readonly<Partial<Record<BundledSchemaName, string>>> = {
  'foxctl/envelope-v1': 'foxctl publishes no JSON Schema; checked against every golden envelope instead',
  'events/run-event-payloads': 'container of $defs; each member is compared on its own',
  'openwop-config': "the CLI's own configuration file; there is nothing upstream to compare with",
};
