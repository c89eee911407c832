import {describe, expect, it} from 'vitest';
import type {FileResult, Finding} from '../../src/core/finding.js';
import {format as markdown, markdownReport} from '../../src/report/formatters/markdown.js';
import {buildReport} from '../../src/report/report.js';
import {gateOutcome} from '../../src/report/result-views.js';
import {checkMarkdown} from './markdown-check.js';
import {FORBIDDEN_KEYWORD, finding, sampleContext, sampleReport} from './sample.js';

const LIMIT = 1024 * 1024;
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
const DOCS_PAGE = 'https://github.com/openwop/openwop-cli/blob/main/docs/rules/tier1/forbidden-keyword.md';

/** Everything a stranger's file name, message or recording could hold to break out of the Markdown. */
const HOSTILE = [
  '<script>alert(1)</script>',
  '</script><img src=x onerror=alert(2)>',
  'a | b || c back\\|slash \\\\|two',
  'line one\nline two\r\n| x | y |',
  'tick ` and ``` fence ```` and ~~~',
  ']] --> end %% comment ; #35; ::: -->> H->>P',
  '[click](javascript:alert(3)) javascript:alert(4) <https://evil.test> www.evil.test x@evil.test',
  'bidi \u202Eevil\u202C and ESC \u001b[31m',
  '&amp; &lt;b&gt; **bold** _em_ $x^2$ ![img](https://evil.test/i.png)',
].join(' ');

function hostileFinding(file: string, i: number): Finding {
  return finding({file, ruleId: i === 0 ? 'tier1/forbidden-keyword' : `x/${HOSTILE}`, message: `${HOSTILE} sk-proj-${'a1'.repeat(20)}`, line: i + 1, column: 2});
}

function emission(file: string, calls: number, text = 'ok'): FileResult {
  return {
    file,
    findings: [],
    outcome: 'failed',
    errorCode: text,
    stoppedBy: 'cap',
    totalCalls: calls,
    attempts: Array.from({length: calls}, (_, i) => ({
      call: i + 1,
      attempt: i + 1,
      provider: text,
      stopClass: 'truncated',
      stopReason: text,
      maxTokens: 48 * 2 ** i,
      correctiveFragment: i === 1 ? text : null,
      reason: 'truncation',
      events: [text, 'envelope.retry.attempted'],
    })),
    events: [],
    policy: {},
  };
}

