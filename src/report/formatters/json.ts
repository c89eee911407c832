import type {Report} from '../../core/finding.js';
import type {FormatContext} from '../format-context.js';
import {escapeJsonText} from '../printable.js';
import {redactValue} from '../redact.js';

// Exactly the Report object, nothing added or renamed: the JSON shape is the documented contract (README, JSON output)
// and only grows. Indented by 2 spaces: people read it (and diff it) far more often than its size matters, and `jq -c`
// compacts it when needed. Secrets are masked (redactValue); nothing else is cut or escaped beyond what JSON does,
// plus the few characters JSON.stringify leaves raw that a terminal would act on.
export function format(report: Report, _ctx: FormatContext): string {
  return jsonText(report);
}

/** Any value as this formatter writes a report (--print-config's output too): secrets masked, terminal controls escaped. */
export function jsonText(value: unknown): string {
  return `${escapeJsonText(JSON.stringify(redactValue(value), null, 2))}\n`;
}
