import type {FileResult, Finding, Report, Severity} from '../../core/finding.js';
import type {Rule} from '../../core/rule.js';
import type {FormatContext} from '../format-context.js';
import {displayName} from '../../io/paths.js';
import {displayValue} from '../printable.js';
import {hiddenByQuiet} from '../exit-code.js';
import {findingsPerRule} from '../result-views.js';
import {ruleDocsUrl} from '../rule-docs-url.js';
import {commandView} from '../html/command-views.js';
import {contentSecurityPolicy} from '../html/csp.js';
import {escapeAttr, escapeText} from '../html/escape.js';
import {COMPACT_EXCERPT, FULL_EXCERPT, SourceLines, type ExcerptShape} from '../html/excerpt.js';
import {FILTER_SCRIPT} from '../html/filter-script.js';
import {findingItem} from '../html/finding-item.js';
import {PAGE_STYLE} from '../html/page-style.js';

// A report a person opens in a browser: one self-contained page (no network, no file beside it; it works from
// file://) with the summary, the findings grouped by file (or, at a click, by rule) with a source excerpt each, the
// rules' explanations and docs links, the command's own view of each file (a pack's gate, a host's profiles, a retry
// timeline) and filters. Safe by construction: the report is redacted and control-escaped first (displayValue),
// every text goes out through escapeText or escapeAttr, attributes carry only numbers and fixed words, and the CSP
// admits exactly the one inline style and script by their hashes.

const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];
/** Past this many findings an excerpt is the finding's first line alone: 10,000 must stay under 5 MB. */
const FEW_FINDINGS = 2000;

interface RuleRow {
  id: string;
  index: number;
  counts: Record<Severity, number>;
}

export function format(unsafe: Report, ctx: FormatContext): string {
  const report = displayValue(unsafe);
  const rules = ruleRows(report);
  const total = report.results.reduce((n, r) => n + r.findings.length, 0);
  const hidden = hiddenByQuiet(report.summary);
  const shape = total > FEW_FINDINGS ? COMPACT_EXCERPT : FULL_EXCERPT;
  const groups: string[] = [];
  const files: string[] = [];
  // One per file for the whole page: several results (a schema and the files it references) can point into one file.
  const sources = new Map<string, SourceLines | undefined>();
  report.results.forEach((result, i) => {
    if (ctx.quiet && result.findings.length === 0) return;
    const group = fileGroup(result, unsafe.results[i], i, rules, shape, sources, ctx);
    if (group === undefined) return;
    groups.push(group);
    files.push(`<option value="${i}">${escapeText(displayName(result.file))}</option>`);
  });
  const title = `openwop ${report.command} report`;
  const body =
    `<div id="report" data-group="file"><header><h1>${escapeText(title)}</h1><p class="muted">openwop ${escapeText(report.version)}</p></header><main>` +
    summarySection(report, rules, hidden, ctx) +
    filterBar(rules, files) +
    `<section id="by-file"><h2>Findings by file</h2>${groups.join('') || (hidden ? '' : '<p>No problems found.</p>')}</section>` +
    `<section id="by-rule" hidden><h2>Findings by rule</h2>${[...rules.values()].map((r) => ruleGroup(r, ctx.rules.get(r.id))).join('')}</section>` +
    `</main></div>`;
  return (
    `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttr(contentSecurityPolicy(PAGE_STYLE, FILTER_SCRIPT))}">` +
    `<meta name="referrer" content="no-referrer"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeText(title)}</title><style>${PAGE_STYLE}</style></head>\n<body>${body}<script>${FILTER_SCRIPT}</script></body></html>\n`
  );
}

