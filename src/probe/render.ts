import {renderBundleExtras} from '../bundle/render.js';
import type {FileResult} from '../core/finding.js';
import type {FormatContext} from '../report/format-context.js';
import type {SchemaLintResult} from './lint-schemas.js';
import type {ProbeResult} from './probe-host.js';
import {shortList} from '../report/short-list.js';
import {isObject} from '../core/json.js';
import {advertisedKinds} from './kinds.js';
import {listedVersions} from './v2/versions.js';

/** Readable lines under each result in stylish output; the JSON result carries the same data as fields. */
export function renderProbeExtras(result: FileResult, ctx: FormatContext): string[] {
  if ('verification' in result && 'claims' in result) return renderBundleExtras(result, ctx);
  if ('kind' in result && 'profile' in result) {
    const r = result as SchemaLintResult;
    return [`schema of "${r.kind}", linted under the ${r.profile} profile (host claims tierOneSubsetCompliance: ${r.tierOneSubsetCompliance})`];
  }
  if (!('status' in result && 'profiles' in result)) return [];
  const r = result as ProbeResult;
  const lines: string[] = [];
  const http = r.http;
  if (r.status === null) lines.push('no HTTP answer');
  else if (http) {
    lines.push(`HTTP ${r.status} · ${http.contentType ?? 'no Content-Type'} · ${http.bytes} bytes · ${http.elapsedMs} ms`);
    if (r.status >= 200 && r.status < 300) lines.push(`Cache-Control: ${http.cacheControl ?? '(none)'} · ETag: ${http.etag ?? '(none)'} · Capabilities-Etag: ${http.capabilitiesEtag ?? '(none)'}`);
    for (const hop of http.redirects) lines.push(`redirect ${hop.status}: ${hop.from} -> ${hop.to}`);
  }
  const p = r.protocol;
  if (p.major !== null) lines.push(`protocol (--protocol ${p.requested}): ${p.reason}`);
  for (const n of p.negotiation) {
    const sent = Object.entries(n.sent)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
    lines.push(`negotiation ${n.check} (${sent}) -> ${n.status ?? 'no answer'}${n.answered === null ? '' : ` OpenWOP-Version ${n.answered}`}: ${n.verdict}`);
  }
  const doc = r.discovery;
  if (doc) {
    const kinds = advertisedKinds(doc).length;
    const version =
      p.major === 2
        ? `protocolVersions ${shortList(listedVersions(doc)) || '(none)'} · preferredVersion ${typeof doc.preferredVersion === 'string' ? doc.preferredVersion : '(none)'}`
        : `protocolVersion ${typeof doc.protocolVersion === 'string' ? doc.protocolVersion : '(none)'}`;
    // v2 accepts the universal kinds whether listed or not (src/envelope/host.ts); only a v1 `[]` is an engine-only host.
    const none = p.major === 2 ? 'no kinds listed (the universal kinds only)' : 'no envelope kinds (engine-only)';
    lines.push(`${version} · ${kinds === 0 ? none : `${kinds} envelope kind${kinds === 1 ? '' : 's'}`} · tierOneSubsetCompliance: ${tierOneShown(r, doc)}`);
    lines.push(`profiles: ${r.profiles.length > 0 ? shortList(r.profiles) : '(none)'}`);
  }
  if (r.compare) lines.push(`compared with ${r.compare.against}: ${r.compare.changes === 0 ? 'no changes' : `${r.compare.changes} change${r.compare.changes === 1 ? '' : 's'}`}`);
  if (r.saved) lines.push(`saved to ${r.saved}`);
  return lines;
}

/**
 * v1 defaults an absent tierOneSubsetCompliance to "off"; v2 has no default, so an envelopes record without the facet
 * claims nothing, and that is what is shown (it is still linted as off).
 */
function tierOneShown(r: ProbeResult, doc: Record<string, unknown>): string {
  const claimed = isObject(doc.envelopes) && Object.hasOwn(doc.envelopes, 'tierOneSubsetCompliance');
  return r.protocol.major === 2 && !claimed ? '(not advertised; linted as off)' : (r.tierOneSubsetCompliance ?? 'off');
}
