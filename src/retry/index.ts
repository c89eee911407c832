import {projectRoot} from '../config/load.js';
import {checkStdinFilename} from '../io/inputs.js';
import {ReadScope} from '../io/read-scope.js';
import {UserError} from '../core/user-error.js';
import type {CheckOutcome} from '../report/outcome.js';
import type {FileResult} from '../core/finding.js';
import type {FormatContext} from '../report/format-context.js';
import {resolvePayloadValidator} from './payload-schema.js';
import {capabilityRoot, resolvePolicy} from './policy.js';
import {loadRecoveries, type RecoveryPath} from './recovery/index.js';
import {outcomeMark, renderRetryTimeline} from './render.js';
import {loadRecordings} from './recording/load.js';
import type {Recording} from './recording/types.js';
import {simulateRecording} from './simulate.js';
import {checkTrace} from './trace-check.js';
import type {RealProviderId} from './types.js';
import {list, record} from './json-shape.js';

export {CAP_RULE, DEFAULT_MAX_CALLS, DEFAULT_MULTIPLIER, resolvePolicy, type RetryPolicy} from './policy.js';
export {ERROR_CODES, grow, replay, startRouter, step, type AttemptRecord, type RouterConfig, type RouterEvent, type RouterState, type Terminal} from './router.js';
export {makeEvaluator, type PayloadValidator, type PayloadVerdict} from './payload.js';
export {adaptBody, adaptStream, ADAPTERS} from './providers/index.js';
export {RECOVERY_PATHS, type RecoveryPath} from './recovery/index.js';
export {RETRY_RULES} from './rules.js';
export {DEFAULT_NODE_ID, type SimulationResult, type SimulationResult as RetrySimulationResult} from './simulate.js';
export {PROVIDER_IDS, STOP_CLASSES, type NormalisedResponse, type RealProviderId, type StopClass} from './types.js';

export interface SimulateRetryOptions {
  cwd: string;
  /** --schema FILE */
  schema?: string;
  /** --kind KIND */
  kind?: string;
  /** --schemas DIR and config kindSchemas, absolute. */
  schemaDirs?: string[];
  maxTokens?: number;
  multiplier?: number;
  maxAttempts?: number;
  providerCeiling?: number;
  recovery?: RecoveryPath[];
  /** A host's capabilities document (GET /.well-known/openwop), already loaded. */
  capabilities?: Record<string, unknown>;
  provider?: RealProviderId;
  nodeId?: string;
  /** A host's emitted run events to check against the simulated sequence (one recording only). */
  trace?: string;
  maxDocumentBytes?: number;
  stdin?: AsyncIterable<Buffer | string>;
  /** --stdin-filename: what `-` is called in findings (default `<stdin>`). */
  stdinName?: string;
  /** Where recordings, schemas and the trace may be read from (default: the project root found from cwd, and what is named outside it). */
  scope?: ReadScope;
}

export interface SimulateRetryOutcome extends CheckOutcome {
  summary: Record<string, unknown>;
  renderExtras: NonNullable<FormatContext['renderExtras']>;
  cleanMark: NonNullable<FormatContext['cleanMark']>;
}

/** `openwop simulate retry` as a library call: each recording replayed through the RFC 0033 router. */
export async function simulateRetry(paths: readonly string[], options: SimulateRetryOptions): Promise<SimulateRetryOutcome> {
  if (options.trace !== undefined && paths.length !== 1) throw new UserError(`--trace checks one host run against one recording; got ${paths.length} recordings`);
  if (paths.filter((p) => p === '-').length > 1) throw new UserError('stdin (-) can be given once');
  checkStdinFilename(paths, {stdinFilename: options.stdinName});
  const policy = resolvePolicy({maxAttempts: options.maxAttempts, multiplier: options.multiplier, maxTokens: options.maxTokens, providerCeiling: options.providerCeiling}, options.capabilities);
  const named = [...paths, ...(options.schemaDirs ?? []), ...[options.schema, options.trace].filter((p): p is string => p !== undefined)];
  const scope = options.scope ?? new ReadScope({cwd: options.cwd, projectRoot: projectRoot(options.cwd), named, maxBytes: options.maxDocumentBytes});
  const validator = await resolvePayloadValidator({schema: options.schema, kind: options.kind, schemaDirs: options.schemaDirs ?? [], scope});
  const recoveries = await loadRecoveries(options.recovery ?? []);
  const results: FileResult[] = [];
  const tally = {recordings: 0, accepted: 0, failed: 0, recordingExhausted: 0};
  let fatal = false;
  const load = {cwd: options.cwd, forced: options.provider, maxBytes: options.maxDocumentBytes, stdin: options.stdin, scope, stdinName: options.stdinName};
  const recordings: Recording[] = [];
  for (const path of paths) recordings.push(...(await loadRecordings(path, load)));
  if (options.trace !== undefined && recordings.length !== 1)
    throw new UserError(
      `--trace checks one host run against one recording; ${paths[0]} is a folder of ${recordings.length} separate recordings (number its files 1.json, 2.json, … or add a manifest.json to make it one emission)`,
    );
  for (const recording of recordings) {
    const sim = simulateRecording(recording, {policy, validator, recoveries, nodeId: options.nodeId});
    results.push(sim.result);
    fatal ||= sim.fatal;
    tally.recordings++;
    if (sim.result.outcome === 'accepted') tally.accepted++;
    else if (sim.result.outcome === 'failed') tally.failed++;
    else tally.recordingExhausted++;
    if (options.trace !== undefined && !sim.fatal) {
      const advertised = list(record(record(capabilityRoot(options.capabilities ?? {}).envelopes)?.reliability)?.events).filter((e): e is string => typeof e === 'string');
      const trace = await checkTrace(options.trace, scope, {state: sim.state, nodeId: sim.result.nodeId, ...(options.capabilities && advertised.length ? {advertised} : {})});
      results.push(trace.result);
      fatal ||= trace.fatal;
    }
  }
  return {results, fatal, summary: tally, renderExtras: renderRetryTimeline, cleanMark: outcomeMark};
}
