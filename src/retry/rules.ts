import type {RuleDescriptor} from '../core/finding.js';

/** Every finding `simulate retry` can produce besides the shared io/* and json/* ones. */
export const RETRY_RULES = {
  // Reading recordings
  emptyRecording: {id: 'retry/empty-recording', description: 'The recording holds no provider calls.'},
  recordingShape: {id: 'retry/recording-shape', description: 'A recording entry has the wrong shape (mock-AI program step, folder file).'},
  folderManifest: {id: 'retry/folder-manifest', description: "A folder's manifest.json is unreadable or names a call file the folder does not hold."},
  unknownProvider: {id: 'retry/unknown-provider', description: 'A response body or stream matches none of the four provider APIs; --provider names one.'},
  providerBody: {id: 'retry/provider-body', description: 'A provider response lacks the fields its API always sends.'},
  providerErrorBody: {id: 'retry/provider-error-body', description: 'A provider HTTP error body, not a model reply, where a reply was expected.'},
  sseCut: {id: 'retry/sse-cut', description: 'The SSE capture stops inside an event.'},
  sseData: {id: 'retry/sse-data', description: 'An SSE event carries data that is not JSON.'},
  sseNoStop: {id: 'retry/sse-no-stop', description: 'The SSE capture ends before the provider\'s final stop signal.'},
  sseAfterDone: {id: 'retry/sse-after-done', description: 'Events after `data: [DONE]` in an SSE capture: ignored, as a client stops reading there.'},
  harNoProviderEntries: {id: 'retry/har-no-provider-entries', description: 'No HAR entry is a call to one of the four provider APIs.'},
  harHttpError: {id: 'retry/har-http-error', description: 'A provider call failed at the HTTP level (a transport retry, not an RFC 0033 one); left out of the replay.'},
  harNoBody: {id: 'retry/har-no-body', description: 'A HAR provider entry was saved without its response body.'},
  harNoRequestBody: {id: 'retry/har-no-request-body', description: 'A HAR provider entry has no JSON request body, so the host\'s side of that call is not checked.'},
  recordingExhausted: {id: 'retry/recording-exhausted', description: 'The recording ends while a conformant router still wants another call.'},
  // The host's own routing (HAR / exchanges with requests)
  budgetNotGrown: {id: 'retry/budget-not-grown', description: 'After a truncation the host retried without a larger output budget (RFC 0033 §B).'},
  budgetChanged: {id: 'retry/budget-changed', description: 'After a schema violation the host changed the output budget; it must stay the same (RFC 0033 §C).'},
  budgetMultiplier: {id: 'retry/budget-multiplier', description: 'The host grew the budget by a factor other than the stated truncationBudgetMultiplier.'},
  budgetUnknown: {id: 'retry/budget-unknown', description: 'A request carries no output budget, so budget rules were not checked for it.'},
  fragmentOnTruncation: {id: 'retry/fragment-on-truncation', description: 'The host changed the prompt (a corrective fragment) when retrying a truncation; it must only grow the budget (RFC 0033 §B).'},
  fragmentMissing: {id: 'retry/fragment-missing', description: 'The host retried a schema violation with an unchanged prompt: no corrective fragment (RFC 0033 §C).'},
  fragmentEchoesOutput: {id: 'retry/fragment-echoes-output', description: 'The retry prompt quotes the previous reply; a corrective fragment is built from validator output, never model text (RFC 0033 §C).'},
  callAfterRefusal: {id: 'retry/call-after-refusal', description: 'The host called the provider again after a refusal; refusals are never retried (RFC 0033).'},
  overCap: {id: 'retry/over-cap', description: 'The host made more provider calls for one emission than the cap allows.'},
  extraCall: {id: 'retry/extra-call', description: 'The host called again after the router had finished (accepted, or failed at the budget ceiling).'},
  // The host's emitted run events (--trace)
  traceShape: {id: 'retry/trace-shape', description: 'A --trace entry is not a run event {type, payload}.'},
  tracePayload: {id: 'retry/trace-payload', description: 'A run event payload fails its RFC 0032 schema.'},
  traceOrder: {id: 'retry/trace-order', description: 'Run events are out of order (envelope.retry.exhausted must precede node.failed).'},
  traceReason: {id: 'retry/trace-reason', description: 'A retry reason conflates truncation and schema violation, or differs from the recorded stop.'},
  traceMissingEvent: {id: 'retry/trace-missing-event', description: 'An event a conformant host emits for this recording is missing from the trace.'},
  traceUnexpectedEvent: {id: 'retry/trace-unexpected-event', description: 'The trace has an event a conformant host would not emit for this recording.'},
  traceErrorCode: {id: 'retry/trace-error-code', description: 'node.failed carries another error code than RFC 0033 requires.'},
} as const satisfies Record<string, RuleDescriptor>;

export const RETRY_RULE_LIST: RuleDescriptor[] = Object.values(RETRY_RULES);
