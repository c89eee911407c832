import type {ErrorObject} from 'ajv';
import type {JsonDocument} from '../../io/json-document.js';
import {childPointer, parsePointer} from '../../io/json-pointer.js';
import type {Severity} from '../../core/finding.js';
import type {Rule} from '../../core/rule.js';
import {ruleFinding} from '../../io/rule-finding.js';
import {ajvFindings} from '../../schemas/ajv-findings.js';
import {getValidator} from '../../schemas/index.js';
import type {DocScan} from '../context.js';
import type {FindingSink} from '../finding-sink.js';
import {findSecrets} from '../../report/secrets.js';
import {walkStrings} from '../scan/walk-strings.js';
import {FOXCTL_RULES} from './rules.js';
import {
  ARTIFACT,
  CODE_ONLY_ERRORS,
  COMMAND,
  DRIFT_COMMAND,
  ERROR_CATALOG,
  ERROR_CODE_FORM,
  INLINE_LIMIT_BYTES,
  KNOWN_ERROR,
  KNOWN_META,
  KNOWN_TOP,
  PREVIEW_LIMIT_BYTES,
  SECRET_KEY,
  SECRET_KEY_HINT,
  SOURCES,
} from './spec.js';
import {isObject, type JsonObject} from '../../core/json.js';

export interface FoxctlOptions {
  strict: boolean;
}

/** Per-envelope context shared by the rule functions below. */
interface Check {
  doc: JsonDocument;
  pointer: string;
  sink: FindingSink;
  drift: Severity;
}

/**
 * One foxctl Protocol v1 envelope: the bundled structural schema (its errors sorted into rule ids), then the rules
 * upstream's `foxctl proto validate` skips. Stream order is checked by FoxctlStreamState.
 */
export function checkFoxctlEnvelope(opts: FoxctlOptions, doc: JsonDocument, pointer: string, value: unknown, scan: DocScan, sink: FindingSink): void {
  const c: Check = {doc, pointer, sink, drift: opts.strict ? 'error' : 'warning'};
  const validate = getValidator('foxctl/envelope-v1');
  if (!validate(value)) reportSchemaErrors(c, validate.errors ?? [], value);
  if (!isObject(value)) return;
  const meta = isObject(value.meta) ? value.meta : undefined;
  const data = isObject(value.data) ? value.data : undefined;
  checkCommand(c, value.command);
  checkErrorFields(c, value);
  if (meta) checkMeta(c, value, meta);
  if (data && value.status === 'error') checkStatusCode(c, data);
  checkArtifact(c, data, meta, value);
  checkUnknownFields(c, value, meta);
  scan.credentialKeys ??= SECRET_KEY_HINT.test(doc.text);
  if (scan.secrets || scan.credentialKeys) checkSecrets(c, value);
}

/** Which rule an Ajv error of the structural schema belongs to. */
function ruleFor(err: ErrorObject): Rule {
  const path = err.instancePath;
  const missing = err.keyword === 'required' ? String((err.params as {missingProperty?: unknown}).missingProperty) : undefined;
  const field = missing !== undefined ? `${path}/${missing}` : path;
  if (field === '/command') return FOXCTL_RULES.command;
  if (field === '/error' || field.startsWith('/error/')) return FOXCTL_RULES.errorFields;
  if (field === '/meta/ts') return FOXCTL_RULES.metaTs;
  if (field === '/meta/duration_ms') return FOXCTL_RULES.duration;
  if (field === '/meta/runner') return FOXCTL_RULES.runner;
  if (field === '/meta/seq') return FOXCTL_RULES.progressSeq;
  if (field === '/meta/cas_digest') return FOXCTL_RULES.casDigest;
  if (field === '/meta/cache_key') return FOXCTL_RULES.cacheKey;
  return FOXCTL_RULES.schema;
}

function reportSchemaErrors(c: Check, errors: ErrorObject[], value: unknown): void {
  const byRule = new Map<Rule, ErrorObject[]>();
  // if/then errors only say "a branch failed"; the branch's own errors say why.
  for (const err of errors) {
    if (err.keyword === 'if') continue;
    const rule = ruleFor(err);
    byRule.set(rule, [...(byRule.get(rule) ?? []), err]);
  }
  for (const [rule, errs] of byRule) c.sink.addAll(ajvFindings(errs, c.doc, {rule, base: c.pointer, label: 'foxctl envelope', value}));
}

function checkCommand(c: Check, command: unknown): void {
  if (typeof command !== 'string' || command.trim() === '' || COMMAND.test(command)) return;
  const at = `${c.pointer}/command`;
  if (DRIFT_COMMAND.test(command)) {
    c.sink.add(ruleFinding(c.doc, FOXCTL_RULES.driftCommand, c.drift, 'notSlashed', {command}, at));
  } else {
    c.sink.add(ruleFinding(c.doc, FOXCTL_RULES.command, 'error', 'malformed', {command}, at));
  }
}

