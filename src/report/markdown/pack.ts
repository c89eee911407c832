import type {FileResult} from '../../core/finding.js';
import {displayName} from '../../io/paths.js';
import {shortList} from '../short-list.js';
import {cutLine, type ByteBudget} from './budget.js';
import {codeSpan, mdRow, mdTable, mdText} from './escape.js';
import {gateOutcome, packView, type PackGate, type PackView} from '../result-views.js';

// validate pack's part: one row per manifest with the simulated install gate's verdict, read from the result fields
// the JSON report documents (pack, kind, requires, gate; read by result-views.ts).

export function addPackGates(out: ByteBudget, results: readonly FileResult[]): void {
  const packs = results.map(packView).filter((p): p is PackView => p !== undefined);
  if (packs.length === 0) return;
  const granted = packs.find((p) => p.gate)?.gate?.granted;
  const intro = granted === undefined ? 'No install gate simulated (give `--grant` to simulate one).' : `The simulated host grants ${granted.length > 0 ? mdText(shortList(granted)) : 'nothing'}.`;
  const [header, rule] = mdTable(['Pack', 'Kind', 'Requires', 'Gate'], []);
  if (!out.fit(['', '### Packs', '', intro, '', header, rule])) {
    out.close(cutLine(packs.length, 'packs'));
    return;
  }
  out.fitEach(
    packs,
    (p) => [mdRow([codeSpan(p.pack ?? displayName(p.file)), p.kind === null ? '-' : mdText(p.kind), p.requires.length > 0 ? mdText(shortList(p.requires)) : 'nothing', verdict(p.gate)])],
    'packs',
  );
}

function verdict(gate: PackGate | null): string {
  if (gate === null) return 'not simulated';
  const {outcome, unmet: names} = gateOutcome(gate);
  const unmet = Array.isArray(gate.refusal?.unmet) ? ` (unmet: ${mdText(shortList(names))})` : '';
  if (outcome === 'code-not-scanned') return `**not installed**: code not scanned${unmet}`;
  if (outcome === 'not-reached') return `**not reached**: refused first (${mdText(gate.blockedBy ?? '')})${unmet}`;
  return outcome === 'refused' ? `**refused**${unmet}` : '✔ installs';
}
