import type {JsonDocument} from '../../io/json-document.js';
import type {Finding, Severity} from '../../core/finding.js';
import type {AdvertView} from '../advert-view.js';
import {PROBE_RULES, type ProbeRuleKey} from '../rules.js';

/** What an advertisement check sees: the host's view of itself, and a way to report at an effective pointer. Its
 * functions are fields, not methods: checks pass them on without the context. */
export interface AdvertContext {
  readonly view: AdvertView;
  report: (rule: ProbeRuleKey, severity: Severity, message: string, effectivePointer: string) => void;
  /** For findings about the document's layout itself (the wrapper), whose pointers are already document pointers. */
  reportInDocument: (rule: ProbeRuleKey, severity: Severity, message: string, documentPointer: string) => void;
  /** Leaves the subtree at this pointer to the calling rule: the generic schema check stays silent there. */
  claim: (effectivePointer: string) => void;
}

/** One advertisement rule group: plain functions over the view, like ESLint's `create`. */
export type AdvertCheck = (ctx: AdvertContext) => void;

export interface CheckRun {
  ctx: AdvertContext;
  findings: Finding[];
  claimed: Set<string>;
}

export function startCheckRun(doc: JsonDocument, view: AdvertView): CheckRun {
  const findings: Finding[] = [];
  const claimed = new Set<string>();
  const ctx: AdvertContext = {
    view,
    report(rule, severity, message, pointer) {
      findings.push(doc.finding(PROBE_RULES[rule].id, severity, message, view.docPointer(pointer)));
    },
    reportInDocument(rule, severity, message, pointer) {
      findings.push(doc.finding(PROBE_RULES[rule].id, severity, message, pointer));
    },
    claim(pointer) {
      claimed.add(pointer);
    },
  };
  return {ctx, findings, claimed};
}

/** Whether `pointer` is `claimedPointer` or inside it. */
export function isClaimed(pointer: string, claimed: ReadonlySet<string>): boolean {
  if (claimed.size === 0) return false;
  // The pointer and each of its ancestors looked up, not every claim scanned: both can number in the thousands.
  if (claimed.has(pointer)) return true;
  for (let slash = pointer.lastIndexOf('/'); slash >= 0; slash = slash === 0 ? -1 : pointer.lastIndexOf('/', slash - 1)) {
    if (claimed.has(pointer.slice(0, slash))) return true;
  }
  return false;
}
