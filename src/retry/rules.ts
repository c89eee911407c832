import {defineRule, type Rule, type RuleSpec} from '../core/rule.js';
import {LABELED_AJV_MESSAGES} from '../schemas/ajv-findings.js';

const rule = (spec: RuleSpec): Rule => defineRule({commands: ['simulate retry'], ...spec});

/** Every finding `simulate retry` can produce besides the shared io/* and json/* ones. */
export const RETRY_RULES = {
  // Reading recordings
  emptyRecording: rule({id: 'retry/empty-recording', description: 'The recording holds no provider calls.'}),
  recordingShape: rule({id: 'retry/recording-shape', description: 'A recording entry has the wrong shape (mock-AI program step, folder file).'}),
  folderManifest: rule({id: 'retry/folder-manifest', description: "A folder's manifest.json is unreadable or names a call file the folder does not hold."}),
  unknownProvider: rule({id: 'retry/unknown-provider', description: 'A response body or stream matches none of the four provider APIs; --provider names one.'}),
  providerBody: rule({id: 'retry/provider-body', description: 'A provider response lacks the fields its API always sends.'}),
  providerErrorBody: rule({id: 'retry/provider-error-body', description: 'A provider HTTP error body, not a model reply, where a reply was expected.'}),
  sseCut: rule({id: 'retry/sse-cut', description: 'The SSE capture stops inside an event.'}),
  sseData: rule({id: 'retry/sse-data', description: 'An SSE event carries data that is not JSON.'}),
  sseNoStop: rule({id: 'retry/sse-no-stop', description: "The SSE capture ends before the provider's final stop signal."}),
  sseAfterDone: rule({id: 'retry/sse-after-done', description: 'Events after `data: [DONE]` in an SSE capture: ignored, as a client stops reading there.'}),
  harNoProviderEntries: rule({id: 'retry/har-no-provider-entries', description: 'No HAR entry is a call to one of the four provider APIs.'}),
  harHttpError: rule({id: 'retry/har-http-error', description: 'A provider call failed at the HTTP level (a transport retry, not an RFC 0033 one); left out of the replay.'}),
  harNoBody: rule({id: 'retry/har-no-body', description: 'A HAR provider entry was saved without its response body.'}),
  harNoRequestBody: rule({id: 'retry/har-no-request-body', description: "A HAR provider entry has no JSON request body, so the host's side of that call is not checked."}),
  recordingExhausted: rule({id: 'retry/recording-exhausted', description: 'The recording ends while a conformant router still wants another call.'}),
  // The host's own routing (HAR / exchanges with requests)
  budgetNotGrown: rule({id: 'retry/budget-not-grown', description: 'After a truncation the host retried without a larger output budget (RFC 0033 §B).'}),
  budgetChanged: rule({id: 'retry/budget-changed', description: 'After a schema violation the host changed the output budget; it must stay the same (RFC 0033 §C).'}),
  budgetMultiplier: rule({id: 'retry/budget-multiplier', description: 'The host grew the budget by a factor other than the stated truncationBudgetMultiplier.'}),
  budgetUnknown: rule({id: 'retry/budget-unknown', description: 'A request carries no output budget, so budget rules were not checked for it.'}),
  fragmentOnTruncation: rule({
    id: 'retry/fragment-on-truncation',
    description: 'The host changed the prompt (a corrective fragment) when retrying a truncation; it must only grow the budget (RFC 0033 §B).',
  }),
  fragmentMissing: rule({id: 'retry/fragment-missing', description: 'The host retried a schema violation with an unchanged prompt: no corrective fragment (RFC 0033 §C).'}),
  fragmentEchoesOutput: rule({
    id: 'retry/fragment-echoes-output',
    description: 'The retry prompt quotes the previous reply; a corrective fragment is built from validator output, never model text (RFC 0033 §C).',
  }),
  callAfterRefusal: rule({id: 'retry/call-after-refusal', description: 'The host called the provider again after a refusal; refusals are never retried (RFC 0033).'}),
  overCap: rule({id: 'retry/over-cap', description: 'The host made more provider calls for one emission than the cap allows.'}),
  extraCall: rule({id: 'retry/extra-call', description: 'The host called again after the router had finished (accepted, or failed at the budget ceiling).'}),
  // The host's emitted run events (--trace)
  traceShape: rule({id: 'retry/trace-shape', description: 'A --trace entry is not a run event {type, payload}.'}),
  tracePayload: rule({id: 'retry/trace-payload', description: 'A run event payload fails its RFC 0032 schema.', messages: LABELED_AJV_MESSAGES}),
  traceOrder: rule({id: 'retry/trace-order', description: 'Run events are out of order (envelope.retry.exhausted must precede node.failed).'}),
  traceReason: rule({id: 'retry/trace-reason', description: 'A retry reason conflates truncation and schema violation, or differs from the recorded stop.'}),
  traceMissingEvent: rule({id: 'retry/trace-missing-event', description: 'An event a conformant host emits for this recording is missing from the trace.'}),
  traceUnexpectedEvent: rule({id: 'retry/trace-unexpected-event', description: 'The trace has an event a conformant host would not emit for this recording.'}),
  traceErrorCode: rule({id: 'retry/trace-error-code', description: 'node.failed carries another error code than RFC 0033 requires.'}),
} as const satisfies Record<string, Rule>;

export const RETRY_RULE_LIST: readonly Rule[] = Object.values(RETRY_RULES);
