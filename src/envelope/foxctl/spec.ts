/** foxctl Protocol v1 facts (foxctl docs/spec/v1/protocol_v1.md and internal/domain/envelope). */

export const COMMAND = /^[a-z0-9][a-z0-9-]*\/[a-z0-9][a-z0-9-]*$/;
/** What real foxctl emits besides the written grammar: dotted (`agentctl.example.run`) or underscored names. */
export const DRIFT_COMMAND = /^[a-z0-9][a-z0-9_-]*(?:(?:\.[a-z0-9][a-z0-9_-]*)+|\/[a-z0-9][a-z0-9_-]*)$/;

export const ERROR_CATALOG: ReadonlySet<string> = new Set([
  'EARG',
  'EAUTH',
  'ERATELIMIT',
  'EPAGINATION',
  'ERUNTIME',
  'ENOTFOUND',
  'ETIMEOUT',
  'EPOLICY',
  'ESKILLDOWN',
  'EPARSE',
  'EOUTPUT_TOO_LARGE',
  'EENVELOPE',
  'EIO',
  'ECANCELED',
  'EOPENAPI',
]);
/** Shape of a code at all: upper-case words. Anything else in error.code is an error, not drift. */
export const ERROR_CODE_FORM = /^[A-Z][A-Z0-9_]*$/;
/** Used by foxctl's own code but missing from the written catalog. */
export const CODE_ONLY_ERRORS: ReadonlySet<string> = new Set(['ERUNTIME_RESTART']);

export const SOURCES: ReadonlySet<string> = new Set(['run', 'cache', 'memory']);

/** Fields outside `data` the protocol defines: the spec's, plus the Go Meta struct's (agent profile included). */
export const KNOWN_TOP: ReadonlySet<string> = new Set(['version', 'status', 'command', 'data', 'meta', 'error']);
export const KNOWN_META: ReadonlySet<string> = new Set([
  'ts',
  'duration_ms',
  'source',
  'runner',
  'seq',
  'final',
  'cas_digest',
  'memory',
  'job_id',
  'skill_version',
  'workspace',
  'cache_key',
  'partial',
  'profiles',
  'agent_id',
  'mailbox_id',
  'correlation_id',
  'parent_job_id',
  'quota_remaining',
  'trace_id',
]);
export const KNOWN_ERROR: ReadonlySet<string> = new Set(['code', 'message', 'details']);

/** Inline data over this (serialized, UTF-8) must be artifactized (`inline_output_kb`, default 32). */
export const INLINE_LIMIT_BYTES = 32 * 1024;
/** "Keep preview small (< 1KB recommended)". */
export const PREVIEW_LIMIT_BYTES = 1024;
export const ARTIFACT = /^sha256:[0-9a-f]{64}$/;

/** Keys whose value is a credential whatever it looks like: it must be "***" (or absent). */
export const SECRET_KEY = /^(?:password|passwd|secret|client[_-]?secret|secret[_-]?key|private[_-]?key|api[_-]?key|apikey|(?:access|refresh|id|auth|api|bearer)[_-]?token|authorization)$/i;
export const SECRET_KEY_HINT = /"(?:password|passwd|secret|client[_-]?secret|secret[_-]?key|private[_-]?key|api[_-]?key|apikey|(?:access|refresh|id|auth|api|bearer)[_-]?token|authorization)"\s*:/i;
