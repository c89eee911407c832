import type {DocumentMajor} from '../v2/document-major.js';
import type {HostProfile} from './host.js';
import type {KindSchemas} from './kind-schemas.js';

/** What every envelope of a run is checked against. */
export interface EnvelopeRunContext {
  /** --strict: unknown kinds, naming and foxctl drift are errors; envelopeStrictness is treated as strict. */
  strict: boolean;
  /** The protocol major whose AIEnvelope schema checks the wrapper. */
  major: DocumentMajor;
  host?: HostProfile;
  kinds: KindSchemas;
}

/** Cheap raw-text tests, run once per parsed document, that decide whether its string values need a walk. */
export interface DocScan {
  secrets: boolean;
  markers: boolean;
  /** A credential-named key (foxctl); computed on first need. */
  credentialKeys?: boolean;
}

/** Names an envelope for a message: "line 12" in a stream, "/3" in a JSON array, "the envelope" for a lone one. */
export type RefName = (ref: number) => string;
