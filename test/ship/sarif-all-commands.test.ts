// Every checking command's SARIF, on the bundled examples, is a log GitHub code scanning accepts (the structural
// subset in test/report/sarif-structure.ts), and says the same thing as its JSON report.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {ROOT, runCli, tempDir} from '../helpers/cli.js';
import {assertSarifStructure} from '../report/sarif-structure.js';
import {exampleInvocations, startExampleHost} from './helpers.js';

let host: Awaited<ReturnType<typeof startExampleHost>>;
beforeAll(async () => {
  host = await startExampleHost();
});
afterAll(async () => {
  await host?.close();
});

interface SarifLog {
  runs: {tool: {driver: {name: string; rules: {id: string}[]}}; results: {ruleId: string; level: string; locations: {physicalLocation: {region: {startLine: number}}}[]}[]}[];
}
interface JsonReport {
  results: {findings: {ruleId: string; severity: string; line: number}[]}[];
}

const LEVEL = {error: 'error', warning: 'warning', info: 'note'} as const;

describe('--format sarif from every checking command, on the bundled examples', () => {
  // scaffold kind writes files and has no findings to report, so it has no SARIF form.
  const cases = () => exampleInvocations(host.url, tempDir()).filter((c) => c.args[0] !== 'scaffold');

  it('covers lint schema, validate envelope, validate pack, probe host and simulate retry, clean and failing', () => {
    const commands = new Set(cases().map((c) => c.args.slice(0, 2).join(' ')));
    expect([...commands].sort()).toEqual(['lint schema', 'probe host', 'simulate retry', 'validate envelope', 'validate pack']);
    expect(cases().some((c) => c.code === 1)).toBe(true);
  });

  for (const name of ['lint schema', 'validate envelope', 'validate pack', 'probe host', 'simulate retry']) {
    it(`${name}: structurally valid SARIF 2.1.0 whose results match the JSON report`, async () => {
      for (const c of cases().filter((k) => k.args.slice(0, 2).join(' ') === name)) {
        const sarif = await runCli([...c.args, '--format', 'sarif'], {cwd: ROOT});
        expect(sarif.code, `${c.name}: ${sarif.stderr}`).toBe(c.code);
        const log = JSON.parse(sarif.stdout) as SarifLog;
        assertSarifStructure(log);
        expect(log.runs[0].tool.driver.name).toBe('openwop');

        const json = await runCli([...c.args, '--format', 'json'], {cwd: ROOT});
        const findings = (JSON.parse(json.stdout) as JsonReport).results.flatMap((r) => r.findings);
        const results = log.runs.flatMap((r) => r.results);
        expect(results.map((r) => `${r.ruleId}:${r.level}:${r.locations[0].physicalLocation.region.startLine}`).sort(), c.name).toEqual(
          findings.map((f) => `${f.ruleId}:${LEVEL[f.severity as keyof typeof LEVEL]}:${f.line}`).sort(),
        );
        // A failing example must actually put findings in the log.
        if (c.code === 1) expect(results.length, c.name).toBeGreaterThan(0);
      }
    });
  }
});
