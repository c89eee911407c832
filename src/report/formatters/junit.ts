import type {Finding, Report} from '../../core/finding.js';
import type {FormatContext} from '../format-context.js';
import {type ResultWriter, writeWhole} from './result-writer.js';
import {displayName} from '../../io/paths.js';
import {displayValue} from '../printable.js';

// JUnit XML for CI test-report widgets: one <testsuite> per file, one <testcase> per finding. Errors and warnings are
// <failure>s (type = severity) so a widget shows them; infos are passing testcases carrying the message in
// <system-out>, because an info never fails a run and a red test would say otherwise. A clean file gets one passing
// testcase so the widget lists it as checked rather than absent. Texts are redacted, cut and control-escaped first
// (displayValue): a report is read in a browser widget and in a terminal alike.

export function format(report: Report, ctx: FormatContext): string {
  return writeWhole(writer(report.command), report, ctx);
}

/**
 * JUnit a file at a time. The totals lead the document (`<testsuites tests= failures=>`), so each file's suite is kept
 * as text, the result itself released, and the document is written after the last.
 */
export function writer(unsafeCommand: string): ResultWriter {
  const command = displayValue(unsafeCommand);
  let tests = 0;
  let failures = 0;
  let suites = '';
  return {
    file(unsafe) {
      const result = displayValue(unsafe);
      const cases = result.findings.length > 0 ? result.findings.map((f) => testcase(f)) : [cleanCase(command)];
      const suiteFailures = result.findings.filter((f) => f.severity !== 'info').length;
      tests += cases.length;
      failures += suiteFailures;
      suites += `  <testsuite name="${attr(displayName(result.file))}" tests="${cases.length}" failures="${suiteFailures}" errors="0" skipped="0" time="0">\n` + cases.join('') + '  </testsuite>\n';
      return '';
    },
    end() {
      return (
        '<?xml version="1.0" encoding="UTF-8"?>\n' + `<testsuites name="${attr(`openwop ${command}`)}" tests="${tests}" failures="${failures}" errors="0" time="0">\n` + suites + '</testsuites>\n'
      );
    },
  };
}

function testcase(f: Finding): string {
  const position = `${f.line}:${f.column}`;
  const open = `    <testcase classname="${attr(f.ruleId)}" name="${attr(f.pointer ? `${position} ${f.pointer}` : position)}" time="0">\n`;
  const detail = `${displayName(f.file)}:${position}\npointer: ${f.pointer || '(document root)'}\nrule: ${f.ruleId}${f.docsUrl ? `\ndocs: ${f.docsUrl}` : ''}`;
  const body =
    f.severity === 'info'
      ? `      <system-out>${text(`info: ${f.message}\n${detail}`)}</system-out>\n`
      : `      <failure type="${f.severity}" message="${attr(f.message)}">${text(`${f.severity}: ${f.message}\n${detail}`)}</failure>\n`;
  return `${open}${body}    </testcase>\n`;
}

function cleanCase(command: string): string {
  return `    <testcase classname="openwop" name="${attr(`${command}: no problems`)}" time="0"/>\n`;
}

/** Any surrogate counts here: valid pairs are told from lone halves in the loop. */
const MAYBE_ILLEGAL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/;

/**
 * XML 1.0 cannot carry most C0 controls, lone surrogates or U+FFFE/U+FFFF even as character references, so they are
 * replaced by a visible `\uXXXX` — the finding probably quotes exactly that bad byte, and dropping it would hide why.
 */
function legal(s: string): string {
  // Almost every text has nothing to replace; the character loop below is only for those that may.
  if (!MAYBE_ILLEGAL.test(s)) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < s.length) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        out += s[i] + s[i + 1];
        i++;
        continue;
      }
    }
    const illegal = (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0xd800 && code <= 0xdfff) || code === 0xfffe || code === 0xffff;
    out += illegal ? `\\u${code.toString(16).padStart(4, '0')}` : s[i];
  }
  return out;
}

function text(s: string): string {
  // \r as a reference: a parser would otherwise normalise \r\n to \n.
  return legal(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
}

function attr(s: string): string {
  // Whitespace as references: attribute-value normalisation would turn raw tabs and newlines into spaces.
  return text(s).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;');
}
