import {Chalk} from 'chalk';
import type {FileResult} from '../core/finding.js';
import type {FormatContext} from '../report/format-context.js';
import {escapeControls} from '../report/printable.js';
import type {BundleResult, Verification} from './validate-bundle.js';

const isBundleResult = (result: FileResult): result is BundleResult => 'verification' in result && 'claims' in result;

const SOURCE: Record<string, string> = {given: 'the discovery document given', captured: 'the captured discovery document', fetched: 'the document fetched from discovery.url'};

/**
 * Bundle text shown on one line. The formatter's copy is redacted and control-escaped except for line breaks (kept for
 * formatters that lay out lines), so those are escaped here, as everywhere else.
 */
const shown = (value: unknown): string => escapeControls(String(value));

function signatureLine(v: Verification, c: InstanceType<typeof Chalk>): string {
  const key =
    v.keyId === null
      ? ''
      : ` (key ${shown(v.keyId)}${v.retiredAt ? `, retired ${shown(v.retiredAt)}` : ''}${v.keySource ? `, from ${SOURCE[v.keySource]}${v.keySource === 'captured' ? '' : ` ${shown(v.keySourceLocation)}`}` : ''})`;
  const words: Record<string, string> = {
    'discovery-not-read': v.integrity === 'verified' ? c.yellow('not attributed: verifies only under a key the bundle itself carries') : c.red('not checked: no discovery document read'),
    'key-not-published': c.red('key not published'),
    'signature-invalid': c.red('does not verify'),
    verified: c.green('verified'),
  };
  return `signature: ${words[v.outcome]}${key}`;
}

const mark = (ok: boolean | null, c: InstanceType<typeof Chalk>): string => (ok === null ? c.dim('not checked') : ok ? c.green('ok') : c.red('differs'));

/**
 * Stylish lines under a bundle: who and what it attests, the signature outcome, the digests recomputed and a short
 * table of the profile claims. The formatter hands over a redacted, control-escaped copy, so bundle text is safe.
 */
export function renderBundleExtras(result: FileResult, ctx: FormatContext): string[] {
  if (!isBundleResult(result) || result.host === null) return [];
  const c = new Chalk({level: ctx.color ? 1 : 0});
  const build = (result.host.build ?? {}) as {kind?: unknown; id?: unknown};
  const lines = [
    `${c.bold(`${shown(result.host.name)} ${shown(result.host.version)}`)} · build ${shown(build.kind)} ${shown(build.id)} · suite ${shown(result.suite?.version)} (major ${shown(result.suite?.targetMajor)})`,
  ];
  if (result.verification) lines.push(signatureLine(result.verification, c));
  const d = result.digests;
  if (d)
    lines.push(
      `digests: witnessSha256 ${mark(d.witnessSha256.matches, c)} · discovery.sha256 ${mark(d.discoverySha256.matches, c)} · assertionCount ${d.assertionCount.recomputed} ${mark(d.assertionCount.matches, c)} · totals ${mark(d.totals.matches, c)}`,
    );
  const claims = result.claims;
  if (claims && claims.profiles.length > 0) {
    const width = Math.max(7, ...claims.profiles.map((p) => shown(p.id).length));
    lines.push(c.dim(`${'profile'.padEnd(width)}  tier         claimed    derivable  certified`));
    for (const p of claims.profiles) {
      const derivable = p.derivable === null ? 'unchecked' : p.derivable ? 'yes' : 'no';
      const certified = p.certified ? c.green('yes') : p.claimedCertified ? c.red(`no (${p.refusedBy.join(', ')})`) : 'no';
      lines.push(`${shown(p.id).padEnd(width)}  ${shown(p.evidenceTier).padEnd(11)}  ${(p.claimedCertified ? 'certified' : 'not').padEnd(9)}  ${derivable.padEnd(9)}  ${certified}`);
    }
  }
  return lines;
}
