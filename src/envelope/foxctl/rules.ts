import {defineRule, type Rule, type RuleSource, type RuleSpec} from '../../core/rule.js';
import {LABELED_AJV_MESSAGES} from '../../schemas/ajv-findings.js';
import {VERIFIED} from '../../core/rule-sources.js';

const rule = (spec: RuleSpec): Rule => defineRule({commands: ['validate envelope'], ...spec});

const FOXCTL = 'https://github.com/joshka0/foxctl/blob';

/** The upstream foxctl Protocol v1 files the rules rest on, at the commits the facts were read from. */
const SOURCES = {
  envelope: {
    url: `${FOXCTL}/be7967559bf127a621cc53bdf9c9936635ac69fc/internal/domain/envelope/envelope.go`,
    title: 'foxctl Protocol v1 envelope: fields, statuses, error catalog and validation',
    verified: VERIFIED,
  },
  protoValidate: {url: `${FOXCTL}/be7967559bf127a621cc53bdf9c9936635ac69fc/cmd/foxctl/cmd/proto.go`, title: 'foxctl proto validate (and what its --strict refuses)', verified: VERIFIED},
  okInline: {url: `${FOXCTL}/be7967559bf127a621cc53bdf9c9936635ac69fc/test/golden/envelopes/ok-inline.json`, title: 'foxctl golden envelope: ok, inline data', verified: VERIFIED},
  okCas: {
    url: `${FOXCTL}/9b95db8155f553b72015a876687c125c065ba89e/test/golden/envelopes/ok-cas.json`,
    title: 'foxctl golden envelope: ok, artifactized data (summary, artifact, cas_digest)',
    verified: VERIFIED,
  },
  errorEarg: {url: `${FOXCTL}/c5a10e38a8270c0905afe143c69cb0d09e02330d/test/golden/envelopes/error-EARG.json`, title: 'foxctl golden envelope: error EARG', verified: VERIFIED},
  errorRuntimeRestart: {
    url: `${FOXCTL}/9b95db8155f553b72015a876687c125c065ba89e/test/golden/envelopes/error-ERUNTIME_RESTART.json`,
    title: 'foxctl golden envelope: error ERUNTIME_RESTART (a code outside the written catalog)',
    verified: VERIFIED,
  },
  errorProviderConfig: {
    url: `${FOXCTL}/814faaf36b709aed7ad8f6f30d0eebd3a511ae37/test/golden/envelopes/error-PROVIDER_CONFIG_INVALID.json`,
    title: 'foxctl golden envelope: error PROVIDER_CONFIG_INVALID (a code outside the written catalog)',
    verified: VERIFIED,
  },
} satisfies Record<string, RuleSource>;

const {envelope, protoValidate, okInline, okCas, errorEarg, errorRuntimeRestart, errorProviderConfig} = SOURCES;

/**
 * foxctl Protocol v1 rules. `foxctl/drift-*` (earlier `foxctl/drift/*`, still accepted) are the places where real foxctl output departs from its written spec:
 * warnings by default (so foxctl's own goldens pass), errors under --strict.
 */
