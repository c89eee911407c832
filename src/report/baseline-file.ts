import {isObject} from '../core/json.js';
/**
 * The baseline file: the findings a project has accepted for now, per command, counted by where they are and never by
 * line or column, so edits above a finding do not turn it into a new one.
 *
 *   {"openwopBaseline": 1, "commands": {"lint schema": {"<file>": {"<ruleId>": {"<pointer>": count}}}}}
 *
 * `<file>` is relative to the baseline file's folder with '/' separators (`<stdin>` for standard input). Written with
 * every key sorted by code unit and 2-space indent, so the same findings always give the same bytes and a change shows
 * as a minimal diff. The content is untrusted input: it is only compared with findings, never used to reach a file.
 */

/** pointer → how many findings of that rule at that pointer are accepted. */
export type PointerCounts = Map<string, number>;
/** file → rule → pointer → count. */
export type BaselineSection = Map<string, Map<string, PointerCounts>>;

export interface BaselineFile {
  /** One section per command: a pack run and a lint run can share one file without overwriting each other. */
  commands: Map<string, BaselineSection>;
}

const BASELINE_MARKER = 'openwopBaseline';
const BASELINE_VERSION = 1;

/** Why a text is not a baseline this version can use; `notBaseline` when it is no baseline at all (another file). */
export type BaselineParse = {ok: true; baseline: BaselineFile} | {ok: false; notBaseline: boolean; problem: string};

export function parseBaseline(text: string): BaselineParse {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    return {ok: false, notBaseline: true, problem: `not JSON (${(error as Error).message})`};
  }
  if (!isObject(doc) || !(BASELINE_MARKER in doc)) return {ok: false, notBaseline: true, problem: `not an openwop baseline (no "${BASELINE_MARKER}" key)`};
  if (doc[BASELINE_MARKER] !== BASELINE_VERSION) return bad(`"${BASELINE_MARKER}" is ${JSON.stringify(doc[BASELINE_MARKER])}; this openwop reads version ${BASELINE_VERSION}`);
  if (!isObject(doc.commands)) return bad('"commands" must be an object');
  const commands = new Map<string, BaselineSection>();
  for (const [command, files] of Object.entries(doc.commands)) {
    if (!isObject(files)) return bad(`"commands"."${command}" must be an object of files`);
    const section: BaselineSection = new Map();
    for (const [file, rules] of Object.entries(files)) {
      if (!isObject(rules)) return bad(`the entry for file "${file}" must be an object of rule ids`);
      const byRule = new Map<string, PointerCounts>();
      for (const [rule, pointers] of Object.entries(rules)) {
        if (!isObject(pointers)) return bad(`"${file}" › "${rule}" must be an object of JSON pointers`);
        const counts: PointerCounts = new Map();
        for (const [pointer, count] of Object.entries(pointers)) {
          if (!Number.isSafeInteger(count) || (count as number) < 1) return bad(`"${file}" › "${rule}" › "${pointer}" must be a count of at least 1`);
          counts.set(pointer, count as number);
        }
        byRule.set(rule, counts);
      }
      section.set(file, byRule);
    }
    commands.set(command, section);
  }
  return {ok: true, baseline: {commands}};
}

/** The file's bytes: keys sorted, 2-space indent, trailing newline; empty files, rules and commands left out. */
export function serializeBaseline(baseline: BaselineFile): string {
  const commands = sortedEntries(baseline.commands).map(([command, section]) => {
    const files = sortedEntries(section)
      .map(([file, rules]) => {
        const body = sortedEntries(rules)
          .filter(([, pointers]) => pointers.size > 0)
          .map(([rule, pointers]) =>
            member(
              rule,
              object(
                sortedEntries(pointers).map(([p, n]) => member(p, String(n), 5)),
                4,
              ),
              4,
            ),
          );
        return body.length > 0 ? member(file, object(body, 3), 3) : undefined;
      })
      .filter((m): m is string => m !== undefined);
    return files.length > 0 ? member(command, object(files, 2), 2) : undefined;
  });
  const kept = commands.filter((m): m is string => m !== undefined);
  return `${object([member(BASELINE_MARKER, String(BASELINE_VERSION), 1), member('commands', object(kept, 1), 1)], 0)}\n`;
}

// Written by hand rather than with JSON.stringify: an object puts integer-like keys ("10", "9") first in numeric order
// whatever order they were added in, and the file promises code-unit order for every key.
function member(key: string, value: string, depth: number): string {
  return `${'  '.repeat(depth)}${JSON.stringify(key)}: ${value}`;
}

function object(members: string[], depth: number): string {
  return members.length === 0 ? '{}' : `{\n${members.join(',\n')}\n${'  '.repeat(depth)}}`;
}

function sortedEntries<V>(map: Map<string, V>): [string, V][] {
  return [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function bad(problem: string): BaselineParse {
  return {ok: false, notBaseline: false, problem};
}
