import {fencedBlocks} from '../../io/markdown-fence.js';
import {byteOffsetOf, parseOrNull, type Recovery} from './types.js';

/** The first fenced block that parses wins. */
export const markdownFence: Recovery = {
  path: 'markdown-fence',
  recover(text) {
    for (const block of fencedBlocks(text)) {
      const parsed = parseOrNull(block.content);
      if (parsed) return {value: parsed.value, byteOffset: byteOffsetOf(text, block.contentStart)};
    }
    return null;
  },
};
