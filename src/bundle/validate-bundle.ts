import type {JsonDocument} from '../io/json-document.js';
import {ReadScope} from '../io/read-scope.js';
import type {FileResult, Finding} from '../core/finding.js';
import type {CheckOutcome} from '../report/outcome.js';
import {UserError} from '../core/user-error.js';
import {ajvFindings} from '../schemas/ajv-findings.js';
import {getValidator} from '../schemas/ajv.js';
import {deriveV2Profiles, V2_PROFILES} from '../v2/profiles.js';
import {NotCanonicalizable} from './canonical-json.js';
import {attestationPayload, documentDigest, witnessDigest} from './digests.js';
import {durabilityProblem} from './durability.js';
import {ed25519Verifies} from './ed25519.js';
import {lookUpKey} from './keys.js';
import {checkLedger} from './ledger.js';
import {obligationFamily, relaxes} from './relaxed.js';
import {DEFAULT_FETCH, type FetchSettings, isUrl, readJsonSource, STDIN} from './read-json-source.js';
import {renderBundleExtras} from './render.js';
import {BUNDLE_RULES} from './rules.js';
import {isObject} from '../core/json.js';
import {arrayAt, quote, recordAt, type Json, type Report} from './view.js';

/** Largest bundle or discovery document read (real bundles are tens to hundreds of KB). */
export const DEFAULT_MAX_BUNDLE_BYTES = 10 * 1024 * 1024;

export interface ValidateBundleOptions {
  cwd: string;
  /** Where files may be read (default: the project root and the folders of the paths named). */
  scope?: ReadScope;
  maxBytes?: number;
  /** --discovery FILE|URL: the host's published discovery document, to look the signing key up in. */
  discovery?: string;
  /** The same, already in hand (probe host --bundle passes the document it fetched); wins over `discovery`. */
  discoveryDocument?: {document: Json; origin: string};
  /** --verifier-keys FILE|URL: a document whose signingKeys[] holds the independent verifier's key. */
  verifierKeys?: string;
  /** --fetch-discovery: fetch the document at the bundle's discovery.url when no other is given. */
  fetchDiscovery?: boolean;
  fetch?: FetchSettings;
  /** Where an input named `-` is read from (default process.stdin). */
  stdin?: AsyncIterable<Buffer | string>;
  /** --stdin-filename: what `-` is called in findings (default `<stdin>`). */
  stdinName?: string;
}

/** The four outcomes of the signature check, kept apart (conformance.md "Bundle v3"). */
export type VerificationOutcome = 'discovery-not-read' | 'key-not-published' | 'signature-invalid' | 'verified';

/** Where the key was looked up: --discovery (or the caller's document), the bundle's own capture, or discovery.url. */
export type KeySource = 'given' | 'captured' | 'fetched';

/** Whether the Ed25519 check passed under the key used, whoever published it; null when no key was usable. */
export type Integrity = 'verified' | 'invalid' | null;

export interface Verification {
  /** `verified` only under a key from a document the host published; a key the bundle carries gives integrity only. */
  outcome: VerificationOutcome;
  integrity: Integrity;
  keyId: string | null;
  keySource: KeySource | null;
  /** The file or URL of the document the key was looked up in (for `captured`: the bundle's /discovery/document). */
  keySourceLocation: string | null;
  retiredAt: string | null;
}

export interface ProfileClaim {
  id: string;
  evidenceTier: unknown;
  claimedCertified: boolean;
  /** null when the captured document was not available to derive from. */
  derivable: boolean | null;
  /** Our verdict: claimed certified and refused by nothing. */
  certified: boolean;
  refusedBy: string[];
}

export interface Claims {
  derivabilityChecked: boolean;
  derived: string[] | null;
  profiles: ProfileClaim[];
}

export interface Digest<T> {
  stated: T | null;
  recomputed: T | null;
  matches: boolean | null;
}

export interface BundleResult extends FileResult {
  host: {name: unknown; version: unknown; build: unknown} | null;
  suite: {version: unknown; targetMajor: unknown} | null;
  verification: Verification | null;
  claims: Claims | null;
  digests: {witnessSha256: Digest<string>; discoverySha256: Digest<string>; assertionCount: Digest<number>; totals: Digest<Record<string, number>>} | null;
}

export type ValidateBundleOutcome = CheckOutcome<BundleResult>;

