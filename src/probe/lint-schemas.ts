import {childPointer} from '../io/json-pointer.js';
import type {FileResult, Finding, RuleDescriptor} from '../report/finding.js';
import type {AdvertContext} from './checks/context.js';
import type {TierOneLevel} from './checks/envelopes-block.js';
import {fetchJson, type FetchSettings} from './fetch-discovery.js';
import {schemaCandidates, schemaLikeStrings} from './schema-urls.js';
import {fetchServedSchema} from './served-schema.js';

/** How the host's own claim decides the lint (SPEC-NOTES §3: tierOneSubsetCompliance). */
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
  onProgress?: (text: string) => void;
}

export interface LintSchemasOutcome {
  results: SchemaLintResult[];
  rules: RuleDescriptor[];
}

/**
 * Fetches each advertised kind's payload schema the host serves and lints it under the host's own claim: strict ⇒
 * strict profile; warn ⇒ strict profile with errors shown as warnings; off (or absent) ⇒ load-bearing.
 * Credentials go only to the probed origin; another origin is fetched only with --follow-cross-origin.
 */
export async function lintServedSchemas(input: LintSchemasInput): Promise<LintSchemasOutcome> {
  const lint = await import('../lint/index.js');
  const {ctx, base, level, settings} = input;
  const list = ctx.view.effective.supportedEnvelopes;
  const kinds = Array.isArray(list) ? list : [];
  const named = schemaLikeStrings(ctx.view.effective);
  const origin = new URL(base).origin;
  const {profile, demote} = LINT_UNDER[level];
  const results: SchemaLintResult[] = [];
  const done = new Set<string>();

  for (const [i, kind] of kinds.entries()) {
    if (typeof kind !== 'string' || done.has(kind)) continue;
    done.add(kind);
    const at = childPointer('/supportedEnvelopes', i);
    const failures: string[] = [];
    let only404 = true;
    let linted = false;
    for (const url of schemaCandidates(kind, base, named)) {
      const sameOrigin = new URL(url).origin === origin;
      if (!sameOrigin && !settings.followCrossOrigin) {
        ctx.report('schemaSkipped', 'info', `the document names ${url} for "${kind}", on another origin: not fetched (pass --follow-cross-origin)`, at);
        continue;
      }
      input.onProgress?.(`Fetching the schema of ${kind}`);
      const got = await fetchJson(url, sameOrigin ? settings : {...settings, credentialHeaders: {}});
      if (!got.ok) {
        if (got.response?.status !== 404) only404 = false;
        failures.push(got.finding.message);
        continue;
      }
      const served = await fetchServedSchema(url, got.text, sameOrigin ? settings : {...settings, credentialHeaders: {}});
      const findings = lint.lintSchemaDocument(served.doc, {profile, kind, cwd: input.cwd, path: served.path, readFile: served.readFile}).map((f): Finding => ({
        ...f,
        file: f.file === url ? url : (served.urlOf(f.file) ?? f.file),
        severity: demote && f.severity === 'error' ? 'warning' : f.severity,
      }));
      results.push({file: url, findings, kind, url, tierOneSubsetCompliance: level, profile});
      linted = true;
      break;
    }
    if (linted || failures.length === 0) continue;
    if (only404) ctx.report('schemaNotServed', 'info', `the host serves no schema for "${kind}" (404 at ${failures.length === 1 ? 'the conventional path' : `all ${failures.length} candidate URLs`})`, at);
    else ctx.report('schemaNotServed', 'warning', `the schema for "${kind}" could not be fetched: ${failures[failures.length - 1]}`, at);
  }
  return {results, rules: lint.lintRuleDescriptors()};
}
