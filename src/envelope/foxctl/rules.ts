import {defineRule, type Rule, type RuleSpec} from '../../core/rule.js';
import {LABELED_AJV_MESSAGES} from '../../schemas/ajv-findings.js';

const rule = (spec: RuleSpec): Rule => defineRule({commands: ['validate envelope'], ...spec});

/**
 * foxctl Protocol v1 rules. `foxctl/drift-*` (earlier `foxctl/drift/*`, still accepted) are the places where real foxctl output departs from its written spec:
 * warnings by default (so foxctl's own goldens pass), errors under --strict.
 */
export const FOXCTL_RULES = {
  schema: rule({id: 'foxctl/envelope-shape', description: 'The envelope does not match the foxctl Protocol v1 envelope structure.', messages: LABELED_AJV_MESSAGES}),
  command: rule({
    id: 'foxctl/command',
    description: 'command must be <namespace>/<verb>: lowercase letters, digits and hyphens (^[a-z0-9][a-z0-9-]*/[a-z0-9][a-z0-9-]*$).',
    messages: LABELED_AJV_MESSAGES,
  }),
  metaTs: rule({id: 'foxctl/meta-ts', description: 'meta.ts must be an RFC 3339 timestamp in UTC (Z suffix).', messages: LABELED_AJV_MESSAGES}),
  duration: rule({id: 'foxctl/duration', description: 'meta.duration_ms must be an integer ≥ 0.', messages: LABELED_AJV_MESSAGES}),
  runner: rule({id: 'foxctl/meta-runner', description: 'meta.runner must be wasi, exec, oci or null.', messages: LABELED_AJV_MESSAGES}),
  errorFields: rule({id: 'foxctl/error-fields', description: 'An error envelope needs error.code and error.message; ok and progress envelopes must leave them null.', messages: LABELED_AJV_MESSAGES}),
  errorCode: rule({id: 'foxctl/error-code', description: 'error.code is not an error code at all (codes are upper-case, e.g. EARG).'}),
  errorStatusCode: rule({id: 'foxctl/error-status-code', description: 'An error envelope whose data.summary.status_code is not 400–599.'}),
  retryDetails: rule({id: 'foxctl/retry-details', description: 'Retry transparency: error.details.attempts, backoff and retry_after, with the right types (ERATELIMIT must say attempts).'}),
  casDigest: rule({
    id: 'foxctl/cas-digest',
    description: "meta.cas_digest, if set, must equal data.artifact; an artifact without cas_digest is a warning (foxctl's own validator refuses it), an error with --strict.",
    messages: LABELED_AJV_MESSAGES,
  }),
  artifact: rule({id: 'foxctl/artifact', description: 'data.artifact must be a sha256:<64 hex> content address.'}),
  artifactRequired: rule({id: 'foxctl/artifact-required', description: 'Inline data over 32 KB must be artifactized: a summary plus a data.artifact reference.'}),
  artifactSummary: rule({id: 'foxctl/artifact-summary', description: 'An artifactized result must describe the artifact: size_bytes, kind and a preview.'}),
  artifactPreview: rule({id: 'foxctl/artifact-preview', description: 'An artifact preview should stay under 1 KB.'}),
  cacheKey: rule({id: 'foxctl/cache-key', description: 'meta.source "cache" requires meta.cache_key.', messages: LABELED_AJV_MESSAGES}),
  secret: rule({id: 'foxctl/secret-not-redacted', description: 'A secret-looking value that is not redacted as "***". The secret is never echoed.'}),
  progressSeq: rule({
    id: 'foxctl/progress-seq',
    description: 'Progress envelopes carry meta.seq from 0, strictly increasing.',
    messages: {
      ...LABELED_AJV_MESSAGES,
      firstSeq: 'the first progress envelope has meta.seq {{seq}}; seq starts at 0',
      seqNotIncreasing: 'meta.seq {{seq}} follows {{previous}}; seq must strictly increase',
      terminalSeq: "the terminal envelope's meta.seq {{seq}} does not follow the last progress seq {{previous}}",
    },
  }),
  progressPct: rule({
    id: 'foxctl/progress-pct',
    description: 'data.pct is 0–100 and never decreases.',
    messages: {outOfRange: 'data.pct must be a number from 0 to 100', decreased: 'data.pct went down from {{previous}} to {{pct}}; once set it must not decrease'},
  }),
  streamTerminal: rule({
    id: 'foxctl/stream-terminal',
    description: 'A stream is zero or more progress envelopes, then exactly one terminal ok/error envelope, last.',
    messages: {
      unterminated: 'the stream ends without its terminal ok/error envelope (truncated, or the command never finished?)',
      progressAfterTerminal: 'a progress envelope after the terminal one ({{terminal}}): the terminal envelope must come last',
      secondTerminal: 'a second terminal envelope (the first is {{terminal}}): a stream has exactly one',
    },
  }),
  streamFinal: rule({
    id: 'foxctl/stream-final',
    description: 'meta.final is true only on the terminal envelope.',
    messages: {finalOnProgress: 'meta.final is true on a progress envelope; only the terminal envelope is final', notFinalOnTerminal: 'meta.final is false on the terminal envelope'},
  }),
  streamCommand: rule({
    id: 'foxctl/stream-command',
    description: 'Every envelope of one stream names the same command.',
    messages: {differs: 'command "{{command}}" differs from "{{first}}" earlier in this stream'},
  }),
  trailingData: rule({id: 'foxctl/trailing-data', description: '--strict: a .json input holds more than one JSON value (upstream --strict refuses trailing data).'}),
  driftCommand: rule({id: 'foxctl/drift-command', aliases: ['foxctl/drift/command'], description: 'Drift: a dotted or underscored command name (agentctl.example.run) instead of <namespace>/<verb>.'}),
  driftErrorCode: rule({
    id: 'foxctl/drift-error-code',
    aliases: ['foxctl/drift/error-code'],
    description: 'Drift: an error code outside the written catalog (PROVIDER_CONFIG_INVALID, ERUNTIME_RESTART).',
  }),
  driftOkError: rule({
    id: 'foxctl/drift-ok-error-fields',
    aliases: ['foxctl/drift/ok-error-fields'],
    description: 'Drift: an ok/progress envelope with error: {} (or no error object) instead of code and message null.',
  }),
  driftSource: rule({id: 'foxctl/drift-meta-source', aliases: ['foxctl/drift/meta-source'], description: 'Drift: meta.source outside run, cache and memory.'}),
  driftDuration: rule({
    id: 'foxctl/drift-missing-duration',
    aliases: ['foxctl/drift/missing-duration'],
    description: 'Drift: a terminal envelope without meta.duration_ms (foxctl omits a zero duration).',
  }),
  driftArtifactSummary: rule({
    id: 'foxctl/drift-artifact-summary',
    aliases: ['foxctl/drift/artifact-summary'],
    description: 'Drift: artifact size, kind or preview given beside data.summary (artifact_size_bytes, artifact_kind, …) instead of inside it.',
  }),
  driftUnknownField: rule({
    id: 'foxctl/drift-unknown-field',
    aliases: ['foxctl/drift/unknown-field'],
    description: 'Drift: a field outside data that the protocol does not define (upstream --strict refuses it).',
  }),
} as const satisfies Record<string, Rule>;
