import type {JsonDocument} from '../../io/json-document.js';
import type {Finding} from '../../core/finding.js';
import type {RefName} from '../context.js';
import type {FindingSink} from '../finding-sink.js';
import type {HostLimits} from '../host.js';
import {Fingerprint} from '../stream/fingerprint.js';
import {FingerprintTable} from '../stream/fingerprint-table.js';
import {parseCorrelation} from './correlation.js';
import {PartialSequences, type PartialInfo} from './partial.js';
import {ENVELOPE_RULES} from './rules.js';

/**
 * How many keys each table remembers for sure: lookups see at least the last GENERATION and at most the last
 * 2 × GENERATION keys (see FingerprintTable). A full generation fits 2¹⁹ slots, so whatever the stream's length the
 * id and correlation tables hold at most 2 × 2¹⁹ × (12 + 16) bytes = 28 MB, and each host-limit counter table another
 * 12 MB. Streams shorter than this are checked exactly (bar a fingerprint collision).
 */
export const GENERATION = 393_216;

/** An envelope that passed shape, kind and payload: what the later pipeline stages see. */
export interface AcceptedEnvelope {
  type: string;
  envelopeId: string;
  correlationId: string;
  payload: unknown;
  partial?: PartialInfo;
}

const MAX_TYPE_NAMES = 4096;

/**
 * Cross-envelope rules over one input, in the accept pipeline's order: limits, then dedup by correlationId. Holds
 * fingerprints, not ids, so a 1 GB stream stays within a fixed memory bound.
 */
export class OpenwopStreamState {
  private readonly fp = new Fingerprint();
  private readonly ids = new FingerprintTable(1, GENERATION);
  private readonly correlations = new FingerprintTable(2, GENERATION);
  private readonly turns: FingerprintTable | undefined;
  private readonly nodes: FingerprintTable | undefined;
  private readonly rounds: FingerprintTable | undefined;
  private readonly partials = new PartialSequences();
  private readonly typeNames = new Map<number, string>();
  private formatReported = false;

  constructor(
    private readonly limits: HostLimits | undefined,
    private readonly refName: RefName,
  ) {
    if (limits?.envelopesPerTurn !== undefined) this.turns = new FingerprintTable(1, GENERATION);
    if (limits?.clarificationRounds !== undefined) this.nodes = new FingerprintTable(1, GENERATION);
    if (limits?.schemaRounds !== undefined) this.rounds = new FingerprintTable(1, GENERATION);
  }

  /** Any envelope with a string envelopeId: ids must be unique whatever else is wrong with it. */
  checkId(envelopeId: string, doc: JsonDocument, pointer: string, ref: number, sink: FindingSink): void {
    const {hi, lo} = this.fp.of(envelopeId);
    const h = this.ids.upsert(hi, lo);
    if (this.ids.inserted) this.ids.set(h, 0, ref);
    else
      sink.add(
        doc.finding(ENVELOPE_RULES.duplicateId.id, 'error', `envelopeId "${envelopeId}" is already used by ${this.refName(this.ids.get(h, 0))}; envelope ids must be unique`, `${pointer}/envelopeId`),
      );
  }

  accepted(env: AcceptedEnvelope, doc: JsonDocument, pointer: string, ref: number, line: number | undefined, sink: FindingSink): void {
    // A later chunk of an emission, or the whole envelope that cut one short, is not a replay of its first chunk.
    const continuation = env.partial ? this.partials.chunk(env.correlationId, env.partial, doc, pointer, line, sink) : false;
    const interrupting = !env.partial && this.partials.interrupted(env.correlationId, doc, pointer, sink);
    if (!continuation) this.countLimits(env, doc, pointer, sink);
    this.dedup(env, doc, pointer, ref, continuation || interrupting, sink);
  }

  /**
   * A refused envelope whose type and correlationId are readable: a host never gets to its dedup stage, but a conflict
   * with an accepted envelope would refuse it even once the first problem is fixed, so it is reported. It is looked up,
   * not recorded: what a host never accepted cannot conflict with what follows.
   */
  refused(type: string, correlationId: string, doc: JsonDocument, pointer: string, sink: FindingSink): void {
    const {hi, lo} = this.fp.of(correlationId);
    const h = this.correlations.find(hi, lo);
    if (h === undefined || this.correlations.get(h, 0) === hash32(type)) return;
    sink.add(
      doc.finding(
        ENVELOPE_RULES.correlationConflict.id,
        'error',
        `correlationId "${correlationId}" was used by ${this.refName(this.correlations.get(h, 1))} with ${this.typeName(this.correlations.get(h, 0))}; this envelope is refused already, and would be for this too once that is fixed`,
        `${pointer}/correlationId`,
      ),
    );
  }

