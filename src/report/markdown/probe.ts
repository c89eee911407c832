import type {FileResult} from '../../core/finding.js';
import {isObject} from '../../core/json.js';
import type {ByteBudget} from './budget.js';
import {codeSpan, mdText} from './escape.js';

// probe host's part: per host probed, its answer, the capability families its document advertises (the top-level
// records) and the profiles derived from them, read from the result fields the JSON report documents.

interface ProbeFields extends FileResult {
  url: string;
  status: number | null;
  profiles: string[];
  protocol?: {major?: number | null; answered?: string | null};
  tierOneSubsetCompliance?: string | null;
  discovery?: unknown;
}

function isProbe(result: FileResult): result is ProbeFields {
  return typeof result.url === 'string' && 'status' in result && Array.isArray(result.profiles);
}

export function addProbeHosts(out: ByteBudget, results: readonly FileResult[]): void {
  out.fitEach(results.filter(isProbe), hostBlock, 'hosts');
}

function hostBlock(h: ProbeFields): string[] {
  const families = isObject(h.discovery) ? Object.keys(h.discovery).filter((key) => isObject((h.discovery as Record<string, unknown>)[key])) : [];
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