const BUNDLE_MARKERS = ['bundleVersion', 'results', 'witnessSha256', 'signature'];

/**
 * Verifies a v3 certification bundle (a file or an http(s) URL): schema, ledger, recomputed digests over canonical
 * JSON, the Ed25519 signature against the host's published key, the verifier's signature for independent claims,
 * claims re-derived from the captured discovery document, durability. A bundle that cannot be read, is not JSON or is
 * not a bundle at all is fatal (exit 2); a --discovery or --verifier-keys source that cannot be read is a UserError.
 */
export async function validateBundle(input: string, options: ValidateBundleOptions): Promise<ValidateBundleOutcome> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BUNDLE_BYTES;
  const named = [input, options.discovery, options.verifierKeys].filter((p): p is string => p !== undefined);
  if (named.filter((p) => p === STDIN).length > 1) throw new UserError('standard input (-) can be read once: give it to the bundle, --discovery or --verifier-keys, not to two of them');
  const scope = options.scope ?? new ReadScope({cwd: options.cwd, named: named.filter((p) => p !== STDIN && !isUrl(p)), maxBytes});
  const read = {scope, maxBytes, fetch: options.fetch ?? DEFAULT_FETCH, ...(options.stdin ? {stdin: options.stdin} : {}), ...(options.stdinName ? {stdinName: options.stdinName} : {})};
  const outcome = (result: BundleResult, fatal: boolean): ValidateBundleOutcome => ({
    results: [result],
    fatal,
    summary: {bundles: 1, verified: result.verification?.outcome === 'verified' ? 1 : 0},
    renderExtras: renderBundleExtras,
  });

  const source = await readJsonSource(input, {...read, what: 'certification bundle'});
  if (!source.ok) return outcome(emptyResult(input === STDIN ? source.finding.file : input, [source.finding]), true);
  const {doc, display} = source;
  if (!isObject(doc.value) || !BUNDLE_MARKERS.some((key) => Object.hasOwn(doc.value as Json, key))) {
    const what = Array.isArray(doc.value)
      ? 'an array'
      : isObject(doc.value)
        ? 'an object with none of bundleVersion, results, witnessSha256 or signature'
        : `a JSON ${doc.value === null ? 'null' : typeof doc.value}`;
    return outcome(emptyResult(display, [doc.finding(BUNDLE_RULES.notABundle.id, 'error', `not a certification bundle: the document is ${what}`, '')]), true);
  }
  const given = options.discoveryDocument ?? (options.discovery === undefined ? undefined : await readGiven(options.discovery, read, 'discovery document'));
  const verifierKeys = options.verifierKeys === undefined ? undefined : await readGiven(options.verifierKeys, read, 'verifier key document');
  return outcome(await checkBundle(doc, display, {given, verifierKeys, fetchDiscovery: options.fetchDiscovery === true, read}), false);
}

async function readGiven(location: string, read: Omit<Parameters<typeof readJsonSource>[1], 'what'>, what: string): Promise<{document: Json; origin: string}> {
  const got = await readJsonSource(location, {...read, what});
  if (!got.ok) throw new UserError(`${what} ${location}: ${got.finding.message}`);
  if (!isObject(got.doc.value)) throw new UserError(`${what} ${location}: expected a JSON object`);
  return {document: got.doc.value, origin: location};
}

function emptyResult(file: string, findings: Finding[]): BundleResult {
  return {file, findings, host: null, suite: null, verification: null, claims: null, digests: null};
}

interface CheckContext {
  given?: {document: Json; origin: string};
  verifierKeys?: {document: Json; origin: string};
  fetchDiscovery: boolean;
  read: Omit<Parameters<typeof readJsonSource>[1], 'what'>;
}

