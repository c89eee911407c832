import {JsonDocument} from '../io/json-document.js';
import type {Finding, Fix, TextEdit} from '../core/finding.js';
import {lintSchemaDocument, type LintOptions} from './engine.js';
import {appendAll} from '../io/append-all.js';

export const DEFAULT_MAX_FIX_PASSES = 10;

export interface FixOutcome {
  /** The fixed text (the input when nothing could be fixed). */
  text: string;
  /** Fixes applied, over all passes. */
  fixed: number;
  passes: number;
  /** Why fixing did not start or stopped early (the file failed to parse, has duplicate keys, …). */
  refused?: string;
}

/**
 * Applies the fixes whose edits do not overlap, in one go: a fix is all or nothing, an edit identical to one already
 * taken is shared (several findings on one object build the same `required` edit), and anything that collides waits for
 * the next pass. Returns the new text and how many fixes went in.
 */
export function applyFixes(text: string, fixes: readonly Fix[]): {text: string; applied: number} {
  const taken: TextEdit[] = [];
  let applied = 0;
  for (const fix of fixes) {
    const fresh: TextEdit[] = [];
    let ok = true;
    for (const e of fix.edits) {
      if (e.offset < 0 || e.length < 0 || e.offset + e.length > text.length) {
        ok = false;
        break;
      }
      if ([...taken, ...fresh].some((t) => same(t, e))) continue;
      if ([...taken, ...fresh].some((t) => overlaps(t, e))) {
        ok = false;
        break;
      }
      fresh.push(e);
    }
    if (!ok) continue;
    appendAll(taken, fresh);
    applied++;
  }
  taken.sort((a, b) => b.offset - a.offset || b.length - a.length);
  let out = text;
  for (const e of taken) out = out.slice(0, e.offset) + e.content + out.slice(e.offset + e.length);
  return {text: out, applied};
}

function same(a: TextEdit, b: TextEdit): boolean {
  return a.offset === b.offset && a.length === b.length && a.content === b.content;
}

/** Ranges that intersect, or two edits at the same offset (their order would be ambiguous). */
function overlaps(a: TextEdit, b: TextEdit): boolean {
  if (a.offset === b.offset) return true;
  return a.offset < b.offset + b.length && b.offset < a.offset + a.length;
}

/**
 * `--fix` on one text: lint with fixes, apply the compatible ones, re-lint the result, until nothing fixable is left or
 * `maxPasses` is reached. Never starts on a text that does not parse cleanly (syntax errors, duplicate keys — which
 * value an edit would land on is ambiguous), and stops, keeping the last good text, if a pass would ever produce
 * invalid JSON.
 */
export function fixSchemaText(text: string, file: string, options: LintOptions = {}, maxPasses = DEFAULT_MAX_FIX_PASSES): FixOutcome {
  let current = text;
  let fixed = 0;
  let passes = 0;
  for (; passes < maxPasses; passes++) {
    const doc = JsonDocument.parse(current, {file});
    const blocking = doc.problems.find((p) => p.severity === 'error');
    if (!doc.parsed || blocking) {
      if (passes === 0) return {text, fixed: 0, passes: 0, refused: `not fixed: ${blocking?.message ?? 'the file does not parse'}`};
      break;
    }
    const fixes = lintSchemaDocument(doc, {...options, withFixes: true})
      .map((f: Finding) => f.fix)
      .filter((f): f is Fix => f !== undefined);
    if (fixes.length === 0) break;
    const next = applyFixes(current, fixes);
    if (next.applied === 0 || next.text === current) break;
    try {
      JSON.parse(next.text);
    } catch {
      return {text: current, fixed, passes, refused: 'stopped fixing: an edit would have produced invalid JSON (please report this)'};
    }
    current = next.text;
    fixed += next.applied;
  }
  return {text: current, fixed, passes};
}
