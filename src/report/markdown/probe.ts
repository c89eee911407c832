import type {FileResult} from '../../core/finding.js';
import type {ByteBudget} from './budget.js';
import {codeSpan, mdText} from './escape.js';
import {probeView, type ProbeView} from '../result-views.js';

// probe host's part: per host probed, its answer, the capability families its document advertises (the top-level
// records) and the profiles derived from them, read from the result fields the JSON report documents (result-views.ts).

export function addProbeHosts(out: ByteBudget, results: readonly FileResult[]): void {
  out.fitEach(
    results.map(probeView).filter((h): h is ProbeView => h !== undefined),
    hostBlock,
    'hosts',
  );
}

function hostBlock(h: ProbeView): string[] {
  const families = h.families.map((f) => f.name);
  const protocol = h.protocol?.major == null ? 'not determined' : `v${h.protocol.major}${h.protocol.answered ? ` (answered ${mdText(h.protocol.answered)})` : ''}`;
  return [
    '',
    `### Host ${codeSpan(h.url)}`,
    '',
    `- HTTP status: ${h.status ?? 'no answer'}`,
    `- Protocol: ${protocol}`,
    ...(h.tierOneSubsetCompliance == null ? [] : [`- tierOneSubsetCompliance: ${mdText(h.tierOneSubsetCompliance)}`]),
    `- Families (${families.length}): ${codeList(families)}`,
    `- Derived profiles (${h.profiles.length}): ${codeList(h.profiles)}`,
  ];
}

/** A host writes its own document: a list it controls is cut, so one host cannot fill the summary. */
const LISTED = 50;

function codeList(items: readonly string[]): string {
  if (items.length === 0) return 'none';
  const shown = items.slice(0, LISTED).map(codeSpan).join(', ');
  return items.length > LISTED ? `${shown} … and ${items.length - LISTED} more` : shown;
}