/** Every rule that has a finding, by id, with its counts; the index is what the filter and the grouping use. */
function ruleRows(report: Report): Map<string, RuleRow> {
  const ids = [...findingsPerRule(report)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new Map(ids.map(([id, counts], index) => [id, {id, index, counts}]));
}

/** A file's group, or undefined for a clean file with nothing of its command's to show. */
function fileGroup(
  result: FileResult,
  unsafe: FileResult,
  index: number,
  rules: Map<string, RuleRow>,
  shape: ExcerptShape,
  sources: Map<string, SourceLines | undefined>,
  ctx: FormatContext,
): string | undefined {
  const view = commandView(result);
  const extras = ctx.renderExtras?.(result, {...ctx, color: false}) ?? [];
  if (result.findings.length === 0 && view === '' && extras.length === 0) return undefined;
  const name = displayName(result.file);
  const order = result.findings.map((_, i) => i).sort((a, b) => result.findings[a].line - result.findings[b].line || result.findings[a].column - result.findings[b].column);
  const items = order.map((i) => {
    const f = result.findings[i];
    const raw = unsafe.findings[i];
    if (!sources.has(raw.file)) {
      const text = ctx.sources?.get(raw.file);
      sources.set(raw.file, text === undefined ? undefined : new SourceLines(text));
    }
    const excerpt = sources.get(raw.file)?.excerpt(raw, shape) ?? [];
    const otherFile = raw.file === unsafe.file ? undefined : displayName(f.file);
    return findingItem(f, {rule: rules.get(f.ruleId)?.index ?? 0, file: index, otherFile}, excerpt);
  });
  const details = extras.length ? `<details class="extras"><summary>as the terminal shows it</summary><pre class="extras">${escapeText(extras.join('\n'))}</pre></details>` : '';
  return (
    `<details class="group by-file" open><summary>${escapeText(name)}<span class="counts">${countsText(severityCounts(result.findings))}</span><span class="counts shown"></span></summary>` +
    `<div class="body">${view}${details}<ol class="findings" data-list="file:${index}">${items.join('')}</ol></div></details>`
  );
}

function ruleGroup(row: RuleRow, rule: Rule | undefined): string {
  const explanation = rule ? `<p class="explain">${escapeText(rule.explanation || rule.description)}</p>` : '';
  return (
    `<details class="group by-rule" open><summary>${escapeText(row.id)}<span class="counts">${countsText(row.counts)}</span><span class="counts shown"></span></summary>` +
    `<div class="body">${explanation}${docsLink(rule)}<ol class="findings" data-list="rule:${row.index}"></ol></div></details>`
  );
}

/** A link to the rule's page in our own docs, and only there: a URL that is not https is left out. */
function docsLink(rule: Rule | undefined): string {
  if (!rule) return '';
  const url = ruleDocsUrl(rule);
  return url.startsWith('https://') ? `<p><a class="docs" href="${escapeAttr(url)}" rel="noreferrer">${escapeText(`${rule.id} documentation`)}</a></p>` : '';
}

function summarySection(report: Report, rules: Map<string, RuleRow>, hidden: string | undefined, ctx: FormatContext): string {
  const total: Record<Severity, number> = {error: 0, warning: 0, info: 0};
  for (const row of rules.values()) for (const s of SEVERITIES) total[s] += row.counts[s];
  const files = typeof report.summary.files === 'number' ? report.summary.files : report.results.length;
  const cards = [card('files', files, 'files'), ...SEVERITIES.map((s) => card(s, total[s], `${s}s`))];
  if (typeof report.summary.baselined === 'number') cards.push(card('baselined', report.summary.baselined, 'baselined'));
  const ruleTable = rules.size
    ? `<table id="rule-counts"><thead><tr><th>rule</th><th>description</th><th>errors</th><th>warnings</th><th>infos</th></tr></thead><tbody>${[...rules.values()].map((r) => ruleCountRow(r, ctx.rules.get(r.id))).join('')}</tbody></table>`
    : '';
  const extras = ctx.renderSummaryExtras?.(report.summary, {...ctx, color: false}) ?? [];
  // --quiet dropped them from the page but not from the exit code (--max-warnings): the page says so.
  const quiet = hidden ? `<p id="quiet">${escapeText(`${hidden} hidden by --quiet`)}</p>` : '';
  const notes = extras.length ? `<ul class="muted">${extras.map((l) => `<li>${escapeText(l)}</li>`).join('')}</ul>` : '';
  return `<section id="summary"><h2>Summary</h2><div class="cards">${cards.join('')}</div>${quiet}${notes}${ruleTable}</section>`;
}

function card(kind: string, n: number, label: string): string {
  return `<div class="card ${kind}" data-count="${kind}"><b>${n}</b>${label}</div>`;
}

function ruleCountRow(row: RuleRow, rule: Rule | undefined): string {
  const url = rule ? ruleDocsUrl(rule) : '';
  const id = url.startsWith('https://') ? `<a href="${escapeAttr(url)}" rel="noreferrer">${escapeText(row.id)}</a>` : escapeText(row.id);
  return `<tr data-rule="${row.index}"><td class="mono">${id}</td><td>${escapeText(rule?.description ?? '')}</td>${SEVERITIES.map((s) => `<td class="n">${row.counts[s]}</td>`).join('')}</tr>`;
}

function filterBar(rules: Map<string, RuleRow>, files: readonly string[]): string {
  const ruleOptions = [...rules.values()].map((r) => `<option value="${r.index}">${escapeText(r.id)}</option>`).join('');
  return (
    `<section id="filters" aria-label="filters"><label>severity <select id="f-severity"><option value="">all</option>${SEVERITIES.map((s) => `<option value="${s}">${s}</option>`).join('')}</select></label>` +
    `<label>rule <select id="f-rule"><option value="">all</option>${ruleOptions}</select></label>` +
    `<label>file <select id="f-file"><option value="">all</option>${files.join('')}</select></label>` +
    `<label>text <input id="f-text" type="search" placeholder="message, file, rule"></label><button id="f-clear" type="button">clear</button>` +
    `<span>group by <button id="g-file" type="button" aria-pressed="true">file</button> <button id="g-rule" type="button" aria-pressed="false">rule</button></span>` +
    `<span id="f-count" class="muted"></span></section>`
  );
}

function severityCounts(findings: readonly Finding[]): Record<Severity, number> {
  const counts: Record<Severity, number> = {error: 0, warning: 0, info: 0};
  for (const f of findings) counts[f.severity]++;
  return counts;
}

function countsText(counts: Record<Severity, number>): string {
  const parts = SEVERITIES.filter((s) => counts[s] > 0).map((s) => `${counts[s]} ${s}${counts[s] === 1 ? '' : 's'}`);
  return parts.join(', ') || 'no findings';
}