function checkErrorFields(c: Check, env: JsonObject): void {
  const at = `${c.pointer}/error`;
  const error = env.error;
  if (env.status === 'error') {
    if (!isObject(error) || typeof error.code !== 'string' || error.code === '') return; // the schema reported it
    const code = error.code;
    if (ERROR_CATALOG.has(code)) return checkRetryDetails(c, code, error);
    if (ERROR_CODE_FORM.test(code)) {
      const why = CODE_ONLY_ERRORS.has(code) ? "foxctl's code uses it, its written catalog does not list it" : 'foxctl emits such codes: drift';
      c.sink.add(ruleFinding(c.doc, FOXCTL_RULES.driftErrorCode, c.drift, 'notInCatalog', {code, why}, `${at}/code`));
    } else {
      c.sink.add(ruleFinding(c.doc, FOXCTL_RULES.errorCode, 'error', 'notACode', {code}, `${at}/code`));
    }
    return;
  }
  if (env.status !== 'ok' && env.status !== 'progress') return;
  if (error === undefined) {
    c.sink.add(ruleFinding(c.doc, FOXCTL_RULES.driftOkError, c.drift, 'noErrorObject', {status: env.status}, c.pointer));
  } else if (isObject(error) && (!('code' in error) || !('message' in error) || error.code === '' || error.message === '')) {
    const what = JSON.stringify(error) === '{}' ? '{}' : 'missing code or message';
    c.sink.add(ruleFinding(c.doc, FOXCTL_RULES.driftOkError, c.drift, 'incomplete', {error: what, status: env.status}, at));
  }
}

/** Retry transparency (spec §5.3): attempts, backoff and retry_after in error.details, with sane types. */
function checkRetryDetails(c: Check, code: string, error: JsonObject): void {
  const at = `${c.pointer}/error/details`;
  const details = isObject(error.details) ? error.details : undefined;
  if (code === 'ERATELIMIT' && details?.attempts === undefined) {
    c.sink.add(ruleFinding(c.doc, FOXCTL_RULES.retryDetails, 'warning', 'attemptsMissing', {}, details ? at : `${c.pointer}/error`));
  }
  if (!details) return;
  if (details.attempts !== undefined && (!Number.isInteger(details.attempts) || (details.attempts as number) < 1)) {
    c.sink.add(ruleFinding(c.doc, FOXCTL_RULES.retryDetails, 'error', 'attempts', {}, `${at}/attempts`));
  }
  if (details.retry_after !== undefined && typeof details.retry_after !== 'string' && typeof details.retry_after !== 'number') {
    c.sink.add(ruleFinding(c.doc, FOXCTL_RULES.retryDetails, 'error', 'retryAfter', {}, `${at}/retry_after`));
  }
  if (details.backoff !== undefined && typeof details.backoff !== 'string' && !isObject(details.backoff)) {
    c.sink.add(ruleFinding(c.doc, FOXCTL_RULES.retryDetails, 'error', 'backoff', {}, `${at}/backoff`));
  }
}

function checkMeta(c: Check, env: JsonObject, meta: JsonObject): void {
  const at = `${c.pointer}/meta`;
  if (typeof meta.source === 'string' && meta.source !== '' && !SOURCES.has(meta.source)) {
    c.sink.add(ruleFinding(c.doc, FOXCTL_RULES.driftSource, c.drift, 'unknownSource', {source: meta.source}, `${at}/source`));
  }
  if ((env.status === 'ok' || env.status === 'error') && meta.duration_ms === undefined) {
    c.sink.add(ruleFinding(c.doc, FOXCTL_RULES.driftDuration, c.drift, 'missing', {}, at));
  }
}

/** Upstream's own rule: an error envelope's HTTP summary must carry an error status. */
function checkStatusCode(c: Check, data: JsonObject): void {
  const summary = data.summary;
  if (!isObject(summary) || typeof summary.status_code !== 'number') return;
  const code = summary.status_code;
  if (code < 400 || code >= 600) {
    c.sink.add(ruleFinding(c.doc, FOXCTL_RULES.errorStatusCode, 'error', 'notAnError', {status: code}, `${c.pointer}/data/summary/status_code`));
  }
}

