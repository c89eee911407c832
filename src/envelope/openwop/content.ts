import type {JsonDocument} from '../../io/json-document.js';
import type {DocScan} from '../context.js';
import type {FindingSink} from '../finding-sink.js';
import {findSecrets, SECRET_HINT_SOURCE} from '../../report/secrets.js';
import {walkStrings} from '../scan/walk-strings.js';
import {ENVELOPE_RULES} from './rules.js';

// Not `"***"` with its quotes: a pattern that may start at any `"` makes the one-pass test much slower.
const MARKER_SOURCE = 'REDACTED|\\*\\*\\*';
const SECRET_HINT = new RegExp(SECRET_HINT_SOURCE);
const MARKER_HINT = new RegExp(MARKER_SOURCE);
// One pass answers "nothing to look at" for almost every document; only a hit pays for the two precise tests.
const ANY_HINT = new RegExp(`${SECRET_HINT_SOURCE}|${MARKER_SOURCE}`);

/** Which content checks a parsed document's strings need, from its raw text. */
export function scanDocument(text: string): DocScan {
  if (!ANY_HINT.test(text)) return {secrets: false, markers: false};
  return {secrets: SECRET_HINT.test(text), markers: MARKER_HINT.test(text)};
}

/**
 * Redaction and trust checks over an envelope's (or a bare payload's) strings. The walk only happens when the raw
 * text test found something or the content is untrusted, so a clean stream pays one regex per document.
 * `untrustedUnder`: pointer prefix of the text that must be wrapped before forwarding (the payload), or undefined
 * when the content is trusted.
 */
export function checkContent(doc: JsonDocument, base: string, root: unknown, scan: DocScan, untrustedUnder: string | undefined, sink: FindingSink): void {
  if (!scan.secrets && !scan.markers && untrustedUnder === undefined) return;
  let unwrapped = 0;
  let firstUnwrapped = '';
  walkStrings(root, base, (text, pointer) => {
    if (scan.secrets) {
      for (const hit of findSecrets(text)) {
        const why = pointer.endsWith('/reasoning') ? ' (reasoning gets the same redaction as the rest of the payload)' : '';
        sink.add(doc.finding(ENVELOPE_RULES.secret.id, 'error', `${pointer} holds ${hit.label}, ${hit.masked}: a leak; redact it before the envelope leaves the host${why}`, pointer));
      }
    }
    if (scan.markers) {
      const rewritten = rewrittenMarker(text);
      if (rewritten) sink.add(doc.finding(ENVELOPE_RULES.redactionRewritten.id, 'error', `${pointer}: ${rewritten}; a [REDACTED:<id>] marker must be preserved verbatim`, pointer));
    }
    if (untrustedUnder !== undefined && pointer.startsWith(untrustedUnder) && text.trim() !== '' && !isWrapped(text)) {
      if (unwrapped++ === 0) firstUnwrapped = pointer;
    }
  });
  if (unwrapped > 0) {
    const more = unwrapped > 1 ? ` (and ${unwrapped - 1} more text field${unwrapped > 2 ? 's' : ''})` : '';
    sink.add(
      doc.finding(
        ENVELOPE_RULES.untrusted.id,
        'info',
        `untrusted content: ${firstUnwrapped}${more} is not wrapped in <UNTRUSTED>…</UNTRUSTED>; a host must wrap it before forwarding it to an LLM (reasoning inherits the mark)`,
        firstUnwrapped,
      ),
    );
  }
}

function rewrittenMarker(text: string): string | undefined {
  const angle = angleMarker(text);
  if (angle) return `redaction marker rewritten as ${angle.length > 40 ? '<REDACTED:…>' : angle}`;
  if (text.includes('[REDACTED]')) return 'redaction marker [REDACTED] has lost its id';
  if (text.trim() === '***') return 'value is ***, the form a rewritten redaction marker takes';
  return undefined;
}

/**
 * The first `<REDACTED>` or `<REDACTED:…>` in `text`. Not `/<REDACTED(?::[^>]*)?>/`: on many `<REDACTED:` and no `>`
 * the engine scans to the end from each of them (quadratic, and the text is model output).
 */
function angleMarker(text: string): string | undefined {
  for (let at = text.indexOf('<REDACTED'); at !== -1; at = text.indexOf('<REDACTED', at + 1)) {
    const next = text[at + 9];
    if (next === '>') return text.slice(at, at + 10);
    if (next === ':') {
      // No later marker can close either when this one finds no `>`.
      const end = text.indexOf('>', at + 10);
      return end === -1 ? undefined : text.slice(at, end + 1);
    }
  }
  return undefined;
}

function isWrapped(text: string): boolean {
  const t = text.trim();
  return t.startsWith('<UNTRUSTED>') && t.endsWith('</UNTRUSTED>');
}
