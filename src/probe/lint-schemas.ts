import {childPointer} from '../io/json-pointer.js';
import type {FileResult, Finding} from '../core/finding.js';
import type {AdvertContext} from './checks/context.js';
import type {TierOneLevel} from './checks/envelopes-block.js';
import {fetchJson, type FetchSettings} from './fetch-discovery.js';
import {DEFAULT_MAX_SCHEMAS, DEFAULT_SCHEMAS_DEADLINE_MS} from './schema-limits.js';
import {schemaCandidates, schemaLikeStrings} from './schema-urls.js';
import {fetchServedSchema} from './served-schema.js';
import {kindList} from './kinds.js';

/** How the host's own claim decides the lint (`envelopes.tierOneSubsetCompliance`: strict|warn|off, RFC 0030 §B). */
const LINT_UNDER: Record<TierOneLevel, {profile: 'strict' | 'load-bearing'; demote: boolean}> = {
  strict: {profile: 'strict', demote: false},
  warn: {profile: 'strict', demote: true},
  off: {profile: 'load-bearing', demote: false},
};

export interface SchemaLintResult extends FileResult {
  kind: string;
  url: string;
  /** The host's claim, and the lint profile it maps to. */
  tierOneSubsetCompliance: TierOneLevel;
  profile: 'strict' | 'load-bearing';
}

export interface LintSchemasInput {
  ctx: AdvertContext;
  base: string;
  level: TierOneLevel;
  settings: FetchSettings;
  cwd: string;
  /** Kinds whose schema is fetched at most (--max-schemas); the rest are reported, not fetched. */
  maxSchemas?: number;
  /** One deadline for all the schema fetches, in ms from the start (--deadline). */
  deadlineMs?: number;
  onProgress?: (text: string) => void;
}

/** Schemas fetched at once: a host advertising many kinds is neither hammered nor waited on one by one. */
const CONCURRENT_FETCHES = 4;

export interface LintSchemasOutcome {
  results: SchemaLintResult[];
}

/**
 * Fetches each advertised kind's payload schema the host serves and lints it under the host's own claim: strict ⇒
 * strict profile; warn ⇒ strict profile with errors shown as warnings; off (or absent) ⇒ load-bearing.
 * Credentials go only to the probed origin; another origin is fetched only with --follow-cross-origin.
 * At most `maxSchemas` kinds, CONCURRENT_FETCHES at a time, all within one deadline: a host that advertises thousands
 * of kinds, or serves each slowly, still gets a bounded probe. Results and findings keep the advertised order.
 */
export async function lintServedSchemas(input: LintSchemasInput): Promise<LintSchemasOutcome> {
  const lint = await import('../lint/index.js');
  const {ctx, level} = input;
  const advertised = kindList(ctx.view.effective);
  const maxSchemas = input.maxSchemas ?? DEFAULT_MAX_SCHEMAS;
  const deadlineMs = input.deadlineMs ?? DEFAULT_SCHEMAS_DEADLINE_MS;
  const deadline = Date.now() + deadlineMs;
  const seen = new Set<string>();
  const kinds: {kind: string; at: string}[] = [];
  for (const [i, kind] of advertised.list.entries()) {
    if (typeof kind !== 'string' || seen.has(kind)) continue;
    seen.add(kind);
    kinds.push({kind, at: childPointer(advertised.at, i)});
  }
  const chosen = kinds.slice(0, maxSchemas);
  const named = schemaLikeStrings(ctx.view.effective);
  const {profile, demote} = LINT_UNDER[level];
  const outcomes = new Array<KindOutcome | undefined>(chosen.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < chosen.length && Date.now() < deadline) {
      const i = next++;
      outcomes[i] = await lintKind(chosen[i], {input, deadline, named, lint, profile, demote, level});
    }
  };
  await Promise.all(Array.from({length: Math.min(CONCURRENT_FETCHES, chosen.length)}, worker));

  const results: SchemaLintResult[] = [];
  let unfinished = 0;
  for (const outcome of outcomes) {
    if (!outcome) {
      unfinished++;
      continue;
    }
    for (const r of outcome.reports) ctx.report(r.rule, r.severity, r.message, r.at);
    if (outcome.result) results.push(outcome.result);
  }
  if (kinds.length > chosen.length) {
    ctx.report('schemasCapped', 'info', `the host advertises ${kinds.length} kinds: only the first ${chosen.length} schemas were fetched (--max-schemas ${maxSchemas})`, '/supportedEnvelopes');
  }
  if (unfinished > 0) {
    ctx.report('schemasDeadline', 'warning', `the --deadline of ${deadlineMs} ms for fetching schemas passed: ${unfinished} of ${chosen.length} kinds were not fetched`, '/supportedEnvelopes');
  }
  return {results};
}

