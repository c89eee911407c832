import {unicodeEscape} from '../printable.js';

// The two ways input text enters an HTML or SVG report: as element content and as a quoted attribute value. Nothing
// else from input is written into markup, so these two functions are the whole of the report's escaping.

/** Characters XML 1.0 cannot carry even as references (an SVG is parsed as XML), and lone surrogate halves. */
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text for element content: `&`, `<` and `>` as references, characters no parser may see shown as `\uXXXX`. */
export function escapeText(text: string): string {
  return text.replace(NOT_XML, unicodeEscape).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Text for a double-quoted attribute value: as {@link escapeText}, plus both quotes and the blanks a parser would fold. */
export function escapeAttr(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}