async function checkBundle(doc: JsonDocument, file: string, ctx: CheckContext): Promise<BundleResult> {
  const bundle = doc.value as Json;
  const findings: Finding[] = [];
  const report: Report = (rule, message, pointer, severity) => findings.push(doc.finding(BUNDLE_RULES[rule].id, severity ?? BUNDLE_RULES[rule].severity, message, pointer));
  const host = recordAt(bundle.host);
  const suite = recordAt(bundle.suite);
  const result: BundleResult = {
    ...emptyResult(file, findings),
    host: {name: host.name ?? null, version: host.version ?? null, build: host.build ?? null},
    suite: {version: suite.version ?? null, targetMajor: suite.targetMajor ?? null},
  };
  findings.push(...doc.problemFindings());
  if (bundle.bundleVersion !== '3') {
    report('unsupportedVersion', `bundleVersion is ${quote(bundle.bundleVersion)}; only v3 bundles ("3") are signed and can be verified (v1 and v2 bundles are never upgraded)`, '/bundleVersion');
    return result;
  }
  const schemaOk = checkSchema(bundle, doc, report, findings);

  const ledger = checkLedger(bundle, report);
  const witness = checkWitness(bundle, ledger.rows, report);
  const discovery = recordAt(bundle.discovery);
  const captured = capturedDocument(discovery, ctx.given, report);
  const keyIdsAgree = checkSigningKeyId(bundle, report);
  const signature = await checkSignature(bundle, ctx, captured, report);
  const verifierOk = checkVerifier(bundle, ctx.verifierKeys, report);
  const durabilityOk = bundle.durability === undefined || checkDurability(bundle, ledger.rows, report);

  // A rejection that names no profile voids every claim (conformance.md, "Bundle v3"): which ones, so the report can
  // say why.
  const voidedBy = [
    ...(schemaOk ? [] : ['schema']),
    ...(ledger.broken ? ['ledger'] : []),
    ...(witness.matches ? [] : ['witness-digest']),
    ...(captured.matches === false ? ['discovery-digest'] : []),
    ...(keyIdsAgree ? [] : ['signing-key-id']),
    ...(signature.outcome === 'verified' ? [] : [signature.integrity === 'verified' ? 'unattributed' : 'signature']),
    ...(verifierOk ? [] : ['verifier']),
    ...(durabilityOk ? [] : ['durability']),
  ];
  result.verification = signature;
  result.claims = checkClaims(bundle, captured, {voidedBy, blocked: ledger.totals.blocked ?? 0}, report);
  const statedTotals = recordAt(recordAt(bundle.results).totals);
  result.digests = {
    witnessSha256: {stated: stringOr(bundle.witnessSha256), recomputed: witness.recomputed, matches: witness.recomputed === null ? null : witness.matches},
    discoverySha256: {stated: stringOr(discovery.sha256), recomputed: captured.recomputed, matches: captured.matches},
    assertionCount: {stated: typeof bundle.assertionCount === 'number' ? bundle.assertionCount : null, recomputed: ledger.assertions, matches: bundle.assertionCount === ledger.assertions},
    totals: {
      stated: statedTotals as Record<string, number>,
      recomputed: ledger.totals,
      matches: Object.entries(ledger.totals).every(([k, v]) => statedTotals[k] === v),
    },
  };
  return result;
}

const stringOr = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function checkWitness(bundle: Json, rows: readonly Json[], report: Report): {recomputed: string | null; matches: boolean} {
  const relaxations = arrayAt(recordAt(bundle.host).relaxations);
  let recomputed: string;
  try {
    recomputed = witnessDigest(rows, relaxations);
  } catch (error) {
    if (!(error instanceof NotCanonicalizable)) throw error;
    report('witnessDigest', `witnessSha256 cannot be recomputed: in the rows, ${error.message}`, '/witnessSha256');
    return {recomputed: null, matches: false};
  }
  if (recomputed === bundle.witnessSha256) return {recomputed, matches: true};
  if (witnessDigest(rows, relaxations, 'locale') === bundle.witnessSha256) {
    report('witnessLocaleOrder', "witnessSha256 recomputes only with the rows sorted by localeCompare, not by code units; another machine's locale data may not reproduce it", '/witnessSha256');
    return {recomputed: bundle.witnessSha256, matches: true};
  }
  const preimage = relaxations.length > 0 ? "the rows sorted by id and the host's relaxations" : 'the rows sorted by id';
  report(
    'witnessDigest',
    `witnessSha256 is ${quote(bundle.witnessSha256)}, but the canonical JSON of ${preimage} hashes to ${recomputed}: the ledger is not the one the digest (and so the signature) covers`,
    '/witnessSha256',
  );
  return {recomputed, matches: false};
}

interface Captured {
  /** The document the run captured, when the reader has it: the bundle's own, or a given one with the same digest. */
  document?: Json;
  recomputed: string | null;
  /** null when there was no document to compare. */
  matches: boolean | null;
}

