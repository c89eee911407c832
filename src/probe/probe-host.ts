import {resolve} from 'node:path';
import {projectRoot} from '../config/load.js';
import type {ReadScope} from '../io/read-scope.js';
import {checkWritable, writeFileSafely, type SafeWriteOptions} from '../io/safe-write.js';
import type {CheckOutcome} from '../report/outcome.js';
import {JsonDocument} from '../io/json-document.js';
import type {FileResult, Finding} from '../core/finding.js';
import {UserError} from '../core/user-error.js';
import {type AdvertisementResult, checkAdvertisement} from './advertisement.js';
import {isObject} from '../core/json.js';
import {isCapabilitiesUrl, loadCapabilities} from '../capabilities/load.js';
import {startCheckRun} from './checks/context.js';
import {tierOneLevel, type TierOneLevel} from './checks/envelopes-block.js';
import {compareAdvertisements, type CompareChange} from './compare.js';
import {buildCredentials} from './credentials.js';
import {discoveryUrl} from '../capabilities/discovery-url.js';
import {fatalFinding, type FetchSettings} from './fetch-discovery.js';
import {DEFAULT_HTTP} from '../io/http-get.js';
import {contentTypeFinding, httpSummary, type HttpSummary} from './http-metadata.js';
import {Redactor, REDACTED} from '../report/redact.js';
import {PROBE_RULES} from './rules.js';
import {appendAll} from '../io/append-all.js';
import {tooManyArrayItems} from '../io/array-items.js';
import {checkV2Advertisement} from './v2/check-v2.js';
import {chooseMajor, type Exchange, fetchDocument, type ProtocolRequest, type Report, VERSION_HEADER} from './v2/negotiate.js';
import {type NegotiationCheck, probeNegotiation} from './v2/negotiation-probes.js';

export interface ProbeHostOptions {
  cwd: string;
  /** `NAME:VALUE` request headers, sent to the probed origin only. */
  headers?: readonly string[];
  /** Name of an environment variable holding a bearer token. */
  tokenEnv?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  connectTimeoutMs?: number;
  maxBytes?: number;
  insecure?: boolean;
  followCrossOrigin?: boolean;
  lintSchemas?: boolean;
  /** --max-schemas: kinds whose schema --lint-schemas fetches at most. */
  maxSchemas?: number;
  /** --deadline: one overall time limit for --lint-schemas' fetches, in ms. */
  deadlineMs?: number;
  /** Write the fetched document here (never over an existing file unless `force`). */
  save?: string;
  force?: boolean;
  /** A saved document (file or URL) to diff the host's advertisement against. */
  compare?: string;
  /** Where `compare` may be read from, and how large it may be (default: as named, 100 MB). */
  scope?: ReadScope;
  onProgress?: (text: string) => void;
  /** --protocol: the major to ask for (default auto: 2, falling back to 1). */
  protocol?: ProtocolRequest;
  /** --no-negotiation: false skips the extra negotiation requests (406, <major>.0, 304, 426). */
  negotiation?: boolean;
  /** --bundle: verify the certification bundle the document names (conformance.certificationBundleUrl). */
  bundle?: boolean;
  /** For `until` dates: the day the probe runs (default: today, UTC). */
  now?: Date;
}

/** What was asked for, what came back, and the major the document was checked as (the `protocol` JSON field). */
export interface ProtocolReport {
  requested: ProtocolRequest;
  /** The OpenWOP-Version sent with the request whose answer was checked (null: sent without it). */
  asked: string | null;
  /** That answer's OpenWOP-Version header. */
  answered: string | null;
  major: 1 | 2 | null;
  reason: string;
  /** Every request for the document, in order (two when auto fell back after a 406). */
  attempts: Exchange[];
  /** The extra negotiation requests; empty with --no-negotiation or for a host from before negotiation. */
  negotiation: NegotiationCheck[];
}

/** One probed host, as `--format json` shows it: the report's common fields plus the HTTP exchange. */
export interface ProbeResult extends FileResult {
  url: string;
  /** HTTP status of the final answer; null when the host never answered. */
  status: number | null;
  profiles: string[];
  /** The document as served (credentials redacted); null when none could be read. */
  discovery: Record<string, unknown> | null;
  http: HttpSummary | null;
  protocol: ProtocolReport;
  tierOneSubsetCompliance?: TierOneLevel;
  saved?: string;
  /** `changes` counts `list`: one entry per kind, schema version, limit or family leaf that differs. */
  compare?: {against: string; changes: number; list: CompareChange[]};
}

/** `fatal`: the advertisement could not be read (unreachable, timeout, HTTP error, not JSON): exit 2. */
export interface ProbeOutcome extends CheckOutcome {
  summary: Record<string, unknown>;
}