describe('markdown', () => {
  it('summarises counts, links known rules to their docs page and shows unknown ones as code', () => {
    const md = markdown(sampleReport(), sampleContext());
    const checked = checkMarkdown(md);
    expect(checked.tables[0]).toEqual(['| Files | Errors | Warnings | Infos |', '| --- | --- | --- | --- |', '| 4 | 2 | 2 | 1 |']);
    expect(checked.links).toContain(DOCS_PAGE);
    expect(md).toContain('| `reasoning/first` | 0 | 1 | 0 |');
    expect(md).toMatch(/^## ✖ openwop lint schema$/m);
    // Errors first; the stdin finding's message had a line break, now one row.
    const rows = checked.tables[2].slice(2);
    expect(rows.map((r) => r.split(' | ')[0])).toEqual(['| error', '| error', '| warning', '| warning', '| info']);
    expect(md).toContain('`<stdin>:4:1`');
    expect(checked.text).toContain('Duplicate envelopeId "e1" first seen on line 1');
  });

  it('lists the top findings and counts the rest', () => {
    const md = markdownReport(sampleReport(), sampleContext(), 2);
    expect(md).toMatch(/^### Top 2 findings$/m);
    expect(checkMarkdown(md).tables[2]).toHaveLength(4);
    expect(md).toMatch(/^… and 3 more findings$/m);
  });

  it('says so on a clean run', () => {
    const md = markdown(buildReport('lint schema', '0.1.0', [{file: 'a.json', findings: []}]), sampleContext());
    expect(md).toMatch(/^## ✔ openwop lint schema$/m);
    expect(md).toContain('No problems found.');
    expect(checkMarkdown(md).tables).toHaveLength(1);
  });

  it('keeps hostile input as text: no HTML, no foreign link, tables intact, the Mermaid fence closed, secrets masked', () => {
    const files = [`${HOSTILE}.json`, 'b`c.json'];
    const results: FileResult[] = [
      {
        file: files[0],
        findings: [0, 1, 2].map((i) => hostileFinding(files[0], i)),
        pack: HOSTILE,
        kind: HOSTILE,
        requires: [HOSTILE],
        gate: {granted: [HOSTILE], installs: false, refusal: {unmet: [HOSTILE]}, blockedBy: HOSTILE},
      },
      {
        file: files[1],
        findings: [],
        url: `https://h.test/${HOSTILE}`,
        status: 200,
        profiles: [HOSTILE],
        protocol: {major: 2, answered: HOSTILE},
        tierOneSubsetCompliance: HOSTILE,
        discovery: {[HOSTILE]: {}, plain: {}},
      },
      emission(`${HOSTILE}.har`, 3, HOSTILE),
    ];
    const md = markdown(buildReport('simulate retry', '0.1.0', results), sampleContext());
    const checked = checkMarkdown(md);
    expect(checked.links).toEqual([DOCS_PAGE, DOCS_PAGE]);
    // Shown as written (after control characters are made visible), never interpreted.
    expect(checked.text).toContain('<script>alert(1)</script>');
    expect(checked.text).toContain('[click](javascript:alert(3))');
    expect(checked.text).toContain('bidi \\u202eevil\\u202c and ESC \\u001b[31m');
    expect(checked.text).toContain('&amp; &lt;b&gt; **bold** _em_ $x^2$');
    expect(md).not.toMatch(/[\u202e\u001b]/);
    expect(md).not.toContain('a1a1a1a1');
    expect(md).toContain('sk-proj-…');
    // One table per part, each row as wide as its header: the pipes and line breaks of input split no cell.
    expect(checked.tables).toHaveLength(5);
    // GitHub reads `https:`, `www.` and `user@host` as links without brackets; escaped, they stay text (code spans link nothing).
    const outsideCode = md
      .replaceAll(`](${DOCS_PAGE})`, ']')
      .replace(/^```mermaid\n[\s\S]*?^```$/m, '')
      .replace(/(?<!`)(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, '');
    expect(outsideCode).toContain('javascript\\:alert(4)');
    expect(outsideCode.match(/.{0,40}(?:(?<!\\)(?:javascript|https):|www\.evil|x@evil).{0,40}/g)).toBeNull();
    expect(checked.mermaid).toHaveLength(1);
    const [diagram] = checked.mermaid;
    expect(diagram.split('\n').filter((l) => /^ {2}H->>P: call \d/.test(l))).toHaveLength(3);
    // Input can neither end a statement or the fence, open a comment or an arrow, nor write a tag: only entity codes hold `#` or `;`.
    for (const line of diagram.trimEnd().split('\n').slice(3)) expect(line).toMatch(/^ {2}(?:H->>P|P-->>H|Note over H|Note over H,P): (?:[^:;%<>`#\n]|#\d+;)*$/);
    expect(diagram).toContain('#60;script#62;alert(1)#60;/script#62;');
  });

  it('fences a code span past every backtick run, however many lines of them a name has', () => {
    const file = 'x`\n'.repeat(300_000) + 'y``z';
    const md = markdown(buildReport('lint schema', '0.1.0', [{file, findings: [finding({file})]}]), sampleContext());
    const row = checkMarkdown(md).tables[2][2];
    expect(row.startsWith('| error | ```x` x` ')).toBe(true);
    expect(row).toContain(' y``z:3:7``` |');
  });

  it('draws every attempt of every emission and closes each fence', () => {
    const md = markdown(buildReport('simulate retry', '0.1.0', [emission('a.har', 4), emission('b.har', 1)]), sampleContext());
    const {mermaid, tables} = checkMarkdown(md);
    expect(mermaid).toHaveLength(2);
    expect(mermaid[0]).toMatch(/^sequenceDiagram\n {2}participant H as Host\n {2}participant P as Provider\n/);
    for (const call of [1, 2, 3, 4]) expect(mermaid[0]).toContain(`H->>P: call ${call} (attempt ${call}, ok) max tokens ${48 * 2 ** (call - 1)}`);
    expect(mermaid[0]).toContain('call 2 (attempt 2, ok) max tokens 96 + corrective fragment');
    expect(mermaid[0]).toContain('P-->>H: truncated (ok), truncation');
    expect(mermaid[0]).toContain('Note over H: emits ok, envelope.retry.attempted');
    expect(mermaid[0]).toMatch(/Note over H,P: failed, ok after 4 calls\n$/);
    expect(mermaid[1]).toContain('after 1 call\n');
    expect(tables.slice(1).map((t) => t.length)).toEqual([6, 3]);
  });

  it('cuts 100,000 findings at a whole row under 1 MiB and says how many it left out', () => {
    const results: FileResult[] = [];
    for (let f = 0; f < 1000; f++) {
      const file = `packs/pack-${f}/pack.json`;
      results.push({file, findings: Array.from({length: 100}, (_, i) => finding({file, line: i + 1, message: `value ${'<é>'.repeat(40)} at ${i}`}))});
    }
    const report = buildReport('validate pack', '0.1.0', results);
    const all = markdownReport(report, sampleContext(), Infinity);
    expect(bytes(all)).toBeLessThan(LIMIT);
    expect(bytes(all)).toBeGreaterThan(LIMIT - 8192);
    const lines = all.trimEnd().split('\n');
    const shown = lines.filter((l) => l.startsWith('| error |')).length;
    expect(lines.at(-1)).toBe(`… ${100_000 - shown} more findings not shown; the summary is limited to 1 MiB`);
    expect(lines.at(-3)?.startsWith('| error |')).toBe(true);
    checkMarkdown(all);
    // With the default list length the same report is small and counts the rest.
    const top = markdown(report, sampleContext());
    expect(bytes(top)).toBeLessThan(100_000);
    expect(top).toMatch(/^… and 99950 more findings$/m);
  });

  it('cuts emissions whole when their traces would pass 1 MiB', () => {
    const results = Array.from({length: 2000}, (_, i) => emission(`recording-${i}.har`, 3, 'x'.repeat(200)));
    const md = markdown(buildReport('simulate retry', '0.1.0', results), sampleContext());
    expect(bytes(md)).toBeLessThan(LIMIT);
    const {mermaid} = checkMarkdown(md);
    expect(md.trimEnd().split('\n').at(-1)).toBe(`… ${2000 - mermaid.length} more emissions not shown; the summary is limited to 1 MiB`);
    expect(mermaid.length).toBeGreaterThan(100);
  });

  it('links a rule only through the catalog: without it the id is code', () => {
    const md = markdown(sampleReport(), sampleContext({rules: new Map()}));
    expect(checkMarkdown(md).links).toEqual([]);
    expect(md).toContain(`\`${FORBIDDEN_KEYWORD.id}\``);
  });
});

describe('the install gate, told alike by markdown and html', () => {
  it('a gate that does not install, with no refusal object, is refused in both', () => {
    expect(gateOutcome({granted: [], installs: false, refusal: null})).toEqual({outcome: 'refused', unmet: []});
    expect(gateOutcome({granted: ['net.dns'], installs: true, refusal: null})).toEqual({outcome: 'installs', unmet: []});
    expect(gateOutcome({granted: [], installs: false, refusal: {unmet: ['crypto']}})).toEqual({outcome: 'refused', unmet: ['crypto']});
    expect(gateOutcome({granted: [], installs: false, refusal: null, blockedBy: 'code-not-scanned'}).outcome).toBe('code-not-scanned');
    expect(gateOutcome({granted: [], installs: false, refusal: null, blockedBy: 'pack/invalid-manifest'}).outcome).toBe('not-reached');
  });
});
