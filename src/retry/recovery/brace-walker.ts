import {byteOffsetOf, parseOrNull, type Recovery} from './types.js';

// Prose around the JSON ("Here is the ticket: {...} Hope this helps"): find an opening brace or bracket, walk to its
// balanced close (skipping brackets inside strings), and parse that span. A few starts are tried, not every one, so a
// long non-JSON answer costs linear time.
const MAX_STARTS = 16;

export const braceWalker: Recovery = {
  path: 'brace-walker',
  recover(text) {
    let from = 0;
    for (let tries = 0; tries < MAX_STARTS; tries++) {
      const start = firstOpening(text, from);
      if (start === -1) return null;
      const end = balancedEnd(text, start);
      if (end !== -1) {
        const parsed = parseOrNull(text.slice(start, end + 1));
        if (parsed) return {value: parsed.value, byteOffset: byteOffsetOf(text, start)};
      }
      from = start + 1;
    }
    return null;
  },
};

function firstOpening(text: string, from: number): number {
  const brace = text.indexOf('{', from);
  const bracket = text.indexOf('[', from);
  if (brace === -1) return bracket;
  if (bracket === -1) return brace;
  return Math.min(brace, bracket);
}

/** Index of the bracket closing the one at `start`, or -1 when the text ends first. */
function balancedEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}