/**
 * `openwop probe host` as a library call. Usage mistakes (bad URL, unset token variable, an existing --save file)
 * throw UserError; everything about the host comes back as findings, fatal ones included, so a JSON report always
 * has its shape. No credential survives into the outcome, an error message or a saved file.
 */
export async function probeHost(input: string, options: ProbeHostOptions): Promise<ProbeOutcome> {
  const credentials = buildCredentials({headers: options.headers, tokenEnv: options.tokenEnv, env: options.env});
  const redactor = new Redactor(credentials.secrets);
  try {
    return redactor.value(await probe(input, options, credentials.headers, redactor));
  } catch (error) {
    if (error instanceof UserError) throw new UserError(redactor.text(error.message), error.hint && redactor.text(error.hint));
    if (error instanceof Error) error.message = redactor.text(error.message);
    throw error;
  }
}

async function probe(input: string, options: ProbeHostOptions, credentialHeaders: Record<string, string>, redactor: Redactor): Promise<ProbeOutcome> {
  const target = discoveryUrl(input);
  const settings = fetchSettings(options, credentialHeaders);
  // Checked before the host is even asked, so a refused --save costs no request.
  if (options.save !== undefined) checkWritable(resolve(options.cwd, options.save), saveOptions(options.save, options));
  // A saved file is read before the host is asked (a missing one costs no request); a URL is fetched once the probe
  // knows which major to ask it for.
  const compareUrl = options.compare !== undefined && isCapabilitiesUrl(options.compare);
  let saved = options.compare === undefined || compareUrl ? undefined : await loadCapabilities(options.compare, options.cwd, options.scope);
  const requested = options.protocol ?? 'auto';
  const protocol: ProtocolReport = {requested, asked: null, answered: null, major: null, reason: 'no document was read', attempts: [], negotiation: []};
  const result: ProbeResult = {file: target.url, findings: [], url: target.url, status: null, profiles: [], discovery: null, http: null, protocol};
  let bundles = 0;
  let bundleFatal = false;
  const outcome = (fatal: boolean, extra: FileResult[] = []): ProbeOutcome => ({
    results: [result, ...extra],
    fatal,
    summary: {hosts: 1, reachable: result.status !== null, profiles: result.profiles, schemasLinted: extra.length - bundles, ...(options.bundle ? {bundles} : {})},
  });

  options.onProgress?.(`Fetching ${target.url}`);
  const fetched = await fetchDocument(target.url, settings, requested);
  const got = fetched.got;
  protocol.attempts = fetched.attempts;
  protocol.asked = fetched.asked;
  protocol.answered = got.response?.headers[VERSION_HEADER] ?? null;
  if (got.response) {
    result.status = got.response.status;
    result.http = httpSummary(got.response);
  }
  if (!got.ok) {
    result.findings.push(got.finding);
    return outcome(true);
  }

  const doc = JsonDocument.parse(got.text, {file: target.url});
  if (!doc.parsed) {
    appendAll(result.findings, unreadable(doc));
    return outcome(true);
  }
  const contentType = contentTypeFinding(got.response.headers['content-type'], doc);
  if (contentType) result.findings.push(contentType);
  const leak = redactor.firstLeak(got.text);
  if (leak) {
    const at = doc.rangeAt(leak.offset, leak.length);
    result.findings.push({
      ruleId: PROBE_RULES.secretEchoed.id,
      severity: 'error',
      message: `the response contains the credential this probe sent (shown as ${REDACTED}): the host echoes request headers into what it serves`,
      file: target.url,
      pointer: '',
      ...at,
    });
  }

  let advert: AdvertisementResult;
  if (isObject(doc.value)) {
    const report: Report = (rule, severity, message, pointer) => result.findings.push(doc.finding(PROBE_RULES[rule].id, severity, message, pointer));
    const root = doc.value;
    const choice = chooseMajor({requested, fetched, root, report});
    protocol.major = choice.major;
    protocol.reason = choice.reason;
    const tooLarge = tooManyArrayItems(root);
    if (tooLarge) advert = {findings: [doc.finding(PROBE_RULES.tooManyItems.id, 'error', tooLarge.message, tooLarge.pointer)], profiles: []};
    else advert = choice.major === 2 ? checkV2Advertisement(doc, root, {today: (options.now ?? new Date()).toISOString().slice(0, 10)}) : checkAdvertisement(doc);
    if (choice.negotiates && options.negotiation !== false) {
      options.onProgress?.('Checking version negotiation');
      protocol.negotiation = await probeNegotiation({url: target.url, settings, major: choice.major, asked: fetched.asked, answered: protocol.answered, root, etag: got.response.headers.etag, report});
    }
  } else advert = checkAdvertisement(doc);
  appendAll(result.findings, advert.findings);
  result.profiles = advert.profiles;
  result.discovery = advert.view ? advert.view.root : null;
  const extra: FileResult[] = [];
  if (advert.view) {
    result.tierOneSubsetCompliance = tierOneLevel(advert.view.effective);
    const run = startCheckRun(doc, advert.view);
    if (compareUrl)
      saved = await loadCapabilities(options.compare as string, options.cwd, options.scope, {
        major: protocol.major ?? undefined,
        fetch: compareSettings(settings, target.url, options.compare as string),
      });
    if (saved) {
      const list = compareAdvertisements(run.ctx, protocol.major ?? 1, {document: saved.document, major: saved.major});
      result.compare = {against: saved.origin, changes: list.length, list};
    }
    if (options.lintSchemas) {
      const {lintServedSchemas} = await import('./lint-schemas.js');
      const linted = await lintServedSchemas({
        ctx: run.ctx,
        base: target.base,
        level: result.tierOneSubsetCompliance,
        settings,
        cwd: options.cwd,
        maxSchemas: options.maxSchemas,
        deadlineMs: options.deadlineMs,
        onProgress: options.onProgress,
      });
      extra.push(...linted.results);
    }
    if (options.bundle) {
      options.onProgress?.('Verifying the certification bundle');
      const {checkPublishedBundle} = await import('./published-bundle.js');
      const checked = await checkPublishedBundle({root: advert.view.root, discoveryUrl: target.url, base: target.base, settings, cwd: options.cwd, report: run.ctx.reportInDocument});
      extra.push(...checked.results);
      bundles = checked.results.length;
      bundleFatal = checked.fatal;
    }
    appendAll(result.findings, run.findings);
  }
  if (options.save !== undefined) result.saved = await writeFileSafely(resolve(options.cwd, options.save), redactor.jsonText(got.text), saveOptions(options.save, options));
  return outcome(bundleFatal, extra);
}

