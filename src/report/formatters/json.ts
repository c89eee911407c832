import type {Report} from '../finding.js';
import type {FormatContext} from '../format-context.js';

// Exactly the Report object, nothing added or renamed: the JSON shape is the documented contract (DESIGN §2) and
// only grows. Indented by 2 spaces: people read it (and diff it) far more often than its size matters, and `jq -c`
// compacts it when needed.
export function format(report: Report, _ctx: FormatContext): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