  finish(file: string): Finding[] {
    return this.partials.unfinished(file);
  }

  private dedup(env: AcceptedEnvelope, doc: JsonDocument, pointer: string, ref: number, sameEmission: boolean, sink: FindingSink): void {
    const typeHash = hash32(env.type);
    const {hi, lo} = this.fp.of(env.correlationId);
    const h = this.correlations.upsert(hi, lo);
    if (this.correlations.inserted) {
      this.correlations.set(h, 0, typeHash);
      this.correlations.set(h, 1, ref);
      if (this.typeNames.size < MAX_TYPE_NAMES && !this.typeNames.has(typeHash)) this.typeNames.set(typeHash, env.type);
      return;
    }
    const first = this.refName(this.correlations.get(h, 1));
    const firstType = this.correlations.get(h, 0);
    if (firstType !== typeHash) {
      sink.add(
        doc.finding(
          ENVELOPE_RULES.correlationConflict.id,
          'error',
          `correlationId "${env.correlationId}" was used by ${first} with ${this.typeName(firstType)}; a host refuses the same correlationId with a different type`,
          `${pointer}/correlationId`,
        ),
      );
    } else if (!sameEmission) {
      sink.add(
        doc.finding(
          ENVELOPE_RULES.replay.id,
          'info',
          `correlationId "${env.correlationId}" and type "${env.type}" repeat ${first}: a host treats this as a replay and returns the cached outcome, with no new events`,
          `${pointer}/correlationId`,
        ),
      );
    }
  }

  private typeName(typeHash: number): string {
    const named = this.typeNames.get(typeHash);
    return named === undefined ? 'a different type' : `type "${named}"`;
  }

  private countLimits(env: AcceptedEnvelope, doc: JsonDocument, pointer: string, sink: FindingSink): void {
    if (!this.turns && !this.nodes && !this.rounds) return;
    const parts = parseCorrelation(env.correlationId);
    if (!parts) {
      if (!this.formatReported) {
        this.formatReported = true;
        sink.add(
          doc.finding(
            ENVELOPE_RULES.correlationFormat.id,
            'info',
            `correlationId "${env.correlationId}" does not follow runId:nodeId:turnIndex:kindHash, so per-turn and per-node limits skip it (and any other such envelope in this input)`,
            `${pointer}/correlationId`,
          ),
        );
      }
      return;
    }
    const limits = this.limits as HostLimits;
    if (this.turns)
      this.count(
        this.turns,
        parts.turn,
        limits.envelopesPerTurn as number,
        () => [ENVELOPE_RULES.envelopesPerTurn.id, `turn ${parts.turn} has more than ${limits.envelopesPerTurn} envelope(s), the host's limits.envelopesPerTurn (cap.breached {kind: "envelopes"})`],
        doc,
        pointer,
        sink,
      );
    if (this.nodes && env.type === 'clarification.request') {
      this.count(
        this.nodes,
        parts.node,
        limits.clarificationRounds as number,
        () => [
          ENVELOPE_RULES.clarificationRounds.id,
          `node ${parts.node} asks for clarification more than ${limits.clarificationRounds} time(s), the host's limits.clarificationRounds (cap.breached {kind: "clarification"})`,
        ],
        doc,
        pointer,
        sink,
      );
    }
    const asked = (env.payload as {envelopeType?: unknown} | null)?.envelopeType;
    if (this.rounds && env.type === 'schema.request' && typeof asked === 'string') {
      this.count(
        this.rounds,
        `${parts.node}\u0000${asked}`,
        limits.schemaRounds as number,
        () => [
          ENVELOPE_RULES.schemaRounds.id,
          `node ${parts.node} requests the schema of "${asked}" more than ${limits.schemaRounds} time(s), the host's limits.schemaRounds (cap.breached {kind: "schema"})`,
        ],
        doc,
        pointer,
        sink,
      );
    }
  }

  /** One finding per key, on the envelope that goes past the limit. */
  private count(table: FingerprintTable, key: string, limit: number, describe: () => [string, string], doc: JsonDocument, pointer: string, sink: FindingSink): void {
    const {hi, lo} = this.fp.of(key);
    const h = table.upsert(hi, lo);
    const n = table.get(h, 0) + 1;
    table.set(h, 0, n);
    if (n === limit + 1) {
      const [ruleId, message] = describe();
      sink.add(doc.finding(ruleId, 'error', message, `${pointer}/correlationId`));
    }
  }
}

/** FNV-1a: compares types without keeping their strings. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
