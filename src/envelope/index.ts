import {expandInputs} from '../io/inputs.js';
import type {FileResult, RuleDescriptor} from '../report/finding.js';
import {FOXCTL_RULES} from './foxctl/rules.js';
import {ENVELOPE_RULES, IO_RULES} from './openwop/rules.js';
import {addTally, emptyTally, validateEnvelopeSource, type Protocol} from './validate-source.js';

export const ENVELOPE_EXTENSIONS = ['.json', '.ndjson', '.jsonl'] as const;

export interface ValidateEnvelopeOptions {
  cwd: string;
  ignore?: string[];
  protocol?: Protocol;
  maxDocumentBytes?: number;
  stdin?: AsyncIterable<Buffer | string>;
}

export interface ValidateEnvelopeOutcome {
  results: FileResult[];
  fatal: boolean;
  rules: RuleDescriptor[];
  summary: Record<string, unknown>;
}

/** `openwop validate envelope` as a library call: every input, in order, with a per-run tally. */
export async function validateEnvelopeInputs(paths: readonly string[], options: ValidateEnvelopeOptions): Promise<ValidateEnvelopeOutcome> {
  const {sources, problems} = await expandInputs(paths, {cwd: options.cwd, extensions: ENVELOPE_EXTENSIONS, ignore: options.ignore});
  const results: FileResult[] = problems.map((p) => ({
    file: p.display,
    findings: [{ruleId: p.ruleId, severity: 'error', message: p.message, file: p.display, pointer: '', line: 1, column: 1}],
  }));
  let fatal = problems.length > 0;
  const tally = emptyTally();
  for (const source of sources) {
    const outcome = await validateEnvelopeSource(source, {protocol: options.protocol, maxDocumentBytes: options.maxDocumentBytes, stdin: options.stdin});
    results.push(outcome.result);
    addTally(tally, outcome.tally);
    fatal ||= outcome.fatal;
  }
  return {
    results,
    fatal,
    rules: [...Object.values(ENVELOPE_RULES), ...Object.values(FOXCTL_RULES), ...IO_RULES],
    summary: {...tally},
  };
}
