import {describe, expect, it} from 'vitest';
import {format as gitlab} from '../../src/report/formatters/gitlab.js';
import {format as sarif} from '../../src/report/formatters/sarif.js';
import {buildReport} from '../../src/report/report.js';
import {finding, sampleContext, sampleReport} from './sample.js';

interface Issue {
  description: string;
  check_name: string;
  fingerprint: string;
  severity: string;
  location: {path: string; lines: {begin: number}};
}

const issues = (text: string) => JSON.parse(text) as Issue[];

describe('gitlab (GitLab Code Quality)', () => {
  const out = issues(gitlab(sampleReport(), sampleContext()));

  it('one issue per finding with the fields GitLab requires; error/warning/info as major/minor/info', () => {
    expect(out.map((i) => [i.check_name, i.severity, i.location.path, i.location.lines.begin])).toEqual([
      ['tier1/forbidden-keyword', 'major', 'schemas/a b.json', 12],
      ['reasoning/first', 'minor', 'schemas/a b.json', 2],
      ['tier1/max-nesting-depth-5', 'info', 'schemas/a b.json', 140],
      ['envelope/duplicate-id', 'major', '<stdin>', 4],
      ['pack/missing-schema', 'minor', '/elsewhere/b.json', 1],
    ]);
    expect(out[0].description).toBe('Keyword "oneOf" is not in the Tier-1 subset');
    for (const i of out) expect(Object.keys(i).sort()).toEqual(['check_name', 'description', 'fingerprint', 'location', 'severity']);
  });

  it('fingerprints are unique, stable across runs and line moves, and identical findings stay apart', () => {
    expect(new Set(out.map((i) => i.fingerprint)).size).toBe(out.length);
    expect(issues(gitlab(sampleReport(), sampleContext()))).toEqual(out);
    const twice = (line: number) =>
      issues(gitlab(buildReport('validate envelope', '0.1.0', [{file: 's.ndjson', findings: [finding({file: 's.ndjson', line}), finding({file: 's.ndjson', line: line + 1})]}]), sampleContext()));
    const [a, b] = twice(3);
    expect(a.fingerprint).not.toBe(b.fingerprint);
    expect(twice(40).map((i) => i.fingerprint)).toEqual([a.fingerprint, b.fingerprint]);
  });

  it('a clean run is an empty list; an empty message falls back to the rule id', () => {
    expect(gitlab(buildReport('lint schema', '0.1.0', [{file: 'a.json', findings: []}]), sampleContext())).toBe('[]\n');
    const empty = issues(gitlab(buildReport('lint schema', '0.1.0', [{file: 'a.json', findings: [finding({file: 'a.json', message: ''})]}]), sampleContext()));
    expect(empty[0].description).toBe('tier1/forbidden-keyword');
  });

  it('reports what the SARIF log reports, finding for finding', () => {
    const log = JSON.parse(sarif(sampleReport(), sampleContext())) as {runs: {results: {ruleId: string; locations: {physicalLocation: {region: {startLine: number}}}[]}[]}[]};
    expect(out.map((i) => `${i.check_name}:${i.location.lines.begin}`)).toEqual(log.runs[0].results.map((r) => `${r.ruleId}:${r.locations[0].physicalLocation.region.startLine}`));
  });
});
