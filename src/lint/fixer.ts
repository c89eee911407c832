import {JsonDocument} from '../io/json-document.js';
import type {Finding, Fix, TextEdit} from '../core/finding.js';
import {lintSchemaDocument, type LintOptions} from './engine.js';

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
 * taken is shared, appends to one array join (see TextEdit.joinable), and anything else that collides waits for the
 * next pass. Returns the new text and how many fixes went in. The edits taken are kept sorted, so a fix is checked
 * against its neighbours only (a binary search, not a scan of every edit taken) and the text is built once, not copied
 * per edit: tens of thousands of fixes in one schema take seconds, not minutes.
 */
export function applyFixes(text: string, fixes: readonly Fix[]): {text: string; applied: number} {
  const taken: TextEdit[] = [];
  const takenKeys = new Set<string>();
  let applied = 0;
  for (const fix of fixes) {
    const fresh: TextEdit[] = [];
    let ok = true;
    for (const e of fix.edits) {
      if (e.offset < 0 || e.length < 0 || e.offset + e.length > text.length) {
        ok = false;
        break;
      }
      const verdict = takenKeys.has(editKey(e)) ? 'shared' : fitIn(taken, e);
      const inFresh = fresh.find((t) => same(t, e) || collides(t, e));
      if (verdict === 'shared' || (inFresh && same(inFresh, e))) continue;
      if (verdict === 'collides' || inFresh) {
        ok = false;
        break;
      }
      fresh.push(e);
    }
    if (!ok) continue;
    for (const e of fresh) {
      taken.splice(insertionIndex(taken, e.offset), 0, e);
      takenKeys.add(editKey(e));
    }
    applied++;
  }
  const parts: string[] = [];
  let at = 0;
  for (const e of taken) {
    parts.push(text.slice(at, e.offset), e.content);
    at = e.offset + e.length;
  }
  parts.push(text.slice(at));
  return {text: parts.join(''), applied};
}

/** Where an edit at `offset` goes in `taken` (sorted by offset): after every edit at or before it, so joined appends keep their order. */
function insertionIndex(taken: readonly TextEdit[], offset: number): number {
  let lo = 0;
  let hi = taken.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (taken[mid].offset <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const editKey = (e: TextEdit) => `${e.offset}:${e.length}:${e.content}`;

/**
 * Whether `e` (not identical to any edit taken) collides with one. Its neighbours are enough: the edits taken do not
 * collide with one another, so the last one at or before its offset and the first one after it are the only ones
 * it can reach (a run of joined appends at one offset is never reached over by an earlier edit).
 */
function fitIn(taken: readonly TextEdit[], e: TextEdit): 'fits' | 'collides' {
  const i = insertionIndex(taken, e.offset);
  return (i > 0 && collides(taken[i - 1], e)) || (i < taken.length && collides(taken[i], e)) ? 'collides' : 'fits';
}

function same(a: TextEdit, b: TextEdit): boolean {
  return a.offset === b.offset && a.length === b.length && a.content === b.content;
}

/** Ranges that intersect, or two edits at the same offset (their order would be ambiguous) unless both are joinable appends. */
function collides(a: TextEdit, b: TextEdit): boolean {
  if (a.offset === b.offset) return !(a.joinable && b.joinable && a.length === 0 && b.length === 0);
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
