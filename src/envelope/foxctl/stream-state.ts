import type {JsonDocument} from '../../io/json-document.js';
import {ruleFinding} from '../../io/rule-finding.js';
import type {RefName} from '../context.js';
import type {FindingSink} from '../finding-sink.js';
import {FOXCTL_RULES} from './rules.js';
import {isObject, type JsonObject} from '../../core/json.js';

/**
 * Stream rules over one input: zero or more progress envelopes with meta.seq from 0, strictly increasing, and
 * data.pct never decreasing; then exactly one terminal ok/error envelope, last; one command throughout. One input
 * (file, or stdin) is one stream. Holds a few numbers and the last envelope's position, whatever the stream's length.
 */
export class FoxctlStreamState {
  private seen = 0;
  private lastSeq: number | undefined;
  private lastPct: number | undefined;
  private terminalRef: number | undefined;
  private command: string | undefined;
  private last: {doc: JsonDocument; pointer: string} | undefined;

  constructor(private readonly refName: RefName) {}

  check(value: unknown, doc: JsonDocument, pointer: string, ref: number, sink: FindingSink): void {
    if (!isObject(value)) return;
    this.seen++;
    this.last = {doc, pointer};
    const meta = isObject(value.meta) ? value.meta : {};
    const status = value.status;
    if (typeof value.command === 'string') {
      if (this.command === undefined) this.command = value.command;
      else if (value.command !== this.command) {
        sink.add(ruleFinding(doc, FOXCTL_RULES.streamCommand, 'warning', 'differs', {command: value.command, first: this.command}, `${pointer}/command`));
      }
    }
    if (status === 'progress') this.progress(value, meta, doc, pointer, sink);
    else if (status === 'ok' || status === 'error') this.terminal(meta, doc, pointer, ref, sink);
  }

  /** A stream that had progress envelopes must end with its terminal one. */
  finish(sink: FindingSink): void {
    if (this.seen === 0 || this.terminalRef !== undefined || this.last === undefined) return;
    const {doc, pointer} = this.last;
    sink.add(ruleFinding(doc, FOXCTL_RULES.streamTerminal, 'error', 'unterminated', {}, pointer));
  }

  private progress(env: JsonObject, meta: JsonObject, doc: JsonDocument, pointer: string, sink: FindingSink): void {
    if (this.terminalRef !== undefined) {
      sink.add(ruleFinding(doc, FOXCTL_RULES.streamTerminal, 'error', 'progressAfterTerminal', {terminal: this.refName(this.terminalRef)}, `${pointer}/status`));
    }
    if (meta.final === true) sink.add(ruleFinding(doc, FOXCTL_RULES.streamFinal, 'error', 'finalOnProgress', {}, `${pointer}/meta/final`));
    const seq = meta.seq;
    if (Number.isInteger(seq)) {
      const n = seq as number;
      if (this.lastSeq === undefined && n !== 0) {
        sink.add(ruleFinding(doc, FOXCTL_RULES.progressSeq, 'error', 'firstSeq', {seq: n}, `${pointer}/meta/seq`));
      } else if (this.lastSeq !== undefined && n <= this.lastSeq) {
        sink.add(ruleFinding(doc, FOXCTL_RULES.progressSeq, 'error', 'seqNotIncreasing', {seq: n, previous: this.lastSeq}, `${pointer}/meta/seq`));
      }
      this.lastSeq = this.lastSeq === undefined ? n : Math.max(this.lastSeq, n);
    }
    const pct = isObject(env.data) ? env.data.pct : undefined;
    if (pct === undefined) return;
    if (typeof pct !== 'number' || pct < 0 || pct > 100) {
      sink.add(ruleFinding(doc, FOXCTL_RULES.progressPct, 'error', 'outOfRange', {}, `${pointer}/data/pct`));
      return;
    }
    if (this.lastPct !== undefined && pct < this.lastPct) {
      sink.add(ruleFinding(doc, FOXCTL_RULES.progressPct, 'error', 'decreased', {previous: this.lastPct, pct}, `${pointer}/data/pct`));
    }
    this.lastPct = Math.max(this.lastPct ?? pct, pct);
  }

  private terminal(meta: JsonObject, doc: JsonDocument, pointer: string, ref: number, sink: FindingSink): void {
    if (this.terminalRef !== undefined) {
      sink.add(ruleFinding(doc, FOXCTL_RULES.streamTerminal, 'error', 'secondTerminal', {terminal: this.refName(this.terminalRef)}, `${pointer}/status`));
    } else this.terminalRef = ref;
    if (meta.final === false) sink.add(ruleFinding(doc, FOXCTL_RULES.streamFinal, 'error', 'notFinalOnTerminal', {}, `${pointer}/meta/final`));
    if (Number.isInteger(meta.seq) && this.lastSeq !== undefined && (meta.seq as number) <= this.lastSeq) {
      sink.add(ruleFinding(doc, FOXCTL_RULES.progressSeq, 'error', 'terminalSeq', {seq: meta.seq as number, previous: this.lastSeq}, `${pointer}/meta/seq`));
    }
  }
}
