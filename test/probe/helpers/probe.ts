import {expect} from 'vitest';
import type {Finding} from '../../../src/core/finding.js';
import {runCli, STACK_TRACE} from '../../helpers/cli.js';

export interface ProbeRun {
  code: number | null;
  stdout: string;
  stderr: string;
  report: {tool: string; command: string; summary: Record<string, unknown>; results: (Record<string, unknown> & {file: string; findings: Finding[]})[]};
  findings: Finding[];
  ids: string[];
}

/** `openwop probe host … --format json`, with the report shape and the no-stack-trace rule checked on every run. */
export async function probeJson(args: string[], options: {cwd?: string; env?: NodeJS.ProcessEnv} = {}): Promise<ProbeRun> {
  const r = await runCli(['probe', 'host', ...args, '--format', 'json'], options);
  expect(r.stderr).not.toMatch(STACK_TRACE);
  let report: ProbeRun['report'];
  try {
    report = JSON.parse(r.stdout) as ProbeRun['report'];
  } catch {
    throw new Error(`not a JSON report (exit ${r.code}):\n${r.stdout}\n${r.stderr}`);
  }
  expect(report).toMatchObject({tool: 'openwop', command: 'probe host'});
  const first = report.results[0];
  for (const key of ['url', 'status', 'profiles', 'discovery']) expect(first, `result has ${key}`).toHaveProperty(key);
  const findings = report.results.flatMap((x) => x.findings);
  for (const f of findings) {
    expect(['error', 'warning', 'info']).toContain(f.severity);
    expect(typeof f.pointer).toBe('string');
    expect(Number.isInteger(f.line) && Number.isInteger(f.column)).toBe(true);
  }
  return {code: r.code, stdout: r.stdout, stderr: r.stderr, report, findings, ids: [...new Set(findings.map((f) => f.ruleId))].sort()};
}
