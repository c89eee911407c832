import {basename, join} from 'node:path';
import {applyEdits, type Edit, format, type FormattingOptions, type JSONPath, modify} from 'jsonc-parser';
import {isObject} from '../core/json.js';
import {configRelativePath, exactFileGlob} from '../config/overrides.js';
import {detectIndent} from '../lint/index.js';

/** Where "disable this rule for this file" writes: the config the check used, or a new one in the project's folder. */
export interface ConfigTarget {
  /** The config file (its text as the editor has it, or as on disk), or undefined when the project has none yet. */
  path?: string;
  text?: string;
  /** The folder the config's `overrides[].files` globs are relative to. */
  baseDir: string;
}

export type ConfigEdit = {kind: 'edit'; path: string; edits: Edit[]} | {kind: 'create'; path: string; text: string};

/**
 * The edit that turns `ruleId` off for `file` alone: an `overrides` entry `{files: [glob], rules: {ruleId: "off"}}`, the
 * glob matching that one file, appended to the config (or the rule added to an entry holding only that glob), or a new `openwop.config.json`
 * holding only that entry. Undefined when the file lies outside the config's folder (no glob there can name it) or the
 * config does not parse.
 */
export function disableRuleEdit(target: ConfigTarget, file: string, ruleId: string): ConfigEdit | undefined {
  const rel = configRelativePath(file, target.baseDir);
  if (rel === undefined) return undefined;
  const glob = exactFileGlob(rel);
  const entry = {files: [glob], rules: {[ruleId]: 'off'}};
  if (target.path === undefined || target.text === undefined) {
    return {kind: 'create', path: join(target.baseDir, 'openwop.config.json'), text: `${JSON.stringify({overrides: [entry]}, null, 2)}\n`};
  }
  let whole: unknown;
  try {
    whole = JSON.parse(target.text.replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
  const base = basename(target.path) === 'package.json' ? ['openwop'] : [];
  const config = base.length > 0 && isObject(whole) ? whole.openwop : whole;
  if (!isObject(config)) return undefined;
  const overrides = Array.isArray(config.overrides) ? config.overrides : [];
  const same = overrides.findIndex((o) => isObject(o) && Array.isArray(o.files) && o.files.length === 1 && o.files[0] === glob && (o.rules === undefined || isObject(o.rules)));
  const path = same === -1 ? [...base, 'overrides', -1] : [...base, 'overrides', same, 'rules', ruleId];
  const value = same === -1 ? entry : 'off';
  return {kind: 'edit', path: target.path, edits: [styledEdit(target.text, path, value, same === -1)]};
}

/**
 * The change as one edit, in the file's own indentation and line ends. jsonc-parser formats whole lines around an
 * edit, which would also re-lay what the user wrote before it (a one-line array spread over lines): only the
 * formatting of the inserted text is kept. Inserted into a container the user kept on one line, it is as compact.
 */
function styledEdit(text: string, path: JSONPath, value: unknown, isArrayInsertion: boolean): Edit {
  const raw = modify(text, path, value, {isArrayInsertion});
  const inserted = applyEdits(text, raw);
  const from = Math.min(...raw.map((e) => e.offset));
  const to = from + inserted.length - text.length + raw.reduce((n, e) => n + e.length, 0);
  // From the line's start, so the formatter knows the nesting depth, to the token after: the line breaks around the
  // inserted text are laid out too.
  const lineStart = inserted.lastIndexOf('\n', from - 1) + 1;
  const next = inserted.slice(to).search(/\S/);
  const range = {offset: lineStart, length: (next === -1 ? inserted.length : to + next + 1) - lineStart};
  const oneLine = /^[ \t]*[^\s]/.test(text.slice(from));
  const styled = oneLine
    ? inserted
    : applyEdits(
        inserted,
        format(inserted, range, formatting(text)).filter((e) => e.offset >= from),
      );
  let prefix = 0;
  while (prefix < text.length && text[prefix] === styled[prefix]) prefix++;
  let suffix = 0;
  while (suffix < text.length - prefix && text[text.length - 1 - suffix] === styled[styled.length - 1 - suffix]) suffix++;
  return {offset: prefix, length: text.length - prefix - suffix, content: styled.slice(prefix, styled.length - suffix)};
}

function formatting(text: string): FormattingOptions {
  const indent = detectIndent(text);
  return {insertSpaces: indent !== '\t', tabSize: indent === '\t' ? 1 : indent.length, eol: text.includes('\r\n') ? '\r\n' : '\n'};
}
