import type {FileResult} from '../../core/finding.js';
import {escapeText} from './escape.js';
import {retryTrace} from './retry-trace.js';
import {timelineSvg} from './retry-svg.js';

// What a command adds to a file's group besides its findings, read from the result's own fields (the JSON report's
// shape): a pack's gate verdict, a probed host's families and derived profiles, a recording's retry timeline. Every
// text comes from a report already redacted and control-escaped, and goes out through escapeText.

export function commandView(result: FileResult): string {
  const trace = retryTrace(result);
  if (trace) return `<div class="view retry">${timelineSvg(trace)}</div>`;
  if ('gate' in result && Array.isArray(result.requires)) return packView(result);
  if ('profiles' in result && 'status' in result && Array.isArray(result.profiles)) return probeView(result);
  return '';
}

interface Gate {
  granted: string[];
  installs: boolean;
  refusal: {unmet?: string[]} | null;
  blockedBy?: string;
}

function packView(result: FileResult): string {
  const pack = typeof result.pack === 'string' ? result.pack : '(no name@version)';
  const kind = typeof result.kind === 'string' ? `${result.kind} pack` : 'unknown kind';
  const requires = (result.requires as unknown[]).map(String);
  const head = `<p><b>${escapeText(pack)}</b> · ${escapeText(kind)} · ${requires.length ? `requires ${escapeText(requires.join(', '))}` : 'requires nothing'}</p>`;
  return `<div class="view pack">${head}${gateVerdict(result.gate as Gate | null)}</div>`;
}

function gateVerdict(gate: Gate | null): string {
  if (gate === null) return '<p class="gate"><span class="pill none">gate not simulated</span> <span class="muted">give --grant to simulate a host’s install gate</span></p>';
  const granted = gate.granted.length ? gate.granted.join(', ') : 'nothing';
  const refusal = gate.refusal ? `<pre class="json">${escapeText(JSON.stringify(gate.refusal, null, 2))}</pre>` : '';
  const [verdict, ok, why] =
    gate.blockedBy === 'code-not-scanned'
      ? ['not installed', false, 'part of its code could not be scanned, so what it reaches is unknown']
      : gate.blockedBy
        ? ['not reached', false, `a host refuses the manifest first (${gate.blockedBy})`]
        : gate.refusal
          ? ['refused', false, `unmet: ${(gate.refusal.unmet ?? []).join(', ')}`]
          : ['installs', true, ''];
  return `<p class="gate" data-verdict="${ok ? 'installs' : 'blocked'}"><span class="pill ${ok ? 'ok' : 'bad'}">gate: ${verdict}</span> <span class="muted">host grants ${escapeText(granted)}${why ? ` · ${escapeText(why)}` : ''}</span></p>${refusal}`;
}

function probeView(result: FileResult): string {
  const status = typeof result.status === 'number' ? `HTTP ${result.status}` : 'no HTTP answer';
  const profiles = (result.profiles as unknown[]).map(String);
  const rows = [
    `<tr><th>answer</th><td>${escapeText(status)}</td></tr>`,
    `<tr><th>derived profiles</th><td class="profiles">${profiles.length ? profiles.map((p) => `<code>${escapeText(p)}</code>`).join(' ') : '(none)'}</td></tr>`,
  ];
  const doc = result.discovery;
  if (doc !== null && typeof doc === 'object' && !Array.isArray(doc)) {
    for (const [name, value] of Object.entries(doc as Record<string, unknown>)) {
      const shown =
        value !== null && typeof value === 'object'
          ? Array.isArray(value)
            ? `${value.length} item${value.length === 1 ? '' : 's'}`
            : Object.keys(value).join(', ') || '(empty)'
          : JSON.stringify(value);
      rows.push(`<tr class="family"><th>${escapeText(name)}</th><td>${escapeText(shown)}</td></tr>`);
    }
  }
  return `<div class="view probe"><table>${rows.join('')}</table></div>`;
}
