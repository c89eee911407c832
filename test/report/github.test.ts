import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {escapeData, escapeProperty, format as github} from '../../src/report/formatters/github.js';
import {displayString} from '../../src/report/printable.js';
import {buildReport} from '../../src/report/report.js';
import {finding, sampleContext, sampleReport} from './sample.js';

const unescape = (s: string): string => s.replace(/%(25|0D|0A|3A|2C)/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('github', () => {
  const lines = github(sampleReport(), sampleContext()).trimEnd().split('\n');

  it('emits one workflow command per finding, severity mapped to error/warning/notice', () => {
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe('::error file=schemas/a b.json,line=12,col=15,endLine=12,endColumn=21,title=tier1/forbidden-keyword::Keyword "oneOf" is not in the Tier-1 subset');
    expect(lines[1]).toBe('::warning file=schemas/a b.json,line=2,col=3,title=reasoning/first::"reasoning" should be the first property');
    expect(lines[2]).toMatch(/^::notice file=schemas\/a b\.json,line=140,col=1,title=tier1\/max-nesting-depth-5::/);
  });

  it('keeps stdin and files outside the checkout unattached, with the location in the message', () => {
    expect(lines[3]).toBe('::error title=envelope/duplicate-id::<stdin>:4:1: Duplicate envelopeId "e1"%0Afirst seen on line 1');
    expect(lines[4]).toBe('::warning title=pack/missing-schema::/elsewhere/b.json:1:1: Schema "node:a,b" 100%25 missing');
  });

  it('escapes data and properties like @actions/core', () => {
    expect(escapeData('100% done\r\nnext::x,y')).toBe('100%25 done%0D%0Anext::x,y');
    expect(escapeProperty('a:b,c%\n')).toBe('a%3Ab%2Cc%25%0A');
    const r = buildReport('lint schema', '0.1.0', [{file: 'd,1:x.json', findings: [finding({file: 'd,1:x.json', ruleId: 'x:y,z', message: 'm'})]}]);
    expect(github(r, sampleContext())).toBe('::error file=d%2C1%3Ax.json,line=3,col=7,title=x%3Ay%2Cz::m\n');
  });

  it('prints nothing for a clean run', () => {
    expect(github(buildReport('lint schema', '0.1.0', [{file: 'a.json', findings: []}]), sampleContext())).toBe('');
  });

  it('never lets a finding break out of its line, and escaping round-trips to the control-escaped text', () => {
    fc.assert(
      fc.property(fc.string({unit: 'binary'}), fc.string({unit: 'binary'}), fc.string({unit: 'binary', minLength: 1}), (message, ruleId, name) => {
        const file = `dir/f${name.replace(/[/\\]/g, '_')}`;
        const r = buildReport('lint schema', '0.1.0', [{file, findings: [finding({file, ruleId, message})]}]);
        const out = github(r, sampleContext());
        expect(out.endsWith('\n')).toBe(true);
        const line = out.slice(0, -1);
        expect(line).not.toMatch(/[\r\n]/);
        const [, props, data] = /^::error (.*?)::(.*)$/s.exec(line) ?? [];
        // What round-trips is the text a person may see: terminal controls arrive as visible \u escapes.
        expect(unescape(data)).toBe(displayString(message));
        const fields = props.split(',');
        expect(fields).toHaveLength(4);
        expect(unescape(fields[0].slice('file='.length))).toBe(displayString(file));
        expect(unescape(fields[3].slice('title='.length))).toBe(displayString(ruleId));
      }),
    );
  });
});
