/**
 * `openwop probe host` as a library: fetch a host's /.well-known/openwop and check its advertisement (the OpenWOP
 * capabilities document). Nothing here imports undici at load time; it is imported when a request is made.
 */
export {checkAdvertisement, type AdvertisementResult} from './advertisement.js';
export {buildAdvertView, type AdvertView} from './advert-view.js';
export {tierOneLevel, type TierOneLevel} from './checks/envelopes-block.js';
export {discoveryUrl, WELL_KNOWN_PATH} from '../capabilities/discovery-url.js';
export {probeHost, type ProbeHostOptions, type ProbeOutcome, type ProbeResult, type ProtocolReport} from './probe-host.js';
export {type ProtocolRequest} from './v2/negotiate.js';
export {type NegotiationCheck} from './v2/negotiation-probes.js';
export {deriveProfiles, PROFILE_RULES} from './profiles.js';
export {renderProbeExtras} from './render.js';
export {PROBE_RULES} from './rules.js';
export {DEFAULT_MAX_SCHEMAS, DEFAULT_SCHEMAS_DEADLINE_MS} from './schema-limits.js';
