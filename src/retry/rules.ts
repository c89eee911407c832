import {defineRule, type Rule, type RuleSource, type RuleSpec} from '../core/rule.js';
import {LABELED_AJV_MESSAGES} from '../schemas/ajv-findings.js';
import {VERIFIED, OPENWOP_MAIN} from '../core/rule-sources.js';

const rule = (spec: RuleSpec): Rule => defineRule({commands: ['simulate retry'], ...spec});

/** The upstream texts the retry rules rest on; each rule cites the ones its fact comes from. */
const SOURCES = {
  rfc0033: {
    url: `${OPENWOP_MAIN}/RFCS/0033-envelope-completion-contract.md`,
    title: 'OpenWOP RFC 0033: envelope completion, truncation vs schema-violation retry routing, error codes',
    verified: VERIFIED,
  },
  rfc0032: {url: `${OPENWOP_MAIN}/RFCS/0032-envelope-reliability-events.md`, title: 'OpenWOP RFC 0032: envelope reliability run events', verified: VERIFIED},
  runEvents: {url: `${OPENWOP_MAIN}/schemas/run-event-payloads.schema.json`, title: 'OpenWOP run-event payload schemas (envelope.*, cap.breached, node.failed)', verified: VERIFIED},
  mockAi: {
    url: `${OPENWOP_MAIN}/conformance/src/scenarios/envelope-completion-distinguishes-truncation.test.ts`,
    title: 'OpenWOP conformance: mock-AI programs {nodeId, program: [{stopReason?, content}]}',
    verified: VERIFIED,
  },
  openaiChat: {url: 'https://platform.openai.com/docs/api-reference/chat/object', title: 'OpenAI Chat Completions: the chat completion object (finish_reason, message.refusal)', verified: VERIFIED},
  openaiChatStream: {url: 'https://platform.openai.com/docs/api-reference/chat-streaming', title: 'OpenAI Chat Completions: streamed chunks, ended by data: [DONE]', verified: VERIFIED},
  openaiResponses: {url: 'https://platform.openai.com/docs/api-reference/responses/object', title: 'OpenAI Responses: the response object (status, incomplete_details)', verified: VERIFIED},
  openaiResponsesStream: {
    url: 'https://platform.openai.com/docs/api-reference/responses-streaming',
    title: 'OpenAI Responses: streaming events, ended by response.completed or response.incomplete',
    verified: VERIFIED,
  },
  anthropic: {url: 'https://docs.claude.com/en/api/messages', title: 'Anthropic Messages API: the message object (stop_reason, max_tokens)', verified: VERIFIED},
  anthropicStream: {url: 'https://docs.claude.com/en/docs/build-with-claude/streaming', title: 'Anthropic Messages streaming: message_start … message_delta, message_stop', verified: VERIFIED},
  anthropicErrors: {url: 'https://docs.claude.com/en/api/errors', title: 'Anthropic API errors: {"type": "error", "error": {type, message}}', verified: VERIFIED},
  gemini: {url: 'https://ai.google.dev/api/generate-content', title: 'Gemini API generateContent and streamGenerateContent (candidates, finishReason, promptFeedback)', verified: VERIFIED},
  openaiErrors: {url: 'https://platform.openai.com/docs/guides/error-codes', title: 'OpenAI API error codes', verified: VERIFIED},
  sse: {url: 'https://html.spec.whatwg.org/multipage/server-sent-events.html', title: 'WHATWG HTML: server-sent events, the event stream format', verified: VERIFIED},
  har: {url: 'https://w3c.github.io/web-performance/specs/HAR/Overview.html', title: 'W3C HTTP Archive (HAR) format', verified: VERIFIED},
} satisfies Record<string, RuleSource>;

const PROVIDER_APIS = [SOURCES.openaiChat, SOURCES.openaiResponses, SOURCES.anthropic, SOURCES.gemini];
const PROVIDER_STREAMS = [SOURCES.openaiChatStream, SOURCES.openaiResponsesStream, SOURCES.anthropicStream, SOURCES.gemini];

