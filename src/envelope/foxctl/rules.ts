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
    messages: {...LABELED_AJV_MESSAGES, malformed: 'command "{{command}}" must be <namespace>/<verb> in lowercase letters, digits and hyphens (^[a-z0-9][a-z0-9-]*/[a-z0-9][a-z0-9-]*$)'},
  }),
  metaTs: rule({id: 'foxctl/meta-ts', description: 'meta.ts must be an RFC 3339 timestamp in UTC (Z suffix).', messages: LABELED_AJV_MESSAGES}),
  duration: rule({id: 'foxctl/duration', description: 'meta.duration_ms must be an integer ≥ 0.', messages: LABELED_AJV_MESSAGES}),
  runner: rule({id: 'foxctl/meta-runner', description: 'meta.runner must be wasi, exec, oci or null.', messages: LABELED_AJV_MESSAGES}),
  errorFields: rule({id: 'foxctl/error-fields', description: 'An error envelope needs error.code and error.message; ok and progress envelopes must leave them null.', messages: LABELED_AJV_MESSAGES}),
  errorCode: rule({
    id: 'foxctl/error-code',
    description: 'error.code is not an error code at all (codes are upper-case, e.g. EARG).',
    messages: {notACode: 'error code "{{code}}" is not an error code: codes are upper-case, from the catalog (EARG, EAUTH, ERUNTIME, …)'},
  }),
  errorStatusCode: rule({
    id: 'foxctl/error-status-code',
    description: 'An error envelope whose data.summary.status_code is not 400–599.',
    messages: {notAnError: 'an error envelope with data.summary.status_code {{status}}; expected 400–599'},
  }),
  retryDetails: rule({
    id: 'foxctl/retry-details',
    description: 'Retry transparency: error.details.attempts, backoff and retry_after, with the right types (ERATELIMIT must say attempts).',
    messages: {
      attemptsMissing: 'ERATELIMIT should say how many attempts were made (error.details.attempts), with backoff and retry_after when known',
      attempts: 'error.details.attempts must be an integer ≥ 1',
      retryAfter: 'error.details.retry_after must be a string (Retry-After value) or a number of seconds',
      backoff: 'error.details.backoff must name or describe the backoff strategy (a string or an object)',
    },
  }),
  casDigest: rule({
    id: 'foxctl/cas-digest',
    description: "meta.cas_digest, if set, must equal data.artifact; an artifact without cas_digest is a warning (foxctl's own validator refuses it), an error with --strict.",
    messages: {
      ...LABELED_AJV_MESSAGES,
      withoutArtifact: 'meta.cas_digest is set but data.artifact is not; the digest must name the artifact',
      missing: "data.artifact is set but meta.cas_digest is not (foxctl's own validator refuses this; the written spec makes cas_digest optional)",
      mismatch: 'meta.cas_digest does not match data.artifact',
    },
  }),
  artifact: rule({
    id: 'foxctl/artifact',
    description: 'data.artifact must be a sha256:<64 hex> content address.',
    messages: {notAddress: 'data.artifact must be a content address sha256:<64 lowercase hex digits>'},
  }),
  artifactRequired: rule({
    id: 'foxctl/artifact-required',
    description: 'Inline data over 32 KB must be artifactized: a summary plus a data.artifact reference.',
    messages: {tooLarge: 'inline data is {{size}} bytes, over the {{limit}}-byte inline limit: store it as an artifact and send a summary with data.artifact'},
  }),
  artifactSummary: rule({
    id: 'foxctl/artifact-summary',
    description: 'An artifactized result must describe the artifact: size_bytes, kind and a preview.',
    messages: {undescribed: 'an artifactized result must describe the artifact: no {{missing}} in data.summary (or beside it)'},
  }),
  artifactPreview: rule({id: 'foxctl/artifact-preview', description: 'An artifact preview should stay under 1 KB.', messages: {tooLarge: 'the preview is {{size}} bytes; keep it under {{limit}}'}}),
  cacheKey: rule({id: 'foxctl/cache-key', description: 'meta.source "cache" requires meta.cache_key.', messages: LABELED_AJV_MESSAGES}),
  secret: rule({
    id: 'foxctl/secret-not-redacted',
    description: 'A secret-looking value that is not redacted as "***". The secret is never echoed.',
    messages: {secretShaped: '{{pointer}} holds {{label}}, {{masked}}, not redacted as "***"', credential: '"{{key}}" holds a {{length}}-character value, not "***": credentials must be redacted'},
  }),
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
  driftCommand: rule({
    id: 'foxctl/drift-command',
    aliases: ['foxctl/drift/command'],
    description: 'Drift: a dotted or underscored command name (agentctl.example.run) instead of <namespace>/<verb>.',
    messages: {notSlashed: 'command "{{command}}" is not <namespace>/<verb> as the spec writes it (foxctl itself emits such names: drift)'},
  }),
  driftErrorCode: rule({
    id: 'foxctl/drift-error-code',
    aliases: ['foxctl/drift/error-code'],
    description: 'Drift: an error code outside the written catalog (PROVIDER_CONFIG_INVALID, ERUNTIME_RESTART).',
    messages: {notInCatalog: 'error code "{{code}}" is not in the Protocol v1 error catalog ({{why}})'},
  }),
  driftOkError: rule({
    id: 'foxctl/drift-ok-error-fields',
    aliases: ['foxctl/drift/ok-error-fields'],
    description: 'Drift: an ok/progress envelope with error: {} (or no error object) instead of code and message null.',
    messages: {
      noErrorObject: 'no error object; the spec wants error: {"code": null, "message": null} on {{status}} envelopes',
      incomplete: 'error is {{error}}; the spec wants "code": null and "message": null on {{status}} envelopes (foxctl omits them: drift)',
    },
  }),
  driftSource: rule({
    id: 'foxctl/drift-meta-source',
    aliases: ['foxctl/drift/meta-source'],
    description: 'Drift: meta.source outside run, cache and memory.',
    messages: {unknownSource: 'meta.source "{{source}}" is not run, cache or memory (foxctl emits it: drift)'},
  }),
  driftDuration: rule({
    id: 'foxctl/drift-missing-duration',
    aliases: ['foxctl/drift/missing-duration'],
    description: 'Drift: a terminal envelope without meta.duration_ms (foxctl omits a zero duration).',
    messages: {missing: 'no meta.duration_ms: the spec requires it on results (foxctl omits a zero duration: drift)'},
  }),
  driftArtifactSummary: rule({
    id: 'foxctl/drift-artifact-summary',
    aliases: ['foxctl/drift/artifact-summary'],
    description: 'Drift: artifact size, kind or preview given beside data.summary (artifact_size_bytes, artifact_kind, …) instead of inside it.',
    messages: {beside: '{{fields}} {{stand}} beside data.summary instead of inside it (foxctl emits this: drift)'},
  }),
  driftUnknownField: rule({
    id: 'foxctl/drift-unknown-field',
    aliases: ['foxctl/drift/unknown-field'],
    description: 'Drift: a field outside data that the protocol does not define (upstream --strict refuses it).',
    messages: {unknownField: '"{{key}}" is not a Protocol v1 field of {{where}} (upstream\'s --strict refuses it)'},
  }),
} as const satisfies Record<string, Rule>;
