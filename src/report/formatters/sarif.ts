import {resolve} from 'node:path';
import {pathToFileURL} from 'node:url';
import type {Finding, Fix, Report, Severity} from '../../core/finding.js';
import type {Rule} from '../../core/rule.js';
import type {FormatContext} from '../format-context.js';
import {fingerprint} from '../fingerprint.js';
import {isStdinName, isUrlName, relativeToCwd} from '../../io/paths.js';
import {escapeJsonText} from '../printable.js';
import {redactValue} from '../redact.js';
import {ruleDocsUrl} from '../rule-docs-url.js';
import {ruleHelpMarkdown, ruleHelpText} from '../rule-help.js';

// SARIF 2.1.0, the subset GitHub code scanning and VS Code's SARIF viewer consume. One run per invocation.

const SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const SRCROOT = '%SRCROOT%';
/** Versioned so a future change of what we hash can ship under a new key without breaking alert tracking. */
const FINGERPRINT_KEY = 'openwop/v1';

const BASELINE_SUPPRESSION = {kind: 'external', status: 'accepted', justification: 'recorded in the openwop baseline (--baseline)'} as const;

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = {error: 'error', warning: 'warning', info: 'note'};

interface ArtifactLocation {
  uri: string;
  uriBaseId?: string;
}

export function format(report: Report, ctx: FormatContext): string {
  return `${escapeJsonText(JSON.stringify(toSarif(report, ctx), null, 2))}\n`;
}

/** The SARIF log as an object, for callers (and tests) that want to inspect it without re-parsing. Secrets are masked. */
export function toSarif(unsafe: Report, ctx: FormatContext): Record<string, unknown> {
  const report = redactValue(unsafe);
  const rules = driverRules(report, ctx);
  const ruleIndex = new Map(rules.map((r, i) => [r.id, i]));
  const seen = new Map<string, number>();
  const results = report.results.flatMap((res) => {
    // Once per file, not per finding: percent-encoding a path character by character adds up over 100k findings.
    const artifact = artifactLocation(res.file, ctx.cwd);
    const result = (f: Finding) => ({
      ruleId: f.ruleId,
      ruleIndex: ruleIndex.get(f.ruleId) as number,
      level: LEVEL[f.severity],
      // SARIF requires non-empty message text.
      message: {text: f.message === '' ? f.ruleId : f.message},
      locations: [{physicalLocation: {artifactLocation: artifact, region: region(f)}}],
      partialFingerprints: {[FINGERPRINT_KEY]: fingerprint(f, artifact.uri, seen)},
      ...(f.fix ? {fixes: [sarifFix(f.fix, artifact)]} : {}),
      properties: f.code === undefined ? {pointer: f.pointer} : {pointer: f.pointer, code: f.code},
    });
    // A baselined finding stays in the log, suppressed by a file outside the source (SARIF 2.1.0 §3.35): viewers and
    // code scanning show it as suppressed rather than as an open alert.
    return [...res.findings.map(result), ...(res.baselined ?? []).map((f) => ({...result(f), suppressions: [BASELINE_SUPPRESSION]}))];
  });
  return {
    $schema: SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'openwop',
            version: ctx.toolVersion || report.version,
            ...(ctx.informationUri ? {informationUri: ctx.informationUri} : {}),
            rules,
          },
        },
        originalUriBaseIds: {[SRCROOT]: {uri: dirUri(ctx.cwd)}},
        // Columns come from JavaScript string offsets (the position-keeping parse), i.e. UTF-16 code units.
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
}

interface SarifRule {
  id: string;
  shortDescription: {text: string};
  fullDescription?: {text: string};
  helpUri?: string;
  help?: {text: string; markdown: string};
  defaultConfiguration?: {level: 'error' | 'warning' | 'note'};
  properties?: {tags: string[]; code?: string};
}

/** Every rule a result references — and only those, so the log stays small — sorted by id for stable output. */
function driverRules(report: Report, ctx: FormatContext): SarifRule[] {
  const firstDocs = new Map<string, string | undefined>();
  for (const res of report.results) {
    for (const f of [...res.findings, ...(res.baselined ?? [])]) {
      if (!firstDocs.has(f.ruleId) || (firstDocs.get(f.ruleId) === undefined && f.docsUrl)) firstDocs.set(f.ruleId, f.docsUrl);
    }
  }
  return [...firstDocs.keys()].sort().map((id) => {
    const known = ctx.rules.get(id);
    if (known) return sarifRule(known);
    // A finding of a rule no table declares is a bug elsewhere; the log still names it rather than breaking.
    const helpUri = firstDocs.get(id);
    return {id, shortDescription: {text: id}, ...(helpUri ? {helpUri} : {})};
  });
}

