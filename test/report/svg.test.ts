import {describe, expect, it} from 'vitest';
import type {FileResult} from '../../src/core/finding.js';
import {buildReport} from '../../src/report/report.js';
import {format as svg} from '../../src/report/formatters/svg.js';
import {format as html} from '../../src/report/formatters/html.js';
import {finding, sampleContext} from './sample.js';
import {parseXml, type XmlElement} from './xml-check.js';

function attempt(call: number, stopClass: string, maxTokens: number | null, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {call, attempt: call, provider: 'openai-chat', stopClass, stopReason: stopClass === 'truncated' ? 'length' : 'stop', reason: null, maxTokens, correctiveFragment: null, events: [], ...over};
}

function simulation(file: string, attempts: Record<string, unknown>[], over: Record<string, unknown> = {}): FileResult {
  return {
    file,
    findings: [],
    outcome: 'accepted',
    errorCode: null,
    stoppedBy: 'valid',
    totalCalls: attempts.length,
    attempts,
    events: [],
    nodeId: 'extract',
    recording: {format: 'mock', calls: attempts.length},
    policy: {maxCalls: 4, multiplier: 2, providerCeiling: 1500, initialBudget: 400},
    ...over,
  };
}

function all(root: XmlElement, test: (e: XmlElement) => boolean): XmlElement[] {
  return [...(test(root) ? [root] : []), ...root.children.flatMap((c) => all(c, test))];
}
const withClass = (name: string) => (e: XmlElement) => (e.attrs.class ?? '').split(' ').includes(name);

const TRUNCATIONS = simulation('trunc.json', [
  attempt(1, 'truncated', 400, {events: ['envelope.truncated', 'envelope.retry.attempted']}),
  attempt(2, 'truncated', 800, {events: ['envelope.truncated', 'envelope.retry.attempted']}),
  attempt(3, 'truncated', 1500, {events: ['envelope.truncated', 'envelope.retry.attempted']}),
  attempt(4, 'clean', 1500, {correctiveFragment: 'Your last answer failed validation', events: []}),
]);

describe('svg: the retry timeline', () => {
  it('is well-formed XML: a lane per call, budget bars growing on truncation and stopping at the ceiling', () => {
    const doc = parseXml(svg(buildReport('simulate retry', '0.1.0', [TRUNCATIONS])).replace(/^<\?xml[^>]*\?>\n/, ''));
    expect(doc.name).toBe('svg');
    expect(doc.attrs.xmlns).toBe('http://www.w3.org/2000/svg');
    const lanes = all(doc, withClass('lane'));
    expect(lanes.map((l) => l.attrs['data-call'])).toEqual(['1', '2', '3', '4']);
    const bars = all(doc, withClass('budget-bar'));
    const widths = bars.map((b) => Number(b.attrs.width));
    expect(bars.map((b) => b.attrs['data-budget'])).toEqual(['400', '800', '1500', '1500']);
    expect(widths[1]).toBeCloseTo(widths[0] * 2, 0);
    expect(widths[2]).toBe(widths[3]);
    // At the ceiling a bar fills its whole track: the scale ends there.
    const track = lanes[2].children.filter((c) => c.name === 'rect')[1];
    expect(widths[2]).toBe(Number(track.attrs.width));
    const ceiling = all(doc, withClass('ceiling'))[0].children.find((c) => c.name === 'line');
    // The ceiling line stands where the longest bar ends.
    expect(Number(ceiling?.attrs.x1)).toBeCloseTo(Number(bars[2].attrs.x) + widths[2], 0);
    expect(all(doc, withClass('stop')).map((s) => s.attrs['data-stop'])).toEqual(['truncated', 'truncated', 'truncated', 'clean']);
    expect(all(doc, withClass('fragment'))).toHaveLength(1);
    expect(all(doc, withClass('events'))[0].text).toBe('events: envelope.truncated, envelope.retry.attempted');
    const outcome = all(doc, withClass('outcome'))[0];
    expect(outcome.attrs['data-outcome']).toBe('accepted');
    expect(outcome.text).toBe('✔ accepted after 4 calls');
  });

  it('one timeline per emission; a recording with no call replayed says so; a failure names its error code', () => {
    const failed = simulation('refusal.json', [attempt(1, 'refusal', 400, {events: ['envelope.refusal']})], {outcome: 'failed', errorCode: 'envelope_refusal', stoppedBy: 'refusal'});
    const empty: FileResult = {...simulation('empty.json', []), findings: [finding({file: 'empty.json', ruleId: 'retry/unreadable', message: 'no call in it'})]};
    const doc = parseXml(svg(buildReport('simulate retry', '0.1.0', [TRUNCATIONS, failed, empty])).replace(/^<\?xml[^>]*\?>\n/, ''));
    const timelines = all(doc, withClass('timeline'));
    expect(timelines.map((t) => t.attrs.transform)).toEqual(['translate(0 0)', `translate(0 ${74 + 4 * 48 + 36})`]);
    expect(all(doc, withClass('outcome'))[1].text).toBe('✖ failed: envelope_refusal after 1 call (stopped by refusal)');
    expect(all(doc, withClass('no-call'))[0].text).toBe('empty.json: no call replayed (no call in it)');
  });

  it('escapes what a recording says, and the html report carries the same drawing inline', () => {
    const hostile = simulation('<script>x</script>.json', [attempt(1, 'clean', 10, {provider: '"><img src=x onerror=alert(1)>'})], {nodeId: '</svg><script>alert(1)</script>'});
    const text = svg(buildReport('simulate retry', '0.1.0', [hostile]));
    expect(() => parseXml(text.replace(/^<\?xml[^>]*\?>\n/, ''))).not.toThrow();
    expect(text).not.toMatch(/<script|<img/);
    const page = html(buildReport('simulate retry', '0.1.0', [TRUNCATIONS, hostile]), sampleContext());
    expect(page.match(/<svg /g)).toHaveLength(2);
    expect(page.match(/<script/g)).toHaveLength(1);
  });

  it('a clean stop whose reply the router refused says why the next call came; names from a recording never pick a colour off the prototype', () => {
    const rejected = simulation(
      'violation.json',
      [
        attempt(1, 'clean', 400, {reason: 'schema-violation', events: ['envelope.retry.attempted']}),
        attempt(2, 'clean', 400, {reason: 'parse-error'}),
        attempt(3, 'constructor', 400),
        attempt(4, 'clean', 400),
      ],
      {outcome: '__proto__'},
    );
    const root = parseXml(svg(buildReport('simulate retry', '0.1.0', [rejected])));
    const pills = all(root, withClass('stop')).map((g) => [g.attrs['data-rejected'], g.children[0].attrs.fill, g.children[1].text]);
    expect(pills).toEqual([
      ['schema-violation', '#c62828', 'schema violation (stop)'],
      ['parse-error', '#c62828', 'not JSON (stop)'],
      [undefined, '#546e7a', 'constructor (stop)'],
      [undefined, '#2e7d32', 'clean (stop)'],
    ]);
    expect(all(root, withClass('outcome'))[0].attrs.fill).toBe('#8d6e00');
  });
});
