import {byteOffsetOf, parseOrNull, type Recovery} from './types.js';

// Models often wrap JSON in a ```json fence despite being told not to; the first fenced block that parses wins.
const FENCE = /```[\w-]*[ \t]*\r?\n([\s\S]*?)```/g;

export const markdownFence: Recovery = {
  path: 'markdown-fence',
  recover(text) {
    for (const m of text.matchAll(FENCE)) {
      const parsed = parseOrNull(m[1]);
      if (parsed) return {value: parsed.value, byteOffset: byteOffsetOf(text, (m.index ?? 0) + m[0].indexOf(m[1]))};
    }
    return null;
  },
};