function capturedDocument(discovery: Json, given: CheckContext['given'], report: Report): Captured {
  const embedded = discovery.document;
  if (isObject(embedded)) {
    let recomputed: string;
    try {
      recomputed = documentDigest(embedded);
    } catch (error) {
      if (!(error instanceof NotCanonicalizable)) throw error;
      report('discoveryDigest', `discovery.document cannot be digested: ${error.message}`, '/discovery/document');
      return {recomputed: null, matches: false};
    }
    if (recomputed === discovery.sha256) return {document: embedded, recomputed, matches: true};
    report(
      'discoveryDigest',
      `discovery.document hashes to ${recomputed} (canonical JSON), not to the signed discovery.sha256 ${quote(discovery.sha256)}: the captured document was changed`,
      '/discovery/sha256',
    );
    return {recomputed, matches: false};
  }
  if (given !== undefined) {
    const recomputed = safeDigest(given.document);
    if (recomputed !== null && recomputed === discovery.sha256) return {document: given.document, recomputed, matches: true};
  }
  return {recomputed: null, matches: null};
}

function safeDigest(document: Json): string | null {
  try {
    return documentDigest(document);
  } catch (error) {
    if (error instanceof NotCanonicalizable) return null;
    throw error;
  }
}

/** host.signingKeyId, when present, must name the key the bundle is signed with. */
function checkSigningKeyId(bundle: Json, report: Report): boolean {
  const signingKeyId = recordAt(bundle.host).signingKeyId;
  const keyId = recordAt(bundle.signature).keyId;
  if (signingKeyId === undefined || signingKeyId === keyId) return true;
  report('signingKeyId', `host.signingKeyId is ${quote(signingKeyId)} but the bundle is signed with signature.keyId ${quote(keyId)}`, '/host/signingKeyId');
  return false;
}

/** The bytes both signatures cover, or undefined when a stated field cannot be written as canonical JSON. */
function signedBytes(bundle: Json): Buffer | undefined {
  try {
    return attestationPayload({
      witnessSha256: bundle.witnessSha256,
      build: recordAt(bundle.host).build,
      suiteVersion: recordAt(bundle.suite).version,
      discoverySha256: recordAt(bundle.discovery).sha256,
    });
  } catch (error) {
    if (error instanceof NotCanonicalizable) return undefined;
    throw error;
  }
}

/**
 * The four outcomes (openwop spec v2 conformance.md, "Bundle v3"). The key is attributed to the host only when it comes
 * from a document the host published: --discovery (or the caller's), or discovery.url with --fetch-discovery. Without
 * one, a key the bundle's own capture carries proves integrity, never who signed: outcome discovery-not-read, with
 * integrity recorded.
 */
async function checkSignature(bundle: Json, ctx: CheckContext, captured: Captured, report: Report): Promise<Verification> {
  const signature = recordAt(bundle.signature);
  const keyId = typeof signature.keyId === 'string' ? signature.keyId : null;
  const payload = signedBytes(bundle);
  const verification = (outcome: VerificationOutcome, integrity: Integrity, at: {kind: KeySource; origin: string} | null = null, retiredAt: string | null = null): Verification => ({
    outcome,
    integrity,
    keyId,
    keySource: at?.kind ?? null,
    keySourceLocation: at?.origin ?? null,
    retiredAt,
  });
  const published = await publishedDocument(bundle, ctx, report);
  if (published === undefined || published === 'failed') return integrityOnly(bundle, captured, payload, published === 'failed', verification, report);

  const where = published.kind === 'fetched' ? `the discovery document fetched from ${published.origin}` : `the discovery document ${published.origin}`;
  const digest = safeDigest(published.document);
  if (digest !== recordAt(bundle.discovery).sha256)
    report(
      'discoveryDiffers',
      `${where} is not the one the run captured (digest ${digest ?? 'not computable'}, the bundle's ${quote(recordAt(bundle.discovery).sha256)}); the host has changed it since, or it is another host's`,
      '/discovery/sha256',
    );
  const found = lookUpKey(published.document, signature.keyId);
  if (!found.found) {
    const message =
      found.reason === 'unusable'
        ? `signature.keyId ${quote(signature.keyId)} is in the signingKeys[] of ${where}, published but unusable: ${found.problem}; no signature was checked`
        : `signature.keyId ${quote(signature.keyId)} is not among the signingKeys[] of ${where}: the signature cannot be attributed to the host`;
    report('keyNotPublished', message, '/signature/keyId');
    return verification('key-not-published', null, published);
  }
  if (payload === undefined || !ed25519Verifies(found.key, payload, signature.sig)) {
    report('signatureInvalid', `the Ed25519 signature does not verify under key ${quote(keyId)} of ${where}: ${TAMPERED}`, '/signature/sig');
    return verification('signature-invalid', 'invalid', published, found.retiredAt ?? null);
  }
  report('verified', `the signature verifies under key ${quote(keyId)} published in ${where}`, '/signature');
  reportRetired(bundle, keyId, found.retiredAt, report);
  return verification('verified', 'verified', published, found.retiredAt ?? null);
}

