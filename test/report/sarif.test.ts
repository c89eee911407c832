import {describe, expect, it} from 'vitest';
import {format as sarif} from '../../src/report/formatters/sarif.js';
import {buildReport} from '../../src/report/report.js';
import {assertSarifStructure, sarifStructureProblems} from './sarif-structure.js';
import {ruleDocsUrl} from '../../src/report/rule-docs-url.js';
import {CWD, FORBIDDEN_KEYWORD, finding, sampleContext, sampleReport} from './sample.js';

type Any = any;

const log = (report = sampleReport(), ctx = sampleContext()): Any => JSON.parse(sarif(report, ctx));

describe('sarif', () => {
  it('passes the structural check', () => {
    assertSarifStructure(log());
  });

  it('names the tool and lists exactly the referenced rules, sorted, with ruleIndex pointing at them', () => {
    const run = log().runs[0];
    expect(run.tool.driver).toMatchObject({name: 'openwop', version: '0.1.0', informationUri: 'https://example.test/openwop'});
    const ids = run.tool.driver.rules.map((r: Any) => r.id);
    expect(ids).toEqual(['envelope/duplicate-id', 'pack/missing-schema', 'reasoning/first', 'tier1/forbidden-keyword', 'tier1/max-nesting-depth-5']);
    for (const res of run.results) expect(ids[res.ruleIndex]).toBe(res.ruleId);
  });

  it('describes a known rule from the Rule itself: docs link, help, default level, tags and upstream code', () => {
    const rules = Object.fromEntries(log().runs[0].tool.driver.rules.map((r: Any) => [r.id, r]));
    const r = rules['tier1/forbidden-keyword'];
    expect(r).toMatchObject({
      shortDescription: {text: 'Keywords outside the Tier-1 subset'},
      fullDescription: {text: 'Structured-output engines reject these keywords.'},
      helpUri: ruleDocsUrl(FORBIDDEN_KEYWORD),
      defaultConfiguration: {level: 'error'},
      properties: {tags: ['tier1', 'lint schema', 'validate pack', 'profile:strict', 'target:tier1', 'target:openai', 'upstream-code'], code: 'forbidden-keyword'},
    });
    expect(r.helpUri).toMatch(/\/tier1\/forbidden-keyword\.md$/);
    for (const help of [r.help.text, r.help.markdown]) {
      expect(help).toContain('Structured-output engines reject these keywords.');
      expect(help).toContain('{"oneOf": []}');
      expect(help).toContain('--rule tier1/forbidden-keyword=off');
      expect(help).toContain('tier1-forbidden');
    }
    // No valid example recorded: the help says so rather than leaving an empty heading.
    expect(r.help.markdown).toMatch(/#### Valid\n\nNone recorded\./);
  });

  it('falls back to the id and the finding docsUrl for a rule the context does not know', () => {
    const rules = Object.fromEntries(log().runs[0].tool.driver.rules.map((r: Any) => [r.id, r]));
    expect(rules['reasoning/first']).toEqual({id: 'reasoning/first', shortDescription: {text: 'reasoning/first'}, helpUri: 'https://example.test/rules/reasoning-first'});
    expect(rules['pack/missing-schema']).toEqual({id: 'pack/missing-schema', shortDescription: {text: 'pack/missing-schema'}});
  });

  it('carries the upstream code on a result and turns a fix into artifactChanges replacements', () => {
    const fix = {
      description: 'Put reasoning first',
      edits: [
        {offset: 10, length: 4, content: '"b"'},
        {offset: 30, length: 0, content: ','},
      ],
    };
    const report = buildReport('lint schema', '0.1.0', [{file: 'schemas/a.json', findings: [finding({file: 'schemas/a.json', code: 'forbidden-keyword', fix})]}]);
    const [result] = log(report).runs[0].results;
    expect(result.properties).toEqual({pointer: '/properties/a/oneOf', code: 'forbidden-keyword'});
    expect(result.fixes).toEqual([
      {
        description: {text: 'Put reasoning first'},
        artifactChanges: [
          {
            artifactLocation: {uri: 'schemas/a.json', uriBaseId: '%SRCROOT%'},
            replacements: [
              {deletedRegion: {charOffset: 10, charLength: 4}, insertedContent: {text: '"b"'}},
              {deletedRegion: {charOffset: 30, charLength: 0}, insertedContent: {text: ','}},
            ],
          },
        ],
      },
    ]);
    expect(log().runs[0].results[0].fixes).toBeUndefined();
  });

  it('maps severities to levels and keeps message, region and pointer', () => {
    const results = log().runs[0].results;
    expect(results.map((r: Any) => r.level)).toEqual(['error', 'warning', 'note', 'error', 'warning']);
    expect(results[0].message.text).toBe('Keyword "oneOf" is not in the Tier-1 subset');
    expect(results[0].locations[0].physicalLocation.region).toEqual({startLine: 12, startColumn: 15, endLine: 12, endColumn: 21});
    expect(results[2].properties.pointer).toBe('/properties/x~1y');
  });

  it('uses %SRCROOT%-relative, percent-encoded URIs under cwd, file URIs outside it, "stdin" for stdin', () => {
    const run = log().runs[0];
    expect(run.originalUriBaseIds['%SRCROOT%'].uri).toBe('file:///work/proj/');
    const locs = run.results.map((r: Any) => r.locations[0].physicalLocation.artifactLocation);
    expect(locs[0]).toEqual({uri: 'schemas/a%20b.json', uriBaseId: '%SRCROOT%'});
    expect(locs[3]).toEqual({uri: 'stdin'});
    expect(locs[4]).toEqual({uri: 'file:///elsewhere/b.json'});
  });

  it('encodes characters that would change a relative URI, and passes URLs through', () => {
    const files = ['c:odd/#1?.json', 'déjà/ü%.json', 'https://host.test/.well-known/openwop'];
    const report = buildReport(
      'probe host',
      '0.1.0',
      files.map((file) => ({file, findings: [finding({file})]})),
    );
    const uris = log(report).runs[0].results.map((r: Any) => r.locations[0].physicalLocation.artifactLocation.uri);
    expect(uris).toEqual(['c%3Aodd/%231%3F.json', 'd%C3%A9j%C3%A0/%C3%BC%25.json', 'https://host.test/.well-known/openwop']);
  });

  it('clamps positions to 1-based and never lets a region run backwards', () => {
    const report = buildReport('validate envelope', '0.1.0', [{file: 'a.json', findings: [finding({file: 'a.json', line: 0, column: 0, endLine: 0, endColumn: 0})]}]);
    const region = log(report).runs[0].results[0].locations[0].physicalLocation.region;
    expect(region).toEqual({startLine: 1, startColumn: 1, endLine: 1, endColumn: 1});
  });

  it('has stable fingerprints independent of the checkout location, distinct for repeated findings', () => {
    const a = log().runs[0].results.map((r: Any) => r.partialFingerprints['openwop/v1']);
    const again = log().runs[0].results.map((r: Any) => r.partialFingerprints['openwop/v1']);
    expect(again).toEqual(a);
    const moved = sampleReport();
    moved.results[0].file = '/other/checkout/schemas/a b.json';
    const b = log(moved, sampleContext({cwd: '/other/checkout'})).runs[0].results.map((r: Any) => r.partialFingerprints['openwop/v1']);
    expect(b.slice(0, 3)).toEqual(a.slice(0, 3));
    const twice = buildReport('validate envelope', '0.1.0', [{file: 's.ndjson', findings: [finding({file: 's.ndjson', line: 1}), finding({file: 's.ndjson', line: 9})]}]);
    const [f1, f2] = log(twice).runs[0].results.map((r: Any) => r.partialFingerprints['openwop/v1']);
    expect(f1).not.toBe(f2);
    expect(f1.split(':')[0]).toBe(f2.split(':')[0]);
  });

  it('keeps results: [] for a clean run', () => {
    const clean = log(buildReport('lint schema', '0.1.0', [{file: 'a.json', findings: []}]));
    expect(clean.runs[0].results).toEqual([]);
    expect(clean.runs[0].tool.driver.rules).toEqual([]);
    assertSarifStructure(clean);
  });

  it('structure helper reports what is wrong', () => {
    const broken = log();
    broken.version = '2.0.0';
    broken.runs[0].results[0].ruleIndex = 99;
    broken.runs[0].results[1].level = 'info';
    broken.runs[0].results[2].locations[0].physicalLocation.region.startColumn = 0;
    delete broken.runs[0].results[3].partialFingerprints;
    broken.runs[0].results[4].ruleId = 'nope';
    const problems = sarifStructureProblems(broken).join('\n');
    for (const bit of ['version', 'results[0].ruleIndex', 'results[1].level', 'results[2].locations[0].physicalLocation.region.startColumn', 'results[3].partialFingerprints', 'results[4].ruleId']) {
      expect(problems).toContain(bit);
    }
    expect(() => assertSarifStructure(broken)).toThrow(/SARIF structure problems/);
  });

  it('uses the cwd given in the context, not the process cwd', () => {
    expect(CWD).not.toBe(process.cwd());
    expect(log().runs[0].originalUriBaseIds['%SRCROOT%'].uri).toBe(`file://${CWD}/`);
  });
});
