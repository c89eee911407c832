import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {format as junit} from '../../src/report/formatters/junit.js';
import {buildReport} from '../../src/report/report.js';
import {childrenNamed, parseXml} from './xml-check.js';
import {finding, sampleContext, sampleReport} from './sample.js';

describe('junit', () => {
  const xml = junit(sampleReport(), sampleContext());
  const root = parseXml(xml);
  const suites = childrenNamed(root, 'testsuite');

  it('is well-formed XML with a declaration and a <testsuites> root', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(root.name).toBe('testsuites');
    expect(root.attrs).toMatchObject({name: 'openwop lint schema', tests: '6', failures: '4'});
  });

  it('has one suite per file and one testcase per finding', () => {
    expect(suites.map((s) => s.attrs.name)).toEqual(['schemas/a b.json', 'schemas/clean.json', '<stdin>', '/elsewhere/b.json']);
    expect(suites.map((s) => childrenNamed(s, 'testcase').length)).toEqual([3, 1, 1, 1]);
    const [first] = childrenNamed(suites[0], 'testcase');
    expect(first.attrs).toMatchObject({classname: 'tier1/forbidden-keyword', name: '12:15 /properties/a/oneOf'});
  });

  it('makes errors and warnings failures, infos passing cases with system-out', () => {
    const cases = childrenNamed(suites[0], 'testcase');
    const failure = (i: number) => childrenNamed(cases[i], 'failure')[0];
    expect(failure(0).attrs).toEqual({type: 'error', message: 'Keyword "oneOf" is not in the Tier-1 subset'});
    expect(failure(1).attrs.type).toBe('warning');
    expect(childrenNamed(cases[2], 'failure')).toHaveLength(0);
    expect(childrenNamed(cases[2], 'system-out')[0].text).toContain('info: Nesting depth is 5');
    expect(suites[0].attrs).toMatchObject({tests: '3', failures: '2'});
  });

  it('gives a clean file one passing testcase', () => {
    const [clean] = childrenNamed(suites[1], 'testcase');
    expect(clean.children).toHaveLength(0);
    expect(clean.attrs.name).toBe('lint schema: no problems');
  });

  it('keeps newlines in attributes as references so they survive parsing', () => {
    const failure = childrenNamed(childrenNamed(suites[2], 'testcase')[0], 'failure')[0];
    expect(failure.attrs.message).toBe('Duplicate envelopeId "e1"\nfirst seen on line 1');
  });

  it('replaces characters XML 1.0 cannot carry with a visible escape', () => {
    const message = 'bad \u0000 \u001b[31m \ud800 \uffff <&>"\' ok \u{1f600}';
    const r = buildReport('validate envelope', '0.1.0', [{file: 'a\u0001.json', findings: [finding({file: 'a\u0001.json', message})]}]);
    const out = parseXml(junit(r, sampleContext()));
    const suite = childrenNamed(out, 'testsuite')[0];
    expect(suite.attrs.name).toBe('a\\u0001.json');
    const failure = childrenNamed(childrenNamed(suite, 'testcase')[0], 'failure')[0];
    expect(failure.attrs.message).toBe('bad \\u0000 \\u001b[31m \\ud800 \\uffff <&>"\' ok \u{1f600}');
  });

  it('stays well-formed for any input', () => {
    fc.assert(
      fc.property(fc.string({unit: 'binary'}), fc.string({unit: 'binary'}), fc.string({unit: 'binary'}), fc.string(), (message, ruleId, file, pointer) => {
        const r = buildReport('lint schema', '0.1.0', [{file, findings: [finding({file, ruleId, message, pointer, severity: 'info'}), finding({file, ruleId, message, pointer})]}]);
        const doc = parseXml(junit(r, sampleContext()));
        const cases = childrenNamed(childrenNamed(doc, 'testsuite')[0], 'testcase');
        expect(cases).toHaveLength(2);
        expect(cases[1].attrs.classname.length).toBeGreaterThanOrEqual(ruleId.length);
      }),
      {numRuns: 300},
    );
  });

  it('the checker itself rejects broken XML', () => {
    for (const bad of ['<a><b></a>', '<a x="1" x="2"/>', '<a>&nbsp;</a>', '<a>x < y</a>', '<a x="<"/>', '<a/><b/>', '<a>\u0001</a>', '<a']) {
      expect(() => parseXml(bad), bad).toThrow();
    }
  });
});
