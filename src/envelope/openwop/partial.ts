import type {JsonDocument} from '../../io/json-document.js';
import type {Rule} from '../../core/rule.js';
import {ruleFinding, ruleMessage} from '../../io/rule-finding.js';
import type {Finding} from '../../core/finding.js';
import type {FindingSink} from '../finding-sink.js';
import {ENVELOPE_RULES} from './rules.js';

export interface PartialInfo {
  isPartial: boolean;
  index: number;
  total: number;
}

interface OpenSequence {
  next: number;
  total: number;
  /** Where the latest chunk is, for the finding if the stream ends before the final chunk. */
  at: {line: number; column: number; pointer: string};
}

/** Open sequences kept at once; past this the oldest is forgotten (its later chunks then report as out of order). */
export const MAX_OPEN_PARTIALS = 65_536;

/**
 * Partial emissions [open upstream: reassembly is an open gap]. Chunks of one emission share a correlationId and are
 * checked in stream order: index 0, 1, 2…; every chunk states the same `total` (−1, unknown, may later become known);
 * no index at or past a known total; isPartial true on every chunk but the last, false on the last.
 * Only open sequences are kept, so memory follows the number of emissions in flight, not the stream length.
 */
export class PartialSequences {
  private readonly open = new Map<string, OpenSequence>();

  /** Checks one chunk; true when it continues an open sequence (so it is not a new envelope for limits or replays). */
  chunk(correlationId: string, p: PartialInfo, doc: JsonDocument, pointer: string, line: number | undefined, sink: FindingSink): boolean {
    const at = () => (line === undefined ? {...doc.locate(pointer), pointer} : {line, column: 1, pointer});
    const report = (rule: Rule, messageId: string, data: Record<string, number>, field: string) =>
      sink.add(ruleFinding(doc, rule, 'error', messageId, {correlationId, ...data}, `${pointer}/partial/${field}`));
    const seq = this.open.get(correlationId);
    let total = p.total;
    if (seq === undefined) {
      if (p.index !== 0) report(ENVELOPE_RULES.partialOrder, 'firstIndex', {index: p.index}, 'index');
    } else {
      if (p.index !== seq.next) report(ENVELOPE_RULES.partialOrder, 'outOfOrder', {index: p.index, previous: seq.next - 1, expected: seq.next}, 'index');
      if (seq.total >= 0 && p.total !== seq.total) {
        report(ENVELOPE_RULES.partialTotal, 'totalChanged', {total: p.total, earlier: seq.total}, 'total');
        total = seq.total;
      }
    }
    if (total >= 0 && p.index >= total) report(ENVELOPE_RULES.partialTotal, 'pastTotal', {index: p.index, total}, 'index');
    else if (total >= 0 && p.isPartial && p.index === total - 1) report(ENVELOPE_RULES.partialFinal, 'lastStillPartial', {index: p.index, total}, 'isPartial');
    else if (total >= 0 && !p.isPartial && p.index < total - 1) report(ENVELOPE_RULES.partialFinal, 'endedEarly', {index: p.index, total}, 'isPartial');

    if (!p.isPartial) this.open.delete(correlationId);
    else if (seq) {
      seq.next = p.index + 1;
      seq.total = total;
      seq.at = at();
    } else {
      if (this.open.size >= MAX_OPEN_PARTIALS) this.open.delete(this.open.keys().next().value as string);
      this.open.set(correlationId, {next: p.index + 1, total, at: at()});
    }
    return seq !== undefined;
  }

  /** A whole envelope with the correlationId of an open sequence: that emission never got its final chunk. True when so. */
  interrupted(correlationId: string, doc: JsonDocument, pointer: string, sink: FindingSink): boolean {
    if (this.open.size === 0) return false;
    const seq = this.open.get(correlationId);
    if (seq === undefined) return false;
    this.open.delete(correlationId);
    sink.add(ruleFinding(doc, ENVELOPE_RULES.partialFinal, 'error', 'interrupted', {correlationId, index: seq.next - 1}, pointer));
    return true;
  }

  /** Sequences still open when the stream ends. */
  unfinished(file: string): Finding[] {
    return [...this.open].map(([correlationId, seq]) => {
      // The stream has ended and its document with it: the place was kept when the chunk was read.
      const data = {correlationId, index: seq.next - 1};
      const message = ruleMessage(ENVELOPE_RULES.partialFinal, 'unfinished', data);
      return {
        ruleId: ENVELOPE_RULES.partialFinal.id,
        severity: 'warning' as const,
        message,
        messageId: 'unfinished',
        data,
        file,
        pointer: `${seq.at.pointer}/partial/isPartial`,
        line: seq.at.line,
        column: seq.at.column,
      };
    });
  }
}