/** A reportingDescriptor (SARIF §3.49) from the rule itself: code scanning shows its help beside each alert. */
function sarifRule(rule: Rule): SarifRule {
  return {
    id: rule.id,
    shortDescription: {text: rule.description || rule.id},
    fullDescription: {text: rule.explanation || rule.description || rule.id},
    helpUri: ruleDocsUrl(rule),
    help: {text: ruleHelpText(rule), markdown: ruleHelpMarkdown(rule)},
    defaultConfiguration: {level: LEVEL[rule.severity]},
    properties: {tags: ruleTags(rule), ...(rule.code === undefined ? {} : {code: rule.code})},
  };
}

/** Tags a SARIF viewer filters by: the family, the commands, lint profiles and targets, and whether an upstream code stands behind it. */
function ruleTags(rule: Rule): string[] {
  const tags = [rule.family, ...rule.commands, ...(rule.profiles ?? []).map((p) => `profile:${p}`), ...(rule.targets ?? []).map((t) => `target:${t}`)];
  if (rule.code !== undefined) tags.push('upstream-code');
  return [...new Set(tags)];
}

/**
 * Our text edits are offsets into the file's text, which is what SARIF's charOffset/charLength count (UTF-16 code
 * units, as columnKind says). Line and column are left out: the formatter has the offsets but not the text.
 */
function sarifFix(fix: Fix, artifact: ArtifactLocation): Record<string, unknown> {
  return {
    description: {text: fix.description},
    artifactChanges: [
      {
        artifactLocation: artifact,
        replacements: fix.edits.map((e) => ({deletedRegion: {charOffset: e.offset, charLength: e.length}, insertedContent: {text: e.content}})),
      },
    ],
  };
}

/**
 * Repository-relative when the file is under cwd (so code scanning can match it to the checkout), an absolute file
 * URI otherwise; a URL (probe host) is already a URI; stdin has no location beyond the literal "stdin".
 */
function artifactLocation(file: string, cwd: string): ArtifactLocation {
  if (isStdinName(file)) return {uri: 'stdin'};
  if (isUrlName(file)) return {uri: file};
  const rel = relativeToCwd(file, cwd);
  if (rel !== undefined) return {uri: rel.split('/').map(encodeSegment).join('/'), uriBaseId: SRCROOT};
  return {uri: pathToFileURL(resolve(cwd, file)).href};
}

/**
 * Percent-encodes a path segment, keeping RFC 3986 unreserved and most sub-delims readable. ':' is always encoded:
 * in a relative reference's first segment it would be read as a scheme.
 */
function encodeSegment(segment: string): string {
  let out = '';
  for (const ch of segment) {
    if (/[A-Za-z0-9\-._~!$&'()*+,;=@]/.test(ch)) out += ch;
    else for (const byte of Buffer.from(ch, 'utf8')) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function dirUri(cwd: string): string {
  const href = pathToFileURL(resolve(cwd)).href;
  return href.endsWith('/') ? href : `${href}/`;
}

/** SARIF regions are 1-based and must not run backwards; a finding without a position is a bug, but must not break the log. */
function region(f: Finding): Record<string, number> {
  const startLine = atLeast1(f.line);
  const startColumn = atLeast1(f.column);
  const r: Record<string, number> = {startLine, startColumn};
  if (f.endLine !== undefined && Number.isFinite(f.endLine)) {
    r.endLine = Math.max(startLine, Math.trunc(f.endLine));
  }
  if (f.endColumn !== undefined && Number.isFinite(f.endColumn)) {
    const sameLine = (r.endLine ?? startLine) === startLine;
    r.endColumn = sameLine ? Math.max(startColumn, Math.trunc(f.endColumn)) : atLeast1(f.endColumn);
  }
  return r;
}

function atLeast1(n: number): number {
  return Number.isFinite(n) ? Math.max(1, Math.trunc(n)) : 1;
}