function checkArtifact(c: Check, data: JsonObject | undefined, meta: JsonObject | undefined, env: JsonObject): void {
  const artifact = data?.artifact;
  const digest = meta?.cas_digest;
  const at = `${c.pointer}/data`;
  if (artifact === undefined || artifact === '' || artifact === null) {
    if (typeof digest === 'string' && digest !== '') {
      c.sink.add(ruleFinding(c.doc, FOXCTL_RULES.casDigest, 'error', 'withoutArtifact', {}, `${c.pointer}/meta/cas_digest`));
    }
    const size = data ? inlineBytes(c.doc, data) : 0;
    if (size > INLINE_LIMIT_BYTES) {
      c.sink.add(ruleFinding(c.doc, FOXCTL_RULES.artifactRequired, 'error', 'tooLarge', {size, limit: INLINE_LIMIT_BYTES}, at));
    }
    return;
  }
  if (typeof artifact !== 'string' || !ARTIFACT.test(artifact)) {
    c.sink.add(ruleFinding(c.doc, FOXCTL_RULES.artifact, 'error', 'notAddress', {}, `${at}/artifact`));
  }
  if (digest === undefined || digest === '') {
    // The written spec makes cas_digest optional; foxctl's own validator refuses an artifact without it.
    c.sink.add(ruleFinding(c.doc, FOXCTL_RULES.casDigest, c.drift, 'missing', {}, meta ? `${c.pointer}/meta` : c.pointer));
  } else if (digest !== artifact) {
    c.sink.add(ruleFinding(c.doc, FOXCTL_RULES.casDigest, 'error', 'mismatch', {}, `${c.pointer}/meta/cas_digest`));
  }
  if (env.status !== 'progress') checkSummary(c, data as JsonObject);
}

/**
 * An artifactized result describes the artifact with size_bytes, kind and preview in data.summary. foxctl often puts
 * them beside it (artifact_size_bytes, artifact_kind, data.preview): found there, it is drift; found nowhere, an error.
 */
function checkSummary(c: Check, data: JsonObject): void {
  const summary = isObject(data.summary) ? data.summary : {};
  const at = `${c.pointer}/data`;
  const wanted: [string, string[]][] = [
    ['size_bytes', ['size_bytes', 'artifact_size_bytes']],
    ['kind', ['kind', 'artifact_kind']],
    ['preview', ['preview']],
  ];
  const beside: string[] = [];
  const missing: string[] = [];
  for (const [field, aliases] of wanted) {
    if (summary[field] !== undefined) continue;
    const alias = aliases.find((a) => data[a] !== undefined);
    if (alias) beside.push(`data.${alias}`);
    else missing.push(field);
  }
  if (missing.length > 0) {
    c.sink.add(ruleFinding(c.doc, FOXCTL_RULES.artifactSummary, 'error', 'undescribed', {missing: missing.join(', ')}, isObject(data.summary) ? `${at}/summary` : at));
  } else if (beside.length > 0) {
    c.sink.add(ruleFinding(c.doc, FOXCTL_RULES.driftArtifactSummary, c.drift, 'beside', {fields: beside.join(', '), stand: beside.length === 1 ? 'stands' : 'stand'}, at));
  }
  const previewAt = summary.preview !== undefined ? 'summary/preview' : 'preview';
  const preview = summary.preview ?? data.preview;
  if (preview !== undefined) {
    const size = Buffer.byteLength(JSON.stringify(preview) ?? '', 'utf8');
    if (size >= PREVIEW_LIMIT_BYTES) {
      c.sink.add(ruleFinding(c.doc, FOXCTL_RULES.artifactPreview, 'warning', 'tooLarge', {size, limit: PREVIEW_LIMIT_BYTES}, `${at}/${previewAt}`));
    }
  }
}

/** Serialized size of `data`; the document text bounds it, so small documents never serialize anything. */
function inlineBytes(doc: JsonDocument, data: JsonObject): number {
  if (doc.text.length <= INLINE_LIMIT_BYTES / 3) return 0; // UTF-8 needs at most 3 bytes per UTF-16 unit
  return Buffer.byteLength(JSON.stringify(data), 'utf8');
}

function checkUnknownFields(c: Check, env: JsonObject, meta: JsonObject | undefined): void {
  const report = (where: string, key: string) =>
    c.sink.add(ruleFinding(c.doc, FOXCTL_RULES.driftUnknownField, c.drift, 'unknownField', {key, where}, childPointer(`${c.pointer}${where === 'the envelope' ? '' : `/${where}`}`, key)));
  for (const key of Object.keys(env)) if (!KNOWN_TOP.has(key)) report('the envelope', key);
  if (meta) for (const key of Object.keys(meta)) if (!KNOWN_META.has(key)) report('meta', key);
  if (isObject(env.error)) for (const key of Object.keys(env.error)) if (!KNOWN_ERROR.has(key)) report('error', key);
}

/** Secrets must be redacted as "***": a secret-shaped value anywhere, or any value under a credential-named key. */
function checkSecrets(c: Check, env: JsonObject): void {
  walkStrings(env, c.pointer, (text, pointer) => {
    for (const hit of findSecrets(text)) {
      c.sink.add(ruleFinding(c.doc, FOXCTL_RULES.secret, 'error', 'secretShaped', {pointer, label: hit.label, masked: hit.masked}, pointer));
    }
    const key = parsePointer(pointer).pop() ?? '';
    if (SECRET_KEY.test(key) && text !== '***' && text.trim() !== '' && !/^\[REDACTED:[^\]]+\]$/.test(text)) {
      c.sink.add(ruleFinding(c.doc, FOXCTL_RULES.secret, 'error', 'credential', {key, length: text.length}, pointer));
    }
  });
}