const TAMPERED = 'witnessSha256, host.build, suite.version or discovery.sha256 changed after signing, or the signature or key did';

const ATTRIBUTE = "give the host's published document with --discovery FILE|URL, or allow --fetch-discovery";

/**
 * No published document: check the signature under the key the bundle's own capture carries (RFC 0224 §B.6), used
 * only from a capture that matches the signed discovery.sha256 and only when its use is certification-bundle.
 */
function integrityOnly(
  bundle: Json,
  captured: Captured,
  payload: Buffer | undefined,
  fetchFailed: boolean,
  verification: (outcome: VerificationOutcome, integrity: Integrity, at?: {kind: KeySource; origin: string} | null, retiredAt?: string | null) => Verification,
  report: Report,
): Verification {
  const notRead = (message: string, pointer: string): Verification => {
    if (!fetchFailed) report('discoveryNotRead', message, pointer);
    return verification('discovery-not-read', null);
  };
  const embedded = recordAt(bundle.discovery).document;
  if (!isObject(embedded))
    return notRead(`the bundle carries no discovery.document and no other was given: the signing key was not looked up and the signature not checked (${ATTRIBUTE})`, '/discovery');
  if (captured.matches !== true)
    return notRead(`the captured discovery.document does not match the signed discovery.sha256, so no key is taken from it and the signature was not checked (${ATTRIBUTE})`, '/discovery/document');
  const keyId = recordAt(bundle.signature).keyId;
  const found = lookUpKey(embedded, keyId, {requireUse: true});
  if (!found.found) {
    const why = found.reason === 'unusable' ? `publishes it but it is unusable: ${found.problem}` : 'does not list it';
    return notRead(`signature.keyId ${quote(keyId)} was looked up in the bundle's own captured document only, which ${why}; the signature was not checked (${ATTRIBUTE})`, '/signature/keyId');
  }
  const at = {kind: 'captured' as const, origin: '/discovery/document'};
  if (payload === undefined || !ed25519Verifies(found.key, payload, recordAt(bundle.signature).sig)) {
    report('signatureInvalid', `the Ed25519 signature does not verify even under key ${quote(keyId)} that the bundle's own captured document carries: ${TAMPERED}`, '/signature/sig');
    return verification('signature-invalid', 'invalid', at, found.retiredAt ?? null);
  }
  report(
    'keyUnattributed',
    `the signature verifies under key ${quote(keyId)}, but only the bundle's own captured document carries that key: this proves the bundle was not changed after signing, not who signed it (${ATTRIBUTE})`,
    '/signature/keyId',
  );
  reportRetired(bundle, keyId, found.retiredAt, report);
  return verification('discovery-not-read', 'verified', at, found.retiredAt ?? null);
}

function reportRetired(bundle: Json, keyId: unknown, retiredAt: string | undefined, report: Report): void {
  if (retiredAt === undefined) return;
  const after = typeof bundle.generatedAt === 'string' && Date.parse(bundle.generatedAt) > Date.parse(retiredAt);
  report(
    'keyRetired',
    `key ${quote(keyId)} was retired at ${quote(retiredAt)}${after ? `, before the bundle says it was generated (${quote(bundle.generatedAt)}, which is not signed)` : ''}`,
    '/signature/keyId',
  );
}

/**
 * A document the host published, to attribute the key: --discovery (or the caller's), else discovery.url when
 * --fetch-discovery allows it. undefined when there is none to read; 'failed' when fetching it failed (reported).
 */
