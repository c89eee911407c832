import type {JsonDocument} from '../../io/json-document.js';
import type {Finding, Severity} from '../../core/finding.js';
import type {NormalisedResponse, RecordedRequest} from '../types.js';

/** Where a recorded call sits, so a finding about it can point there. */
export interface Place {
  file: string;
  pointer: string;
  doc?: JsonDocument;
  /** For text inputs (SSE captures) without a JSON document. */
  line?: number;
}

export interface RecordedCall {
  response: NormalisedResponse;
  /** What the host sent, when the recording has it (HAR, `{request, response}` exchanges). */
  request?: RecordedRequest;
  place: Place;
}

export type RecordingFormat = 'mock-program' | 'provider-bodies' | 'sse-capture' | 'folder' | 'har';

export interface Recording {
  file: string;
  format: RecordingFormat;
  /** Usable calls in attempt order; reading stops at the first call that cannot be used (a finding says why). */
  calls: RecordedCall[];
  /** The node the recording belongs to, when it says (mock-AI programs do). */
  nodeId?: string;
  findings: Finding[];
  /** Nothing usable could be read: exit 2. */
  fatal: boolean;
}

export function placeFinding(place: Place, ruleId: string, severity: Severity, message: string, line?: number): Finding {
  if (place.doc && line === undefined) return place.doc.finding(ruleId, severity, message, place.pointer);
  const at = line ?? place.line ?? 1;
  return {ruleId, severity, message, file: place.file, pointer: place.pointer, line: at, column: 1, endLine: at, endColumn: 1};
}