/**
 * --save never replaces an existing file without --force. With --force it may replace the --compare file: comparing
 * against the last saved document and saving the new one is one run.
 */
function saveOptions(file: string, options: ProbeHostOptions): SafeWriteOptions {
  return {mode: 'replace', exclusive: !options.force, label: `--save ${file}`, folderRoot: projectRoot(options.cwd)};
}

const MAX_TIMER_MS = 2_147_483_647;

function fetchSettings(options: ProbeHostOptions, credentialHeaders: Record<string, string>): FetchSettings {
  const positive = (name: string, value: number | undefined, fallback: number): number => {
    if (value === undefined) return fallback;
    // Node fires a timer longer than 2^31-1 ms at once, so a huge --timeout would mean no time at all.
    if (!Number.isInteger(value) || value < 1 || value > MAX_TIMER_MS) throw new UserError(`${name} must be a whole number from 1 to ${MAX_TIMER_MS}, got ${value}`);
    return value;
  };
  return {
    ...DEFAULT_HTTP,
    timeoutMs: positive('--timeout', options.timeoutMs, DEFAULT_HTTP.timeoutMs),
    connectTimeoutMs: positive('--connect-timeout', options.connectTimeoutMs, DEFAULT_HTTP.connectTimeoutMs),
    maxBytes: positive('--max-bytes', options.maxBytes, DEFAULT_HTTP.maxBytes),
    insecure: options.insecure ?? false,
    followCrossOrigin: options.followCrossOrigin ?? false,
    credentialHeaders,
  };
}

/**
 * The probe's own limits for a --compare URL. Its credentials go along only when that URL is on the probed host's
 * origin: a saved copy elsewhere (a CI artefact store, a colleague's host) must never see them.
 */
function compareSettings(settings: FetchSettings, probed: string, compare: string): FetchSettings {
  const sameOrigin = URL.canParse(compare) && new URL(compare).origin === new URL(probed).origin;
  return sameOrigin ? settings : {...settings, credentialHeaders: {}};
}

/** A body that is not JSON at all is a transport-level failure for the probe: say where it breaks. */
function unreadable(doc: JsonDocument): Finding[] {
  return doc.problemFindings().map((f) =>
    f.ruleId === 'json/syntax'
      ? {
          ...fatalFinding('notJson', `the response is not valid JSON: ${f.message.replace(/^invalid JSON: /, '')}`, f.file),
          line: f.line,
          column: f.column,
          endLine: f.endLine,
          endColumn: f.endColumn,
        }
      : f,
  );
}