interface KindOutcome {
  result?: SchemaLintResult;
  /** Findings on the discovery document, replayed in advertised order once every fetch is done. */
  reports: {rule: 'schemaNotServed' | 'schemaSkipped'; severity: 'info' | 'warning'; message: string; at: string}[];
}

interface KindRun {
  input: LintSchemasInput;
  deadline: number;
  named: string[];
  lint: typeof import('../lint/index.js');
  profile: 'strict' | 'load-bearing';
  demote: boolean;
  level: TierOneLevel;
}

async function lintKind({kind, at}: {kind: string; at: string}, run: KindRun): Promise<KindOutcome> {
  const {input} = run;
  const settings = withDeadline(input.settings, run.deadline);
  const origin = new URL(input.base).origin;
  const reports: KindOutcome['reports'] = [];
  const failures: string[] = [];
  let only404 = true;
  for (const url of schemaCandidates(kind, input.base, run.named)) {
    const sameOrigin = new URL(url).origin === origin;
    if (!sameOrigin && !settings.followCrossOrigin) {
      reports.push({rule: 'schemaSkipped', severity: 'info', message: `the document names ${url} for "${kind}", on another origin: not fetched (pass --follow-cross-origin)`, at});
      continue;
    }
    input.onProgress?.(`Fetching the schema of ${kind}`);
    const forUrl = sameOrigin ? settings : withDeadline(input.settings, run.deadline, {});
    const got = await fetchJson(url, forUrl);
    if (!got.ok) {
      if (got.response?.status !== 404) only404 = false;
      failures.push(got.finding.message);
      continue;
    }
    const served = await fetchServedSchema(url, got.text, forUrl);
    const findings = run.lint.lintSchemaDocument(served.doc, {profile: run.profile, kind, cwd: input.cwd, path: served.path, readFile: served.readFile}).map((f): Finding => ({
      ...f,
      file: f.file === url ? url : (served.urlOf(f.file) ?? f.file),
      severity: run.demote && f.severity === 'error' ? 'warning' : f.severity,
    }));
    return {result: {file: url, findings, kind, url, tierOneSubsetCompliance: run.level, profile: run.profile}, reports};
  }
  if (failures.length > 0) {
    if (only404)
      reports.push({
        rule: 'schemaNotServed',
        severity: 'info',
        message: `the host serves no schema for "${kind}" (404 at ${failures.length === 1 ? 'the conventional path' : `all ${failures.length} candidate URLs`})`,
        at,
      });
    else reports.push({rule: 'schemaNotServed', severity: 'warning', message: `the schema for "${kind}" could not be fetched: ${failures[failures.length - 1]}`, at});
  }
  return {reports};
}

/**
 * Settings whose total timeout is what is left of the deadline when a request starts (fetchJson copies the settings
 * for each request, reading the getter then), never more than --timeout.
 */
function withDeadline(base: FetchSettings, deadline: number, credentialHeaders = base.credentialHeaders): FetchSettings {
  return {
    ...base,
    credentialHeaders,
    get timeoutMs() {
      return Math.max(1, Math.min(base.timeoutMs, deadline - Date.now()));
    },
  };
}
