import type {FileResult} from '../../core/finding.js';
import {gateOutcome, packView, probeView, retryTrace, type PackGate, type PackView, type ProbeView} from '../result-views.js';
import {escapeText} from './escape.js';
import {timelineSvg} from './retry-svg.js';

// What a command adds to a file's group besides its findings (result-views.ts reads them): a pack's gate verdict, a
// probed host's families and derived profiles, a recording's retry timeline. Every text comes from a report already
// redacted and control-escaped, and goes out through escapeText.

export function commandView(result: FileResult): string {
  const trace = retryTrace(result);
  if (trace) return trace.attempts.length > 0 ? `<div class="view retry">${timelineSvg(trace)}</div>` : '';
  const pack = packView(result);
  if (pack) return packBlock(pack);
  const probe = probeView(result);
  return probe ? probeBlock(probe) : '';
}

function packBlock(view: PackView): string {
  const pack = view.pack ?? '(no name@version)';
  const kind = view.kind === null ? 'unknown kind' : `${view.kind} pack`;
  const {requires} = view;
  const head = `<p><b>${escapeText(pack)}</b> · ${escapeText(kind)} · ${requires.length ? `requires ${escapeText(requires.join(', '))}` : 'requires nothing'}</p>`;
  return `<div class="view pack">${head}${gateVerdict(view.gate)}</div>`;
}

function gateVerdict(gate: PackGate | null): string {
  if (gate === null) return '<p class="gate"><span class="pill none">gate not simulated</span> <span class="muted">give --grant to simulate a host’s install gate</span></p>';
  const granted = gate.granted.length ? gate.granted.join(', ') : 'nothing';
  const refusal = gate.refusal ? `<pre class="json">${escapeText(JSON.stringify(gate.refusal, null, 2))}</pre>` : '';
  const {outcome, unmet} = gateOutcome(gate);
  const [verdict, ok, why] =
    outcome === 'code-not-scanned'
      ? ['not installed', false, 'part of its code could not be scanned, so what it reaches is unknown']
      : outcome === 'not-reached'
        ? ['not reached', false, `a host refuses the manifest first (${gate.blockedBy})`]
        : outcome === 'refused'
          ? ['refused', false, `unmet: ${unmet.join(', ')}`]
          : ['installs', true, ''];
  return `<p class="gate" data-verdict="${ok ? 'installs' : 'blocked'}"><span class="pill ${ok ? 'ok' : 'bad'}">gate: ${verdict}</span> <span class="muted">host grants ${escapeText(granted)}${why ? ` · ${escapeText(why)}` : ''}</span></p>${refusal}`;
}

function probeBlock(view: ProbeView): string {
  const status = view.status === null ? 'no HTTP answer' : `HTTP ${view.status}`;
  const rows = [
    `<tr><th>answer</th><td>${escapeText(status)}</td></tr>`,
    `<tr><th>derived profiles</th><td class="profiles">${view.profiles.length ? view.profiles.map((p) => `<code>${escapeText(p)}</code>`).join(' ') : '(none)'}</td></tr>`,
    ...view.families.map(({name, keys}) => `<tr class="family"><th>${escapeText(name)}</th><td>${escapeText(keys.join(', ') || '(empty)')}</td></tr>`),
  ];
  return `<div class="view probe"><table>${rows.join('')}</table></div>`;
}
