import type {InputSource} from '../io/inputs.js';
import {readDocuments, type ReadOptions} from '../io/read-documents.js';
import type {FileResult, Finding} from '../report/finding.js';
import {checkFoxctlEnvelope, looksLikeFoxctl} from './foxctl/check-envelope.js';
import {checkEnvelope} from './openwop/check-envelope.js';
import {ENVELOPE_RULES} from './openwop/rules.js';

export interface EnvelopeTally {
  envelopes: number;
  valid: number;
  invalid: number;
  kinds: Record<string, number>;
}

export type Protocol = 'auto' | 'openwop' | 'foxctl';

export interface SourceOptions extends ReadOptions {
  protocol?: Protocol;
}

export interface SourceOutcome {
  result: FileResult;
  tally: EnvelopeTally;
  fatal: boolean;
}

export function emptyTally(): EnvelopeTally {
  return {envelopes: 0, valid: 0, invalid: 0, kinds: Object.create(null)};
}

/** Validates every envelope in one input: a JSON object, a JSON array of envelopes, or an NDJSON stream of either. */
export async function validateEnvelopeSource(source: InputSource, options: SourceOptions = {}): Promise<SourceOutcome> {
  const protocol = options.protocol ?? 'auto';
  const findings: Finding[] = [];
  const tally = emptyTally();
  let fatal = false;
  for await (const event of readDocuments(source, options)) {
    if (event.type === 'problem') {
      findings.push(event.finding);
      fatal ||= Boolean(event.fatal);
      continue;
    }
    const {doc} = event;
    findings.push(...doc.problemFindings());
    if (!doc.parsed) {
      tally.envelopes++;
      tally.invalid++;
      continue;
    }
    const entries: [string, unknown][] = Array.isArray(doc.value) ? doc.value.map((v, i) => [`/${i}`, v]) : [['', doc.value]];
    if (Array.isArray(doc.value) && doc.value.length === 0) {
      findings.push(doc.finding(ENVELOPE_RULES.shape.id, 'warning', 'an empty array: no envelopes to check', ''));
    }
    for (const [pointer, value] of entries) {
      const foxctl = protocol === 'foxctl' || (protocol === 'auto' && looksLikeFoxctl(value));
      const verdict = foxctl ? checkFoxctlEnvelope(doc, pointer, value) : checkEnvelope(doc, pointer, value);
      tally.envelopes++;
      if (verdict.valid) tally.valid++;
      else tally.invalid++;
      if (verdict.kind) tally.kinds[verdict.kind] = (tally.kinds[verdict.kind] ?? 0) + 1;
      findings.push(...verdict.findings);
    }
  }
  return {result: {file: source.display, findings}, tally, fatal};
}

export function addTally(into: EnvelopeTally, from: EnvelopeTally): void {
  into.envelopes += from.envelopes;
  into.valid += from.valid;
  into.invalid += from.invalid;
  for (const [k, n] of Object.entries(from.kinds)) into.kinds[k] = (into.kinds[k] ?? 0) + n;
}