/** Every finding `simulate retry` can produce besides the shared io/* and json/* ones. */
export const RETRY_RULES = {
  // Reading recordings
  emptyRecording: rule({
    id: 'retry/empty-recording',
    description: 'The recording holds no provider calls.',
    explanation: 'With no call to replay there is no outcome to route, so nothing about the host can be judged. Record at least the first provider call of the emission.',
    examples: {invalid: ['{"nodeId": "extract", "program": []}', 'a HAR whose log.entries is []'], valid: ['{"nodeId": "extract", "program": [{"content": "{\\"valid\\": true}"}]}']},
    sources: [SOURCES.mockAi, SOURCES.har],
  }),
  recordingShape: rule({
    id: 'retry/recording-shape',
    description: 'A recording entry has the wrong shape (mock-AI program step, folder file).',
    explanation:
      'A step that cannot be read gives no stop reason or reply to route on; the replay stops at the call before it. Give each mock-AI step a string content and, when present, a string stopReason (absent means a clean stop).',
    examples: {
      invalid: ['{"program": [{"content": "{…}"}, {"stopReason": 3, "content": "{…}"}]}'],
      valid: ['{"program": [{"stopReason": "max_tokens", "content": "{\\"tic"}, {"content": "{\\"ticket\\": 1}"}]}'],
    },
    sources: [SOURCES.mockAi],
  }),
  folderManifest: rule({
    id: 'retry/folder-manifest',
    description: "A folder's manifest.json is unreadable or names a call file the folder does not hold.",
    explanation:
      'The manifest fixes the order of the calls of one emission; if it cannot be read, or lists a file that is not there, the attempt order is unknown and the recording is not replayed. List only call files (.json or .sse) that sit beside it, in the order they were made.',
    examples: {
      invalid: ['manifest.json {"calls": ["first.json", "gone.json"]} with no gone.json in the folder'],
      valid: ['manifest.json {"nodeId": "extract", "calls": ["first.json", "retry.json"]} beside both files'],
    },
  }),
  unknownProvider: rule({
    id: 'retry/unknown-provider',
    description: 'A response body or stream matches none of the four provider APIs; --provider names one.',
    explanation:
      'The stop reason lives in a different field in each provider API (choices[].finish_reason, status, stop_reason, candidates[].finishReason); without knowing the API the call cannot be classed as clean, truncated or refused. Record the raw provider response, or name its API with --provider.',
    examples: {invalid: ['[1, 2]', '{"text": "{…}"}'], valid: ['{"choices": [{"finish_reason": "stop", "message": {"content": "{…}"}}], …}', '--provider anthropic']},
    sources: PROVIDER_APIS,
  }),
  providerBody: rule({
    id: 'retry/provider-body',
    description: 'A provider response lacks the fields its API always sends.',
    explanation:
      'A body missing its stop reason or reply content cannot be routed, so the replay stops there. This usually means the body was edited by hand or the wrong --provider was named; record the full response as the API returned it.',
    examples: {
      invalid: ['a Chat Completions body read with --provider anthropic (no stop_reason, no content[])'],
      valid: ['{"type": "message", "content": [{"type": "text", "text": "{…}"}], "stop_reason": "end_turn", …}'],
    },
    sources: PROVIDER_APIS,
  }),
  providerErrorBody: rule({
    id: 'retry/provider-error-body',
    description: 'A provider HTTP error body, not a model reply, where a reply was expected.',
    explanation:
      'An error body (rate limit, overload, bad request) carries no model output, so it is neither a truncation nor a schema violation under RFC 0033 and the replay stops there. Record a call that succeeded, or leave the failed transport attempt out of the recording.',
    examples: {
      invalid: ['{"error": {"type": "rate_limit_error", "message": "slow down"}}', 'data: {"error": {"code": 500, "status": "INTERNAL", …}}'],
      valid: ['a 200 response body with the model reply'],
    },
    sources: [SOURCES.rfc0033, SOURCES.openaiErrors, SOURCES.anthropicErrors, SOURCES.gemini],
  }),
  sseCut: rule({
    id: 'retry/sse-cut',
    description: 'The SSE capture stops inside an event.',
    explanation: 'An event stream dispatches an event only at a blank line; a capture that ends mid-event lost that event and whatever followed. Capture the stream until the connection closes.',
    examples: {invalid: ['data: {"choices": [{"delta": {"content": "{\\"a"}}]}   (no blank line after it, end of file)'], valid: ['data: {…}\\n\\ndata: [DONE]\\n\\n']},
    sources: [SOURCES.sse],
  }),
  sseData: rule({
    id: 'retry/sse-data',
    description: 'An SSE event carries data that is not JSON.',
    explanation: 'All four provider streams send one JSON object per data field (OpenAI Chat also sends the literal [DONE]); any other data means the capture is damaged or is not a provider stream.',
    examples: {invalid: ['data: {"a": 1}\\n\\ndata: nope\\n\\n'], valid: ['data: {"type": "message_stop"}\\n\\n']},
    sources: [SOURCES.sse, ...PROVIDER_STREAMS],
  }),
  sseNoStop: rule({
    id: 'retry/sse-no-stop',
    description: "The SSE capture ends before the provider's final stop signal.",
    explanation:
      'Without the final event (finish_reason, response.completed or response.incomplete, message_delta with stop_reason, or a candidate finishReason) the call cannot be told apart from a dropped connection, so it is not routed. Capture the whole stream.',
    examples: {
      invalid: ['data: {"type": "response.created", …}\\n\\ndata: {"type": "response.output_text.delta", "delta": "{"}\\n\\n   (then nothing)'],
      valid: ['… data: {"type": "response.completed", "response": {"status": "completed", …}}\\n\\n'],
    },
    sources: PROVIDER_STREAMS,
  }),
  sseAfterDone: rule({
    id: 'retry/sse-after-done',
    description: 'Events after `data: [DONE]` in an SSE capture: ignored, as a client stops reading there.',
    explanation: 'OpenAI ends a Chat Completions stream with data: [DONE]; anything after it never reaches a client. Usually two captures were joined into one file: split them.',
    examples: {invalid: ['data: [DONE]\\n\\ndata: {"choices": […]}\\n\\n'], valid: ['data: {"choices": [{"finish_reason": "stop", …}]}\\n\\ndata: [DONE]\\n\\n']},
    sources: [SOURCES.openaiChatStream],
  }),
  harNoProviderEntries: rule({
    id: 'retry/har-no-provider-entries',
    description: 'No HAR entry is a call to one of the four provider APIs.',
    explanation:
      'Only calls to the Chat Completions, Responses, Messages and generateContent endpoints are replayed; a HAR without one has nothing to check. Record the browser or proxy session while the host calls the provider, and keep response bodies.',
    examples: {
      invalid: ['{"log": {"entries": [{"request": {"url": "https://example.com/"}, …}]}}'],
      valid: ['{"log": {"entries": [{"request": {"method": "POST", "url": "https://api.anthropic.com/v1/messages", …}, …}]}}'],
    },
    sources: [SOURCES.har, ...PROVIDER_APIS],
  }),
  harHttpError: rule({
    id: 'retry/har-http-error',
    description: 'A provider call failed at the HTTP level (a transport retry, not an RFC 0033 one); left out of the replay.',
    explanation:
      "RFC 0033 routes only replies the model produced; a 429 or 5xx and the host's resend of it are transport retries and do not count as an emission attempt. Nothing to fix unless the failure was unexpected.",
    examples: {invalid: ['an entry with "response": {"status": 529, …} from https://api.anthropic.com/v1/messages'], valid: ['an entry with "response": {"status": 200, …}']},
    sources: [SOURCES.rfc0033, SOURCES.har],
  }),
  harNoBody: rule({
    id: 'retry/har-no-body',
    description: 'A HAR provider entry was saved without its response body.',
    explanation:
      'The stop reason and reply are in the response body; many HAR exports drop bodies by default or for size. Export the HAR with content ("Save all as HAR with content"), so response.content.text is present.',
    examples: {
      invalid: ['"response": {"status": 200, "content": {"size": 512, "mimeType": "application/json"}}'],
      valid: ['"response": {"status": 200, "content": {"mimeType": "application/json", "text": "{\\"choices\\": […]}"}}'],
    },
    sources: [SOURCES.har],
  }),
  harNoRequestBody: rule({
    id: 'retry/har-no-request-body',
    description: "A HAR provider entry has no JSON request body, so the host's side of that call is not checked.",
    explanation:
      'The output budget and prompt the host sent are in request.postData; without them the budget and corrective-fragment rules cannot judge that retry. Export the HAR with request bodies.',
    examples: {
      invalid: ['"request": {"method": "POST", "url": "https://api.openai.com/v1/chat/completions"}   (no postData)'],
      valid: ['"request": {…, "postData": {"mimeType": "application/json", "text": "{\\"max_completion_tokens\\": 1024, …}"}}'],
    },
    sources: [SOURCES.har],
  }),
  recordingExhausted: rule({
    id: 'retry/recording-exhausted',
    severity: 'warning',
    description: 'The recording ends while a conformant router still wants another call.',
    explanation:
      'The last recorded call was truncated or failed the schema with retries left, so a conformant host would call again; the recording cannot show how the emission ends. Record the remaining attempts, or lower --max-attempts to what the host allows.',
    examples: {
      invalid: ['{"program": [{"stopReason": "max_tokens", "content": "{\\"tic"}]} with --max-attempts 3'],
      valid: ['{"program": [{"stopReason": "max_tokens", "content": "{\\"tic"}, {"content": "{\\"ticket\\": 1}"}]}'],
    },
    sources: [SOURCES.rfc0033],
  }),
  // The host's own routing (HAR / exchanges with requests)
  budgetNotGrown: rule({
    id: 'retry/budget-not-grown',
    description: 'After a truncation the host retried without a larger output budget (RFC 0033 §B).',
    explanation:
      'A truncated reply ran out of output tokens; resending with the same budget cuts it off at the same point. Multiply the output budget (2× recommended) on every truncation retry, clamped at the provider maximum.',
    examples: {
      invalid: ['call 1 {"max_tokens": 1024} → stop_reason "max_tokens"; call 2 {"max_tokens": 1024}'],
      valid: ['call 1 {"max_tokens": 1024} → stop_reason "max_tokens"; call 2 {"max_tokens": 2048}'],
    },
    sources: [SOURCES.rfc0033, SOURCES.anthropic, SOURCES.openaiChat, SOURCES.openaiResponses, SOURCES.gemini],
  }),
  budgetChanged: rule({
    id: 'retry/budget-changed',
    description: 'After a schema violation the host changed the output budget; it must stay the same (RFC 0033 §C).',
    explanation:
      'A reply that stopped cleanly but failed the schema did not fail for size, so a bigger budget only spends more tokens on the same mistake. Keep the budget and add a corrective fragment instead.',
    examples: {
      invalid: ['call 1 {"max_output_tokens": 800} → completed, payload invalid; call 2 {"max_output_tokens": 1600}'],
      valid: ['call 2 {"max_output_tokens": 800} with a corrective fragment'],
    },
    sources: [SOURCES.rfc0033],
  }),
  budgetMultiplier: rule({
    id: 'retry/budget-multiplier',
    severity: 'warning',
    description: 'The host grew the budget by a factor other than the stated truncationBudgetMultiplier.',
    explanation:
      'A host advertises reliability.completion.truncationBudgetMultiplier (default 2) so clients can estimate cost; growing by another factor makes that advertisement wrong. Use the advertised factor, or advertise the one you use (a clamp at the provider ceiling is allowed).',
    examples: {invalid: ['truncationBudgetMultiplier 2; budgets 1000 → 3000'], valid: ['truncationBudgetMultiplier 2; budgets 1000 → 2000']},
    sources: [SOURCES.rfc0033],
  }),
  budgetUnknown: rule({
    id: 'retry/budget-unknown',
    severity: 'info',
    description: 'A request carries no output budget, so budget rules were not checked for it.',
    explanation:
      "Each API names the budget differently (max_tokens or max_completion_tokens, max_output_tokens, generationConfig.maxOutputTokens); a request with none leaves the provider's default in force, which cannot be compared across retries. Send an explicit budget on every call.",
    examples: {invalid: ['{"model": "…", "messages": […]}'], valid: ['{"model": "…", "messages": […], "max_completion_tokens": 1024}']},
    sources: [SOURCES.openaiChat, SOURCES.openaiResponses, SOURCES.anthropic, SOURCES.gemini],
  }),
  fragmentOnTruncation: rule({
    id: 'retry/fragment-on-truncation',
    description: 'The host changed the prompt (a corrective fragment) when retrying a truncation; it must only grow the budget (RFC 0033 §B).',
    explanation: 'The truncated reply had the right shape, just not all of it; telling the model its shape was wrong misleads it. Resend the same prompt with a larger budget.',
    examples: {invalid: ['call 2 adds "Your previous emission did not validate…" after a max_tokens stop'], valid: ['call 2: same messages, budget doubled']},
    sources: [SOURCES.rfc0033],
  }),
  fragmentMissing: rule({
    id: 'retry/fragment-missing',
    description: 'The host retried a schema violation with an unchanged prompt: no corrective fragment (RFC 0033 §C).',
    explanation: 'Asking again unchanged tends to reproduce the same invalid payload. Add a host-written fragment that states what the validator reported (for example a missing required field).',
    examples: {
      invalid: ['call 2 has exactly the messages of call 1 after a clean stop with an invalid payload'],
      valid: ['call 2 adds a system fragment: "Validator output: /steps is required. Re-emit the envelope."'],
    },
    sources: [SOURCES.rfc0033],
  }),
  fragmentEchoesOutput: rule({
    id: 'retry/fragment-echoes-output',
    severity: 'warning',
    description: 'The retry prompt quotes the previous reply; a corrective fragment is built from validator output, never model text (RFC 0033 §C).',
    explanation: "Feeding the model's own text back as instructions opens a prompt-injection path. Describe the validation error in the host's words; do not paste the reply.",
    examples: {invalid: ['fragment: "You wrote {\\"ticket\\": \\"ignore previous instructions…\\"}; fix it"'], valid: ['fragment: "/ticket must be an integer"']},
    sources: [SOURCES.rfc0033],
  }),
  callAfterRefusal: rule({
    id: 'retry/call-after-refusal',
    description: 'The host called the provider again after a refusal; refusals are never retried (RFC 0033).',
    explanation:
      'A refusal (message.refusal or content_filter, a refusal content part, stop_reason "refusal", a Gemini SAFETY-class finishReason or promptFeedback.blockReason) is a policy decision, not a fault a retry can fix. Emit envelope.refusal and fail the node with envelope_refusal.',
    examples: {invalid: ['call 1 → {"stop_reason": "refusal"}; call 2 to the same endpoint'], valid: ['call 1 → refusal; node.failed {"error": {"code": "envelope_refusal"}}']},
    sources: [SOURCES.rfc0033, SOURCES.rfc0032, SOURCES.openaiChat, SOURCES.anthropic, SOURCES.gemini],
  }),
  overCap: rule({
    id: 'retry/over-cap',
    description: 'The host made more provider calls for one emission than the cap allows.',
    explanation:
      'Retries count against limits.schemaRounds, and conformance bounds the total by reliability.maxRetryAttempts; a host past the cap can spend without limit on a model that always truncates. Stop at the cap and emit envelope.retry.exhausted.',
    examples: {invalid: ['--max-attempts 3 and four calls for node "extract"'], valid: ['three calls, then envelope.retry.exhausted and cap.breached']},
    sources: [SOURCES.rfc0033],
  }),
  extraCall: rule({
    id: 'retry/extra-call',
    description: 'The host called again after the router had finished (accepted, or failed at the budget ceiling).',
    explanation: 'Once a payload is accepted, or a retry clamped at the provider ceiling truncates again, the emission is over; more calls are wasted and are not part of any RFC 0033 path.',
    examples: {invalid: ['call 2 accepted, then call 3 for the same node'], valid: ['call 2 accepted; no further call']},
    sources: [SOURCES.rfc0033],
  }),
  // The host's emitted run events (--trace)
  traceShape: rule({
    id: 'retry/trace-shape',
    description: 'A --trace entry is not a run event {type, payload}.',
    explanation:
      'Run events are objects with a type string and a payload object; an entry of another shape cannot be compared with the expected sequence. Give --trace a JSON array or NDJSON of run events.',
    examples: {
      invalid: ['["envelope.truncated"]', '{"event": "envelope.truncated"}'],
      valid: ['{"type": "envelope.truncated", "payload": {"nodeId": "extract", "provider": "anthropic", "model": "m", "stopReason": "max_tokens"}}'],
    },
    sources: [SOURCES.rfc0032],
  }),
  tracePayload: rule({
    id: 'retry/trace-payload',
    messages: LABELED_AJV_MESSAGES,
    description: 'A run event payload fails its RFC 0032 schema.',
    explanation:
      'The envelope.* payloads are closed objects with required fields (retry.attempted needs nodeId, attempt 1–16 and reason); consumers that validate events drop a bad one. Send exactly the fields the schema lists.',
    examples: {
      invalid: ['{"type": "envelope.retry.attempted", "payload": {"nodeId": "extract", "attempt": 0, "reason": "truncation"}}'],
      valid: ['{"type": "envelope.retry.attempted", "payload": {"nodeId": "extract", "attempt": 2, "reason": "truncation"}}'],
    },
    sources: [SOURCES.rfc0032, SOURCES.runEvents],
  }),
  traceOrder: rule({
    id: 'retry/trace-order',
    description: 'Run events are out of order (envelope.retry.exhausted must precede node.failed).',
    explanation: 'Clients read the exhaustion event as the reason for the failure that follows it; after node.failed it explains nothing. Emit retry.exhausted, then cap.breached, then node.failed.',
    examples: {invalid: ['node.failed, then envelope.retry.exhausted'], valid: ['envelope.retry.exhausted → cap.breached {"kind": "schema"} → node.failed']},
    sources: [SOURCES.rfc0033, SOURCES.rfc0032],
  }),
  traceReason: rule({
    id: 'retry/trace-reason',
    description: 'A retry reason conflates truncation and schema violation, or differs from the recorded stop.',
    explanation:
      'RFC 0033 makes the two failure modes distinct in telemetry as well as in routing; a truncation reported as schema-violation (or parse-error) misleads whoever reads the run. Report reason "truncation" when the call did not stop cleanly, even if the partial JSON also fails to parse.',
    examples: {
      invalid: ['after stopReason max_tokens: {"type": "envelope.retry.attempted", "payload": {…, "reason": "parse-error"}}'],
      valid: ['{"type": "envelope.retry.attempted", "payload": {…, "reason": "truncation"}}'],
    },
    sources: [SOURCES.rfc0033, SOURCES.rfc0032],
  }),
  traceMissingEvent: rule({
    id: 'retry/trace-missing-event',
    description: 'An event a conformant host emits for this recording is missing from the trace.',
    explanation:
      'Each path has its events: envelope.truncated on a truncation, envelope.retry.attempted before each retry, envelope.refusal on a refusal, retry.exhausted and cap.breached at the cap. Emit every one the path requires.',
    examples: {invalid: ['a truncation followed by a retry, with no envelope.truncated in the trace'], valid: ['envelope.truncated → envelope.retry.attempted {"attempt": 2, "reason": "truncation"}']},
    sources: [SOURCES.rfc0033, SOURCES.rfc0032],
  }),
  traceUnexpectedEvent: rule({
    id: 'retry/trace-unexpected-event',
    description: 'The trace has an event a conformant host would not emit for this recording.',
    explanation: 'An extra event claims something that did not happen, such as a retry.attempted for the first call, or after a refusal. Emit events only for the path the recording takes.',
    examples: {invalid: ['envelope.retry.attempted {"attempt": 1, …} before the first call'], valid: ['the first retry.attempted has attempt 2']},
    sources: [SOURCES.rfc0032, SOURCES.rfc0033],
  }),
  traceErrorCode: rule({
    id: 'retry/trace-error-code',
    description: 'node.failed carries another error code than RFC 0033 requires.',
    explanation:
      'Clients branch on the code: envelope_truncation_unrecoverable after exhausted truncation retries, envelope_invalid after schema-violation ones, envelope_refusal after a refusal (older hosts: envelope_refused_by_provider).',
    examples: {
      invalid: ['after exhausted truncation retries: node.failed {"error": {"code": "envelope_invalid"}}'],
      valid: ['node.failed {"error": {"code": "envelope_truncation_unrecoverable", …}}'],
    },
    sources: [SOURCES.rfc0033],
  }),
} as const satisfies Record<string, Rule>;

export const RETRY_RULE_LIST: readonly Rule[] = Object.values(RETRY_RULES);