async function publishedDocument(bundle: Json, ctx: CheckContext, report: Report): Promise<{kind: KeySource; document: Json; origin: string} | 'failed' | undefined> {
  if (ctx.given !== undefined) return {kind: 'given', ...ctx.given};
  if (!ctx.fetchDiscovery) return undefined;
  const url = recordAt(bundle.discovery).url;
  if (typeof url !== 'string' || !isUrl(url)) {
    report('discoveryNotRead', `discovery.url ${quote(url)} is not an http(s) URL, so no discovery document could be fetched`, '/discovery/url');
    return 'failed';
  }
  const major = recordAt(bundle.suite).targetMajor;
  const got = await readJsonSource(url, {...ctx.read, what: 'discovery document', headers: {'openwop-version': String(major === 1 ? 1 : 2)}});
  if (!got.ok) {
    report('discoveryNotRead', `the discovery document at discovery.url could not be read: ${got.finding.message}`, '/discovery/url');
    return 'failed';
  }
  if (!isObject(got.doc.value)) {
    report('discoveryNotRead', `${url} did not answer with a JSON object`, '/discovery/url');
    return 'failed';
  }
  return {kind: 'fetched', document: got.doc.value, origin: url};
}

/**
 * Whether the verifier's signature stands; only asked when some profile claims the independent tier. A rejection here
 * names no profile, so it voids every claim of the bundle, not only the independent ones (conformance.md, "Bundle v3").
 */
function checkVerifier(bundle: Json, keys: CheckContext['verifierKeys'], report: Report): boolean {
  if (!arrayAt(bundle.claimedProfiles).some((p) => isObject(p) && p.evidenceTier === 'independent')) return true;
  const verifier = bundle.verifierSignature;
  if (!isObject(verifier)) return false; // the schema already says it is required
  const hostKeys: unknown[] = [recordAt(bundle.signature).keyId, recordAt(bundle.host).signingKeyId];
  if (verifier.keyId !== undefined && hostKeys.includes(verifier.keyId)) {
    report(
      'verifierSameKey',
      `verifierSignature.keyId ${quote(verifier.keyId)} is the host's own signing key (signature.keyId or host.signingKeyId); an independent claim needs another party's`,
      '/verifierSignature/keyId',
    );
    return false;
  }
  if (keys === undefined) {
    report(
      'verifierKeyUnavailable',
      `the verifier's key ${quote(verifier.keyId)} was not looked up (give the verifier's published signingKeys with --verifier-keys FILE|URL); independent claims are not certified`,
      '/verifierSignature/keyId',
    );
    return false;
  }
  const found = lookUpKey(keys.document, verifier.keyId);
  if (!found.found) {
    report(
      'verifierKeyUnavailable',
      `the verifier's key ${quote(verifier.keyId)} is not usable in ${keys.origin}: ${found.reason === 'unusable' ? found.problem : 'no signingKeys[] entry has that keyId'}`,
      '/verifierSignature/keyId',
    );
    return false;
  }
  const payload = signedBytes(bundle);
  if (payload === undefined || !ed25519Verifies(found.key, payload, verifier.sig)) {
    report('verifierSignatureInvalid', `verifierSignature does not verify under key ${quote(verifier.keyId)} of ${keys.origin}`, '/verifierSignature/sig');
    return false;
  }
  return true;
}

function checkDurability(bundle: Json, rows: readonly Json[], report: Report): boolean {
  const rung = recordAt(bundle.durability).rung;
  const problem = durabilityProblem(rung, rows);
  if (problem !== undefined) report('durability', `durability rung ${quote(rung)} is not derivable from the signed rows (rung-not-derivable): ${problem}`, '/durability/rung');
  return problem === undefined;
}

const KNOWN_PROFILES = new Set(V2_PROFILES.map((p) => p.id));

