import {Chalk} from 'chalk';
import type {FileResult} from '../core/finding.js';
import type {FormatContext} from '../report/format-context.js';
import type {PackResult} from './check-manifest.js';

function isPackResult(result: FileResult): result is PackResult {
  return 'gate' in result && 'requires' in result && Array.isArray(result.requires);
}

/**
 * Stylish lines under each manifest: who the pack is, what it holds and needs, and what the simulated gate decided.
 * The stylish formatter hands over a redacted, control-escaped copy of the result, so manifest text is safe to print.
 */
export function renderPackExtras(result: FileResult, ctx: FormatContext): string[] {
  // Not a manifest at all (unreadable, not an object): its finding says everything.
  if (!isPackResult(result) || (result.pack === null && result.kind === null)) return [];
  const c = new Chalk({level: ctx.color ? 1 : 0});
  const held = Object.entries(result.contents).map(([list, n]) => `${n} ${n === 1 ? list.replace(/s$/, '') : list}`);
  const head = [
    c.bold(result.pack ?? '(no name@version)'),
    result.kind ? `${result.kind} pack` : 'unknown kind',
    ...(held.length ? [held.join(', ')] : []),
    result.requires.length ? `requires ${result.requires.join(', ')}` : 'requires nothing (runtime.requires absent or [])',
  ];
  const lines = [head.join(' · ')];
  const gate = result.gate;
  if (gate) {
    const granted = gate.granted.length ? gate.granted.join(', ') : 'nothing';
    if (gate.blockedBy === 'code-not-scanned') {
      lines.push(
        `${c.red('gate: not installed')} (host grants ${granted}): part of its code could not be scanned, so what it reaches is unknown (code-not-scanned)${gate.refusal ? `; its gate also answers ${JSON.stringify(gate.refusal)}` : ''}`,
      );
    } else if (gate.blockedBy) {
      lines.push(`${c.red('gate: not reached')}: a host refuses the manifest first (${gate.blockedBy})${gate.refusal ? `, and its gate would then answer ${JSON.stringify(gate.refusal)}` : ''}`);
    } else if (gate.refusal) {
      lines.push(`${c.red('gate: refused')} (host grants ${granted}) → ${JSON.stringify(gate.refusal)}`);
    } else lines.push(`${c.green('gate: installs')} (host grants ${granted})`);
  }
  return lines;
}
