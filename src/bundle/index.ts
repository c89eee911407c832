export {canonicalJson, NotCanonicalizable, sha256Hex} from './canonical-json.js';
export {attestationPayload, documentDigest, witnessDigest} from './digests.js';
export {renderBundleExtras} from './render.js';
export {BUNDLE_RULE_LIST, BUNDLE_RULES} from './rules.js';
export {
  type BundleResult,
  type Claims,
  DEFAULT_MAX_BUNDLE_BYTES,
  type KeySource,
  type ProfileClaim,
  validateBundle,
  type ValidateBundleOptions,
  type ValidateBundleOutcome,
  type Verification,
  type VerificationOutcome,
} from './validate-bundle.js';