function checkClaims(bundle: Json, captured: Captured, state: {voidedBy: readonly string[]; blocked: number}, report: Report): Claims {
  const targetMajor = recordAt(bundle.suite).targetMajor;
  const derived = captured.document !== undefined && targetMajor === 2 ? deriveV2Profiles(captured.document) : null;
  const relaxations = arrayAt(recordAt(bundle.host).relaxations).filter(isObject);
  const claimed = arrayAt(bundle.claimedProfiles);
  const profiles: ProfileClaim[] = [];
  const certifiedIds: string[] = [];
  claimed.forEach((claim, i) => {
    if (!isObject(claim) || typeof claim.id !== 'string') return;
    const id = claim.id;
    const at = `/claimedProfiles/${i}`;
    const claimedCertified = claim.certified === true;
    const refusedBy: string[] = [];
    const derivable = derived === null ? null : derived.includes(id);
    if (claimedCertified) {
      certifiedIds.push(id);
      if (derived !== null && !derivable) {
        refusedBy.push('not-derivable');
        report(
          'profileNotDerivable',
          KNOWN_PROFILES.has(id)
            ? `${quote(id)} is claimed as certified, but the captured discovery document does not imply it (${missingFor(id, captured.document as Json)})`
            : `${quote(id)} is claimed as certified, but it is not a v2 profile`,
          `${at}/certified`,
        );
      }
      const relaxed = relaxations.find((r) => relaxes(r.obligation, id));
      if (relaxed) {
        refusedBy.push('relaxed');
        report(
          'relaxedCertified',
          `${quote(id)} is claimed as certified although the operator relaxed ${quote(relaxed.obligation)}, of family ${quote(obligationFamily(relaxed.obligation))}, which the profile rests on (${quote(relaxed.reason)})`,
          `${at}/certified`,
        );
      }
      if (state.blocked > 0) refusedBy.push('blocked');
      refusedBy.push(...state.voidedBy);
    }
    profiles.push({id, evidenceTier: claim.evidenceTier ?? null, claimedCertified, derivable, certified: claimedCertified && refusedBy.length === 0, refusedBy});
  });
  if (state.blocked > 0 && certifiedIds.length > 0) {
    report(
      'blockedCertified',
      `results.totals.blocked is ${state.blocked}, yet ${certifiedIds.map((id) => quote(id)).join(', ')} ${certifiedIds.length === 1 ? 'is' : 'are'} claimed as certified: a bundle with blocked rows certifies nothing`,
      '/results/totals/blocked',
    );
  }
  for (const [i, r] of relaxations.entries()) {
    if (!claimed.some((c) => isObject(c) && typeof c.id === 'string' && relaxes(r.obligation, c.id))) {
      report(
        'relaxedCertified',
        `relaxation ${quote(r.obligation)} belongs to no claimed profile (its family ${quote(obligationFamily(r.obligation) ?? null)} is in none of their predicates), so which certification it weakens cannot be told`,
        `/host/relaxations/${i}`,
        'warning',
      );
    }
  }
  if (derived === null && certifiedIds.length > 0) {
    const why =
      targetMajor !== 2
        ? `the suite targeted protocol major ${quote(targetMajor)}, whose profiles are not derived here`
        : 'the bundle carries no discovery.document (and no document given has its digest)';
    if (captured.matches !== false) report('claimsUnchecked', `the certified profiles cannot be re-derived: ${why}; they are the emitter's claim only`, '/claimedProfiles');
  }
  for (const id of derived ?? []) {
    if (!claimed.some((c) => isObject(c) && c.id === id)) report('profileNotClaimed', `the captured document implies ${quote(id)}, which claimedProfiles does not list`, '/claimedProfiles', 'info');
  }
  return {derivabilityChecked: derived !== null, derived, profiles};
}

function missingFor(id: string, document: Json): string {
  const profile = V2_PROFILES.find((p) => p.id === id);
  if (!profile) return 'unknown profile';
  const missing = [...profile.families.filter((f) => !isObject(document[f])).map((f) => `family ${f}`), ...profile.metadata.filter((m) => document[m] === undefined).map((m) => `metadata ${m}`)];
  return `missing ${missing.join(', ')}`;
}

/**
 * The registry defines three profiles; a bundle claiming more than this many is refused before the schema runs, because
 * the schema's `uniqueItems` on claim objects costs n² comparisons (20,000 claims in a 1.6 MB bundle took 22 s).
 */
export const MAX_CLAIMED_PROFILES = 64;

function checkSchema(bundle: Json, doc: JsonDocument, report: Report, findings: Finding[]): boolean {
  const claims = bundle.claimedProfiles;
  if (Array.isArray(claims) && claims.length > MAX_CLAIMED_PROFILES) {
    report(
      'schema',
      `claimedProfiles lists ${claims.length} profiles; the registry defines ${V2_PROFILES.length}, and a bundle claiming more than ${MAX_CLAIMED_PROFILES} is not checked further against the schema`,
      '/claimedProfiles',
    );
    return false;
  }
  const validate = getValidator('v2/certification-bundle');
  if (validate(bundle)) return true;
  findings.push(...ajvFindings(validate.errors, doc, {rule: BUNDLE_RULES.schema, base: '', value: bundle}));
  return false;
}
