import {displayLines, displayText} from '../report/printable.js';

/**
 * Text taken from input (a document's keys, a config's values, a path, a worker's output) on its way to the editor's
 * UI: a pop-up, a code-action title, the log. A stranger's repository writes it, so it is shown as the CLI prints it:
 * secrets masked, every control and bidi character as a visible escape. One line unless `lines` (the log keeps a
 * stack trace's line breaks).
 */
export function editorText(text: string, lines = false): string {
  return lines ? displayLines(text) : displayText(text);
}
