import {createHash} from 'node:crypto';
import {describe, expect, it} from 'vitest';
import type {FileResult, Report} from '../../src/core/finding.js';
import {buildReport} from '../../src/report/report.js';
import {format as html} from '../../src/report/formatters/html.js';
import {format as markdown} from '../../src/report/formatters/markdown.js';
import {escapeAttr, escapeText} from '../../src/report/html/escape.js';
import {MAX_EXCERPT_COLUMNS, SourceLines} from '../../src/report/html/excerpt.js';
import {CWD, finding, FORBIDDEN_KEYWORD, sampleContext, sampleReport} from './sample.js';

const HOSTILE = '<script>alert(1)</script> "><img src=x onerror=alert(1)> javascript:alert(1) \u202Eevil\u0007';

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

function inline(page: string, tag: 'script' | 'style'): string[] {
  return [...page.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]);
}

describe('html: escaping', () => {
  it('text escapes markup and shows characters no parser may see; attributes also escape quotes and blanks', () => {
    expect(escapeText('<a href="x">&</a>')).toBe('&lt;a href="x"&gt;&amp;&lt;/a&gt;');
    expect(escapeText('bell\u0007 nul\u0000 lone\ud800')).toBe('bell\\u0007 nul\\u0000 lone\\ud800');
    expect(escapeText('pair 😀')).toBe('pair 😀');
    expect(escapeAttr(`"'\t\n<`)).toBe('&quot;&#39;&#9;&#10;&lt;');
  });

  it('a hostile file name, message and value end up as text: one script element (ours), no element, handler or URL from input', () => {
    const file = `x${HOSTILE}.json`;
    const report = buildReport('lint schema', '0.1.0', [{file, findings: [finding({file, ruleId: 'tier1/forbidden-keyword', message: HOSTILE, pointer: `/${HOSTILE}`})]}]);
    const page = html(report, sampleContext({sources: new Map([[file, `{\n  "a": ${JSON.stringify(HOSTILE)},\n  "oneOf": []\n}`]])}));
    expect(page.match(/<script/g)).toHaveLength(1);
    expect(page).not.toMatch(/<img|href="javascript/i);
    expect(page).toContain(`"&gt;&lt;img src=x onerror=alert(1)&gt;`);
    expect(page).not.toContain('\u202E');
    expect(page).not.toContain('\u0007');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('\\u202eevil\\u0007');
    // Every attribute value the page writes is one of ours: no quote from input closed one early.
    for (const [, value] of page.matchAll(/ (?:data-[a-z]+|class|value)="([^"]*)"/g)) expect(value).not.toMatch(/[<>]|alert/);
  });
});

describe('html: the content security policy', () => {
  it('allows nothing remote and admits exactly the inline script and style by their sha256', () => {
    const page = html(sampleReport(), sampleContext());
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(page)?.[1].replace(/&#39;/g, "'");
    expect(csp).toBeDefined();
    const [script] = inline(page, 'script');
    const [style] = inline(page, 'style');
    expect(csp).toContain(`script-src ${sha256(script)}`);
    expect(csp).toContain(`style-src ${sha256(style)}`);
    expect(csp).toMatch(/^default-src 'none'; /);
    expect(csp).not.toMatch(/unsafe|https?:|\*/);
    expect(page).not.toMatch(/<(link|img|iframe|object|embed)\b|\bsrc=/i);
  });
});

describe('html: excerpts', () => {
  it('numbers the lines around the finding and marks its range', () => {
    const lines = new SourceLines('{\n  "type": "object",\n  "oneOf": [],\n  "x": 1\n}\n').excerpt({line: 3, column: 3, endLine: 3, endColumn: 10});
    expect(lines.map((l) => l.number)).toEqual([1, 2, 3, 4, 5]);
    const hit = lines.find((l) => l.mark);
    expect(hit?.number).toBe(3);
    expect(hit?.text.slice(hit.mark!.start, hit.mark!.end)).toBe('"oneOf"');
  });

  it('cuts a long line around the range and says so on both sides', () => {
    const long = `${'a'.repeat(3000)}"needle"${'b'.repeat(3000)}`;
    const [line] = new SourceLines(long).excerpt({line: 1, column: 3001, endLine: 1, endColumn: 3009});
    expect(line.text.length).toBeLessThanOrEqual(MAX_EXCERPT_COLUMNS);
    expect(line.cutBefore && line.cutAfter).toBe(true);
    expect(line.text.slice(line.mark!.start, line.mark!.end)).toBe('"needle"');
  });

  it('masks a secret on an excerpt line, and a PEM block on the lines it spans', () => {
    const key = 'sk-proj-' + 'A1b2C3d4E5f6G7h8I9j0'.repeat(3);
    const pem = '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7Zq1\nabcdefghijklmnop\n-----END RSA PRIVATE KEY-----';
    const source = `{\n  "apiKey": "${key}",\n  "pem": "x",\n${pem}\n}`;
    const shown = new SourceLines(source)
      .excerpt({line: 2, column: 3, endLine: 6, endColumn: 2})
      .map((l) => l.text)
      .join('\n');
    expect(shown).not.toContain(key.slice(8));
    expect(shown).not.toContain('MIIEowIBAAKCAQEA7Zq1');
    expect(shown).toContain('sk-proj-…');
  });

  it('masks a string under a credential-named key whole, whatever it looks like, and leaves other strings alone', () => {
    const source = '{\n  "meta": {"ts": "not a date",\n    "apiKey": "plain-value-xyz-12345", "client_secret" : "s3\\u0063ret-abc",\n  "note": "password"}\n}';
    const lines = new SourceLines(source).excerpt({line: 2, column: 18, endLine: 2, endColumn: 30});
    const shown = lines.map((l) => l.text).join('\n');
    expect(shown).not.toContain('plain-value');
    expect(shown).not.toContain('s3');
    expect(shown).toContain('"apiKey": "… (21 chars)"');
    expect(shown).toContain('"client_secret" : "… (10 chars)"');
    expect(shown).toContain('"note": "password"');
    expect(lines.find((l) => l.number === 2)?.mark).toEqual({start: 17, end: 29});
  });

  it('a finding past the end of its text (the file changed since) has no excerpt; the page then shows none', () => {
    expect(new SourceLines('{}\n').excerpt({line: 9, column: 1})).toEqual([]);
    // 20 lines: the findings on lines 2 and 12 get an excerpt, the one on line 140 none.
    const page = html(sampleReport(), sampleContext({sources: new Map([['schemas/a b.json', '{\n'.repeat(20)]])}));
    expect(page).toContain('<pre class="src">');
    expect(page.match(/<pre class="src">/g)).toHaveLength(2);
  });
});

describe('html: summary and groups', () => {
  it('counts files and severities, and each rule per severity; rules known to the catalog get their explanation and docs link', () => {
    const page = html(sampleReport(), sampleContext({rules: new Map([[FORBIDDEN_KEYWORD.id, FORBIDDEN_KEYWORD]])}));
    expect(page).toMatch(/data-count="files"><b>4<\/b>/);
    expect(page).toMatch(/data-count="error"><b>2<\/b>/);
    expect(page).toMatch(/data-count="warning"><b>2<\/b>/);
    expect(page).toMatch(/data-count="info"><b>1<\/b>/);
    const row = /<tr data-rule="\d+"><td class="mono"><a href="(https:[^"]+)"[^>]*>tier1\/forbidden-keyword<\/a><\/td><td>[^<]*<\/td>((?:<td class="n">\d+<\/td>){3})/.exec(page);
    expect(row?.[1]).toMatch(/^https:\/\/.+\/docs\/rules\/tier1\/forbidden-keyword\.md$/);
    expect(row?.[2]).toBe('<td class="n">1</td><td class="n">0</td><td class="n">0</td>');
    expect(page).toContain('Structured-output engines reject these keywords.');
    // A finding's own docsUrl is not trusted for a link: only our docs base is.
    expect(page).not.toContain('example.test');
    expect(page.match(/<li class="finding/g)).toHaveLength(5);
    expect(page.match(/<details class="group by-file"/g)).toHaveLength(3);
    expect(page.match(/<details class="group by-rule"/g)).toHaveLength(5);
  });

  it('a clean run says so', () => {
    const page = html(buildReport('validate envelope', '0.1.0', [{file: 'a.json', findings: []}]), sampleContext());
    expect(page).toContain('No problems found.');
    expect(page).not.toContain('<li class="finding');
  });
});

function packResult(file: string, gate: unknown): FileResult {
  return {file, findings: [], pack: 'acme@1.0.0', kind: 'node', requires: ['net.outbound'], gate};
}

describe('html: command views', () => {
  it("validate pack shows each pack's gate verdict", () => {
    const report: Report = buildReport('validate pack', '0.1.0', [
      packResult('a/pack.json', null),
      packResult('b/pack.json', {granted: ['net.outbound'], requires: ['net.outbound'], installs: true, refusal: null}),
      packResult('c/pack.json', {granted: [], requires: ['net.outbound'], installs: false, refusal: {error: 'pack_runtime_requirement_unmet', unmet: ['net.outbound']}}),
      packResult('d/pack.json', {granted: ['net.outbound'], requires: ['net.outbound'], installs: false, refusal: null, blockedBy: 'invalid_manifest'}),
      packResult('e/pack.json', {granted: ['net.outbound'], requires: ['net.outbound'], installs: false, refusal: null, blockedBy: 'code-not-scanned'}),
    ]);
    const verdicts = [...html(report, sampleContext()).matchAll(/class="pill (\w+)">([^<]+)</g)].map((m) => `${m[1]} ${m[2]}`);
    expect(verdicts).toEqual(['none gate not simulated', 'ok gate: installs', 'bad gate: refused', 'bad gate: not reached', 'bad gate: not installed']);
  });

  it("probe host shows the document's families (its object-valued members, as markdown lists them) and the derived profiles", () => {
    const result: FileResult = {
      file: 'http://127.0.0.1:1/',
      findings: [],
      url: 'http://127.0.0.1:1/',
      status: 200,
      profiles: ['core', 'tier1-strict'],
      discovery: {protocolVersion: '1.0', envelopes: {kinds: [], tierOneSubsetCompliance: 'strict'}, extensions: ['x'], limits: {maxBytes: 1}, empty: {}},
    };
    const report = buildReport('probe host', '0.1.0', [result]);
    const page = html(report, sampleContext());
    expect(page).toContain('<td class="profiles"><code>core</code> <code>tier1-strict</code></td>');
    const families = [...page.matchAll(/<tr class="family"><th>([^<]+)<\/th><td>([^<]*)<\/td>/g)].map((m) => `${m[1]}: ${m[2]}`);
    expect(families).toEqual(['envelopes: kinds, tierOneSubsetCompliance', 'limits: maxBytes', 'empty: (empty)']);
    const listed = /^- Families \(3\): (.*)$/m.exec(markdown(report, sampleContext()))?.[1];
    expect(listed).toBe(families.map((f) => `\`${f.split(':')[0]}\``).join(', '));
  });
});

describe('html: paths', () => {
  it('names stdin as <stdin> and keeps paths as given', () => {
    const page = html(sampleReport(), sampleContext({cwd: CWD}));
    expect(page).toContain('&lt;stdin&gt;');
    expect(page).toContain('schemas/a b.json');
  });
});
