import type {Report} from '../../core/finding.js';
import {escapeText} from '../html/escape.js';
import {FONT, TIMELINE_WIDTH, timelineHeight, timelineShapes} from '../html/retry-svg.js';
import {retryTrace} from '../result-views.js';
import {displayValue} from '../printable.js';

// `simulate retry --format svg`: every simulated emission's timeline, one under the other, in one standalone SVG file.
// A recording that replayed no call gets a line saying so (its findings say why). Texts are redacted and
// control-escaped first (displayValue), then escaped as XML.

const NO_CALL_ROW = 32;

export function format(unsafe: Report): string {
  const report = displayValue(unsafe);
  const parts: string[] = [];
  let y = 0;
  for (const result of report.results) {
    const trace = retryTrace(result);
    if (trace && trace.attempts.length > 0) {
      parts.push(timelineShapes(trace, y));
      y += timelineHeight(trace.attempts.length);
      continue;
    }
    const why = result.findings[0]?.message;
    parts.push(`<text class="no-call" x="16" y="${y + 20}" ${FONT} font-size="13" fill="#c62828">${escapeText(`${result.file}: no call replayed${why ? ` (${why})` : ''}`)}</text>`);
    y += NO_CALL_ROW;
  }
  const height = Math.max(y, NO_CALL_ROW);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" width="${TIMELINE_WIDTH}" height="${height}" viewBox="0 0 ${TIMELINE_WIDTH} ${height}">` +
    `<title>${escapeText(`openwop ${report.command}: retry timelines`)}</title><rect width="100%" height="100%" fill="#fff"/>${parts.join('')}</svg>\n`
  );
}