export const FOXCTL_RULES = {
  schema: rule({
    id: 'foxctl/envelope-shape',
    explanation:
      'Callers of foxctl read every result through the one envelope structure {version 1, status, command, data, meta, error}; an envelope that departs from it cannot be read by them. Emit version 1, a status of ok, error or progress, and the data, meta and error objects.',
    examples: {
      invalid: ['{"version": 2, "status": "ok", …}', '{"version": 1, "status": "done", "command": "fs/ls", …}'],
      valid: ['{"version": 1, "status": "ok", "command": "fs/ls", "data": {…}, "meta": {"ts": "2026-01-01T00:00:00Z", "duration_ms": 12}, "error": {"code": null, "message": null}}'],
    },
    sources: [envelope, okInline],
    description: 'The envelope does not match the foxctl Protocol v1 envelope structure.',
    messages: LABELED_AJV_MESSAGES,
  }),
  command: rule({
    id: 'foxctl/command',
    explanation: 'command names what produced the result as <namespace>/<verb>, so callers and logs can route and group by it. Write it in lowercase letters, digits and hyphens with one slash.',
    examples: {invalid: ['"command": "FS/List"', '"command": "fs"'], valid: ['"command": "fs/ls"', '"command": "text/grep"']},
    sources: [envelope],
    description: 'command must be <namespace>/<verb>: lowercase letters, digits and hyphens (^[a-z0-9][a-z0-9-]*/[a-z0-9][a-z0-9-]*$).',
    messages: {...LABELED_AJV_MESSAGES, malformed: 'command "{{command}}" must be <namespace>/<verb> in lowercase letters, digits and hyphens (^[a-z0-9][a-z0-9-]*/[a-z0-9][a-z0-9-]*$)'},
  }),
  metaTs: rule({
    id: 'foxctl/meta-ts',
    explanation: 'meta.ts orders envelopes across machines, which only works with one unambiguous form: an RFC 3339 timestamp in UTC. Write it with a Z suffix.',
    examples: {invalid: ['"ts": "2026-01-01 12:00:00"', '"ts": "2026-01-01T12:00:00+02:00"'], valid: ['"ts": "2026-01-01T10:00:00Z"']},
    sources: [envelope],
    description: 'meta.ts must be an RFC 3339 timestamp in UTC (Z suffix).',
    messages: LABELED_AJV_MESSAGES,
  }),
  duration: rule({
    id: 'foxctl/duration',
    explanation: 'meta.duration_ms is how long the command ran, summed and charted by callers; a fraction or a negative number breaks that. Give whole milliseconds, 0 or more.',
    examples: {invalid: ['"duration_ms": -5', '"duration_ms": 12.5'], valid: ['"duration_ms": 12']},
    sources: [envelope],
    description: 'meta.duration_ms must be an integer ≥ 0.',
    messages: LABELED_AJV_MESSAGES,
  }),
  runner: rule({
    id: 'foxctl/meta-runner',
    explanation:
      'meta.runner tells a caller which sandbox ran the command, which matters for what it could touch; only wasi, exec and oci exist. Use one of them, or null when no runner was involved.',
    examples: {invalid: ['"runner": "docker"'], valid: ['"runner": "oci"', '"runner": null']},
    sources: [envelope],
    description: 'meta.runner must be wasi, exec, oci or null.',
    messages: LABELED_AJV_MESSAGES,
  }),
  errorFields: rule({
    id: 'foxctl/error-fields',
    explanation:
      'Callers branch on status and then read error.code; an error without a code or message gives them nothing to act on, and a success carrying one is ambiguous. On error give both; on ok and progress set both to null.',
    examples: {
      invalid: ['{"status": "error", "error": {"message": "bad flag"}, …}', '{"status": "ok", "error": {"code": "EARG", "message": "x"}, …}'],
      valid: ['{"status": "error", "error": {"code": "EARG", "message": "unknown flag --x"}, …}'],
    },
    sources: [envelope, errorEarg],
    description: 'An error envelope needs error.code and error.message; ok and progress envelopes must leave them null.',
    messages: LABELED_AJV_MESSAGES,
  }),
  errorCode: rule({
    id: 'foxctl/error-code',
    explanation:
      'Error codes are machine-readable identifiers that callers switch on (retry ETIMEOUT, ask again on EARG); free text in their place cannot be matched. Use an upper-case code from the catalog.',
    examples: {invalid: ['"code": "file not found"'], valid: ['"code": "ENOTFOUND"']},
    sources: [envelope, errorEarg],
    description: 'error.code is not an error code at all (codes are upper-case, e.g. EARG).',
    messages: {notACode: 'error code "{{code}}" is not an error code: codes are upper-case, from the catalog (EARG, EAUTH, ERUNTIME, …)'},
  }),
  errorStatusCode: rule({
    id: 'foxctl/error-status-code',
    explanation:
      'An error envelope that reports an HTTP status in data.summary.status_code contradicts itself if that status is a success or a redirect, and a caller cannot tell which to believe. Report the 4xx or 5xx status the failure came with.',
    examples: {invalid: ['{"status": "error", "data": {"summary": {"status_code": 200}}, …}'], valid: ['{"status": "error", "data": {"summary": {"status_code": 503}}, …}']},
    sources: [envelope],
    description: 'An error envelope whose data.summary.status_code is not 400–599.',
    messages: {notAnError: 'an error envelope with data.summary.status_code {{status}}; expected 400–599'},
  }),
  retryDetails: rule({
    id: 'foxctl/retry-details',
    explanation:
      'When a command retried before failing, error.details says how (attempts, backoff, retry_after) so a caller does not retry blindly on top; a rate-limit error must at least say how many attempts were made. Give attempts as an integer ≥ 1, retry_after as a Retry-After string or seconds, backoff as a string or object.',
    examples: {
      invalid: ['{"code": "ERATELIMIT", "message": "rate limited", "details": {}}', '"details": {"attempts": 0}'],
      valid: ['{"code": "ERATELIMIT", "message": "rate limited", "details": {"attempts": 3, "backoff": "exponential", "retry_after": 30}}'],
    },
    sources: [envelope],
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
    explanation:
      "meta.cas_digest lets a caller verify and cache an artifact by its content address, so it has to be the same address as data.artifact; foxctl's own validator also refuses an artifact without it. Set cas_digest to the value of data.artifact whenever there is an artifact.",
    examples: {
      invalid: ['"data": {"artifact": "sha256:aa…"}, "meta": {"cas_digest": "sha256:bb…"}', '"data": {"artifact": "sha256:aa…"} with no meta.cas_digest'],
      valid: ['"data": {"artifact": "sha256:aa…"}, "meta": {"cas_digest": "sha256:aa…"}'],
    },
    sources: [envelope, okCas, protoValidate],
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
    explanation:
      'data.artifact is a content address a caller fetches from the content-addressed store; anything but sha256: and 64 lowercase hex digits cannot be looked up. Write the SHA-256 of the stored bytes in that form.',
    examples: {invalid: ['"artifact": "/tmp/out.json"', '"artifact": "sha256:ABC"'], valid: ['"artifact": "sha256:<64 lowercase hex digits>"']},
    sources: [envelope, okCas],
    description: 'data.artifact must be a sha256:<64 hex> content address.',
    messages: {notAddress: 'data.artifact must be a content address sha256:<64 lowercase hex digits>'},
  }),
  artifactRequired: rule({
    id: 'foxctl/artifact-required',
    explanation:
      'Envelopes travel through pipes and agent contexts where 32 KB of inline data is costly; larger results go to the content-addressed store and the envelope carries a summary and the address. Artifactize data over 32 KB.',
    examples: {
      invalid: ['{"status": "ok", "data": {"entries": [… 40 KB …]}, …}'],
      valid: ['{"status": "ok", "data": {"summary": {"size_bytes": 40960, "kind": "json", "preview": "…"}, "artifact": "sha256:…"}, …}'],
    },
    sources: [envelope, okCas],
    description: 'Inline data over 32 KB must be artifactized: a summary plus a data.artifact reference.',
    messages: {tooLarge: 'inline data is {{size}} bytes, over the {{limit}}-byte inline limit: store it as an artifact and send a summary with data.artifact'},
  }),
  artifactSummary: rule({
    id: 'foxctl/artifact-summary',
    explanation:
      'A caller decides from the summary whether to fetch the artifact at all, so the summary must say how big it is, what kind it is and what it starts with. Put size_bytes, kind and preview in data.summary.',
    examples: {
      invalid: ['"data": {"summary": {}, "artifact": "sha256:…"}'],
      valid: ['"data": {"summary": {"size_bytes": 40960, "kind": "json", "preview": "[{\\"name\\": …"}, "artifact": "sha256:…"}'],
    },
    sources: [envelope, okCas],
    description: 'An artifactized result must describe the artifact: size_bytes, kind and a preview.',
    messages: {undescribed: 'an artifactized result must describe the artifact: no {{missing}} in data.summary (or beside it)'},
  }),
  artifactPreview: rule({
    id: 'foxctl/artifact-preview',
    explanation: 'The preview is there so a caller need not fetch the artifact to see what it holds; a large preview brings back the cost artifactizing was meant to avoid. Keep it under 1 KB.',
    examples: {invalid: ['"summary": {"preview": "… 4 KB of text …", …}'], valid: ['"summary": {"preview": "first 200 characters …", …}']},
    sources: [envelope, okCas],
    description: 'An artifact preview should stay under 1 KB.',
    messages: {tooLarge: 'the preview is {{size}} bytes; keep it under {{limit}}'},
  }),
  cacheKey: rule({
    id: 'foxctl/cache-key',
    explanation: 'A result served from cache is only reproducible and invalidatable if the caller knows which cache entry it came from. With meta.source "cache", give meta.cache_key.',
    examples: {invalid: ['"meta": {"source": "cache", …}'], valid: ['"meta": {"source": "cache", "cache_key": "fs-ls:/src", …}']},
    sources: [envelope],
    description: 'meta.source "cache" requires meta.cache_key.',
    messages: LABELED_AJV_MESSAGES,
  }),
  secret: rule({
    id: 'foxctl/secret-not-redacted',
    explanation:
      'Envelopes end up in logs, transcripts and agent contexts, so a credential in one is leaked to all of them; foxctl redacts secrets as "***". Replace the value with "***" and rotate it if it was real.',
    examples: {invalid: ['"data": {"token": "ghp_…" (a real-looking token)}'], valid: ['"data": {"token": "***"}']},
    sources: [envelope],
    description: 'A secret-looking value that is not redacted as "***". The secret is never echoed.',
    messages: {secretShaped: '{{pointer}} holds {{label}}, {{masked}}, not redacted as "***"', credential: '"{{key}}" holds a {{length}}-character value, not "***": credentials must be redacted'},
  }),
  progressSeq: rule({
    id: 'foxctl/progress-seq',
    explanation:
      'A reader of a stream uses meta.seq to spot lost or reordered progress lines; it only can if seq starts at 0 and strictly increases. Number progress envelopes from 0 upwards, and give the terminal envelope a seq after the last one.',
    examples: {invalid: ['progress lines with "seq": 1, then "seq": 1'], valid: ['progress lines with "seq": 0, "seq": 1, then the terminal envelope with "seq": 2']},
    sources: [envelope],
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
    explanation: 'data.pct drives progress bars; a value outside 0–100 or one that goes back confuses them and their users. Report a percentage that only stays or rises.',
    examples: {invalid: ['"pct": 150', '"pct": 60 then "pct": 40'], valid: ['"pct": 40 then "pct": 60 then "pct": 100']},
    sources: [envelope],
    description: 'data.pct is 0–100 and never decreases.',
    messages: {outOfRange: 'data.pct must be a number from 0 to 100', decreased: 'data.pct went down from {{previous}} to {{pct}}; once set it must not decrease'},
  }),
  streamTerminal: rule({
    id: 'foxctl/stream-terminal',
    explanation:
      'A reader of an NDJSON stream stops at the terminal ok or error envelope and takes it as the result; without one it waits or guesses, and with two or with progress after it the result is ambiguous. End each stream with exactly one terminal envelope.',
    examples: {invalid: ['progress, progress (stream ends)', 'progress, ok, progress'], valid: ['progress, progress, ok']},
    sources: [envelope],
    description: 'A stream is zero or more progress envelopes, then exactly one terminal ok/error envelope, last.',
    messages: {
      unterminated: 'the stream ends without its terminal ok/error envelope (truncated, or the command never finished?)',
      progressAfterTerminal: 'a progress envelope after the terminal one ({{terminal}}): the terminal envelope must come last',
      secondTerminal: 'a second terminal envelope (the first is {{terminal}}): a stream has exactly one',
    },
  }),
  streamFinal: rule({
    id: 'foxctl/stream-final',
    explanation:
      'meta.final marks the envelope a reader may stop at; set on a progress line it ends the stream early, missing on the terminal one it leaves the reader waiting. Set final true on the terminal envelope only.',
    examples: {
      invalid: ['{"status": "progress", "meta": {"final": true, …}, …}'],
      valid: ['{"status": "progress", "meta": {"final": false, …}, …} then {"status": "ok", "meta": {"final": true, …}, …}'],
    },
    sources: [envelope],
    description: 'meta.final is true only on the terminal envelope.',
    messages: {finalOnProgress: 'meta.final is true on a progress envelope; only the terminal envelope is final', notFinalOnTerminal: 'meta.final is false on the terminal envelope'},
  }),
  streamCommand: rule({
    id: 'foxctl/stream-command',
    explanation: 'A stream reports one command run, so every line names that command; a different name means two streams were mixed together. Keep one command per stream.',
    examples: {
      invalid: ['{"command": "fs/ls", "status": "progress", …} then {"command": "text/grep", "status": "ok", …}'],
      valid: ['{"command": "fs/ls", "status": "progress", …} then {"command": "fs/ls", "status": "ok", …}'],
    },
    sources: [envelope],
    description: 'Every envelope of one stream names the same command.',
    messages: {differs: 'command "{{command}}" differs from "{{first}}" earlier in this stream'},
  }),
  trailingData: rule({
    id: 'foxctl/trailing-data',
    explanation:
      'foxctl proto validate --strict refuses a .json input with anything after the first JSON value, which it would otherwise ignore unchecked. Put one envelope in a .json file, or use .ndjson for a stream.',
    examples: {invalid: ['a .json file holding {…}{…}'], valid: ['a .json file holding one {…}', 'an .ndjson file with one envelope per line']},
    sources: [protoValidate],
    description: '--strict: a .json input holds more than one JSON value (upstream --strict refuses trailing data).',
  }),
  driftCommand: rule({
    id: 'foxctl/drift-command',
    explanation:
      "foxctl's own output uses dotted or underscored command names that the written protocol does not allow, so callers that follow the spec cannot parse them; reported as a warning so foxctl's goldens pass, and as an error with --strict. Use <namespace>/<verb>.",
    examples: {invalid: ['"command": "agentctl.example.cas"', '"command": "semantic_index.init_files"'], valid: ['"command": "example/cas"']},
    sources: [envelope, okCas],
    aliases: ['foxctl/drift/command'],
    description: 'Drift: a dotted or underscored command name (agentctl.example.run) instead of <namespace>/<verb>.',
    messages: {notSlashed: 'command "{{command}}" is not <namespace>/<verb> as the spec writes it (foxctl itself emits such names: drift)'},
  }),
  driftErrorCode: rule({
    id: 'foxctl/drift-error-code',
    explanation:
      'Some codes foxctl emits are not in the written catalog, so a caller switching on the catalog does not recognise them. Use the nearest catalog code (e.g. ERUNTIME, EARG) and put the detail in error.details or the message.',
    examples: {invalid: ['"code": "PROVIDER_CONFIG_INVALID"', '"code": "ERUNTIME_RESTART"'], valid: ['"code": "ERUNTIME"', '"code": "EARG"']},
    sources: [envelope, errorProviderConfig, errorRuntimeRestart],
    aliases: ['foxctl/drift/error-code'],
    description: 'Drift: an error code outside the written catalog (PROVIDER_CONFIG_INVALID, ERUNTIME_RESTART).',
    messages: {notInCatalog: 'error code "{{code}}" is not in the Protocol v1 error catalog ({{why}})'},
  }),
  driftOkError: rule({
    id: 'foxctl/drift-ok-error-fields',
    explanation:
      'The written protocol gives ok and progress envelopes error: {"code": null, "message": null}, so a caller can always read error.code; foxctl often emits error: {} or no error object. Write both fields as null.',
    examples: {invalid: ['{"status": "ok", "error": {}, …}', '{"status": "ok", …} with no error'], valid: ['{"status": "ok", "error": {"code": null, "message": null}, …}']},
    sources: [envelope, okInline],
    aliases: ['foxctl/drift/ok-error-fields'],
    description: 'Drift: an ok/progress envelope with error: {} (or no error object) instead of code and message null.',
    messages: {
      noErrorObject: 'no error object; the spec wants error: {"code": null, "message": null} on {{status}} envelopes',
      incomplete: 'error is {{error}}; the spec wants "code": null and "message": null on {{status}} envelopes (foxctl omits them: drift)',
    },
  }),
  driftSource: rule({
    id: 'foxctl/drift-meta-source',
    explanation: 'meta.source tells a caller whether the result was computed (run), cached (cache) or recalled (memory), and callers handle only those three. Use one of them.',
    examples: {invalid: ['"source": "cli"'], valid: ['"source": "run"']},
    sources: [envelope],
    aliases: ['foxctl/drift/meta-source'],
    description: 'Drift: meta.source outside run, cache and memory.',
    messages: {unknownSource: 'meta.source "{{source}}" is not run, cache or memory (foxctl emits it: drift)'},
  }),
  driftDuration: rule({
    id: 'foxctl/drift-missing-duration',
    explanation:
      'The written protocol requires meta.duration_ms on every result, but foxctl drops it when the duration is zero, so a caller reading it finds nothing. Always write it, as 0 if need be.',
    examples: {invalid: ['{"status": "ok", "meta": {"ts": "2026-01-01T00:00:00Z"}, …}'], valid: ['{"status": "ok", "meta": {"ts": "2026-01-01T00:00:00Z", "duration_ms": 0}, …}']},
    sources: [envelope, okInline],
    aliases: ['foxctl/drift/missing-duration'],
    description: 'Drift: a terminal envelope without meta.duration_ms (foxctl omits a zero duration).',
    messages: {missing: 'no meta.duration_ms: the spec requires it on results (foxctl omits a zero duration: drift)'},
  }),
  driftArtifactSummary: rule({
    id: 'foxctl/drift-artifact-summary',
    explanation:
      "The written protocol puts the artifact's size, kind and preview inside data.summary; foxctl sometimes writes them beside it (artifact_size_bytes, artifact_kind, …), where spec-following callers do not look. Move them into data.summary as size_bytes, kind and preview.",
    examples: {
      invalid: ['"data": {"summary": {…}, "artifact_size_bytes": 40960, "artifact_kind": "json", "artifact": "sha256:…"}'],
      valid: ['"data": {"summary": {"size_bytes": 40960, "kind": "json", "preview": "…"}, "artifact": "sha256:…"}'],
    },
    sources: [envelope, okCas],
    aliases: ['foxctl/drift/artifact-summary'],
    description: 'Drift: artifact size, kind or preview given beside data.summary (artifact_size_bytes, artifact_kind, …) instead of inside it.',
    messages: {beside: '{{fields}} {{stand}} beside data.summary instead of inside it (foxctl emits this: drift)'},
  }),
  driftUnknownField: rule({
    id: 'foxctl/drift-unknown-field',
    explanation:
      'Outside data the envelope has a fixed set of fields, and foxctl proto validate --strict refuses any other; callers ignore them at best. Move extra information into data (or error.details).',
    examples: {invalid: ['{"version": 1, "status": "ok", "host": "box-1", …}', '"meta": {"ts": "…", "user": "me"}'], valid: ['{"version": 1, "status": "ok", "data": {"host": "box-1"}, …}']},
    sources: [protoValidate, envelope],
    aliases: ['foxctl/drift/unknown-field'],
    description: 'Drift: a field outside data that the protocol does not define (upstream --strict refuses it).',
    messages: {unknownField: '"{{key}}" is not a Protocol v1 field of {{where}} (upstream\'s --strict refuses it)'},
  }),
} as const satisfies Record<string, Rule>;
