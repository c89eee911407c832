import {readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {adaptBody, adaptStream, simulateRetry, type RetrySimulationResult, type StopClass} from '../../src/retry/index.js';
import {getValidator, isBundledSchemaName, type BundledSchemaName} from '../../src/schemas/index.js';
import {REFERENCE, tempDir} from '../helpers/cli.js';

// The providers README states each example file's outcome in a table; this test reads that table, so a file added or
// re-labelled there is checked without touching this file.

const DIR = join(REFERENCE, 'providers');

interface Row {
  file: string;
  outcome: string;
}

function readmeRows(): Row[] {
  const rows: Row[] = [];
  for (const line of readFileSync(join(DIR, 'README.md'), 'utf8').split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    if (cells.length > 4 && /\.(json|sse)$/.test(cells[1])) rows.push({file: cells[1], outcome: cells[3]});
  }
  return rows;
}

interface Expected {
  stopClass: StopClass;
  outcome: RetrySimulationResult['outcome'];
  errorCode?: string;
  reason?: string;
}

/** README outcome wording → what the router must make of a one-call recording of it. */
function expectedFor(outcome: string): Expected {
  const o = outcome.toLowerCase();
  if (o.startsWith('success')) return {stopClass: 'clean', outcome: 'accepted'};
  if (o.startsWith('truncation')) return {stopClass: 'truncated', outcome: 'recording-exhausted', reason: 'truncation'};
  if (o.startsWith('refusal')) return {stopClass: 'refusal', outcome: 'failed', errorCode: 'envelope_refusal'};
  if (/^(content filter|safety block|prompt blocked|recitation block)/.test(o)) return {stopClass: 'blocked', outcome: 'failed', errorCode: 'envelope_refusal'};
  if (o.startsWith('schema violation')) return {stopClass: 'clean', outcome: 'recording-exhausted', reason: 'schema-violation'};
  if (o.startsWith('malformed tool call')) return {stopClass: 'other', outcome: 'recording-exhausted', reason: 'unknown'};
  if (o.startsWith('tool call')) return {stopClass: 'tool-call', outcome: 'accepted'};
  if (o.startsWith('paused')) return {stopClass: 'paused', outcome: 'recording-exhausted'};
  throw new Error(`README outcome "${outcome}" has no expectation here: add one`);
}

// The README's scenario: a ticket with three required fields, closed.
const TICKET_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['ticket_id', 'priority', 'summary'],
  properties: {ticket_id: {type: 'string'}, priority: {type: 'string', enum: ['low', 'medium', 'high']}, summary: {type: 'string'}},
};

const rows = readmeRows();

describe('reference provider examples, classified as the README states', () => {
  it('the README table covers every example file, and only files that exist', () => {
    const files = readdirSync(DIR)
      .filter((f) => f !== 'README.md')
      .sort();
    expect(rows.map((r) => r.file).sort()).toEqual(files);
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(rows.some((r) => r.file.endsWith('.sse'))).toBe(true);
  });

  for (const row of rows) {
    const want = expectedFor(row.outcome);
    it(`${row.file}: ${row.outcome} → stop class ${want.stopClass}`, () => {
      const text = readFileSync(join(DIR, row.file), 'utf8');
      const got = row.file.endsWith('.sse') ? adaptStream(text) : adaptBody(JSON.parse(text));
      if (!got.ok) throw new Error(`${row.file}: ${got.message}`);
      expect(got.response.stopClass).toBe(want.stopClass);
      expect(got.response.provider).toBe(row.file.split('.')[0]);
      expect(got.response.stopReason).not.toBeNull();
    });

    it(`${row.file}: the router's verdict is ${want.outcome}${want.errorCode ? ` ${want.errorCode}` : ''}${want.reason ? ` (${want.reason})` : ''}`, async () => {
      const dir = tempDir();
      writeFileSync(join(dir, 'ticket.schema.json'), JSON.stringify(TICKET_SCHEMA));
      const outcome = await simulateRetry([join(DIR, row.file)], {cwd: dir, schema: 'ticket.schema.json', maxTokens: 256});
      const result = outcome.results[0] as RetrySimulationResult;
      expect(outcome.fatal).toBe(false);
      expect(result.outcome).toBe(want.outcome);
      expect(result.errorCode).toBe(want.errorCode ?? null);
      expect(result.totalCalls).toBe(1);
      if (want.reason) expect(result.attempts[0].reason).toBe(want.reason);
      for (const e of result.events) {
        const name = `events/${e.type}`;
        expect(isBundledSchemaName(name), name).toBe(true);
        const validate = getValidator(name as BundledSchemaName);
        expect(validate(e.payload), `${e.type}: ${JSON.stringify(validate.errors)}`).toBe(true);
      }
      if (want.outcome === 'recording-exhausted') expect(result.findings.map((f) => f.ruleId)).toEqual(['retry/recording-exhausted']);
      else expect(result.findings).toEqual([]);
    });
  }
});

describe('the two refusals no finish reason covers', () => {
  it('OpenAI chat: message.refusal with finish_reason "stop" is a refusal, with the refusal text kept', () => {
    const body = JSON.parse(readFileSync(join(DIR, 'openai-chat.refusal.json'), 'utf8'));
    expect(body.choices[0].finish_reason).toBe('stop');
    const got = adaptBody(body);
    expect(got.ok && got.response).toMatchObject({stopClass: 'refusal', stopReason: 'stop', refusalText: body.choices[0].message.refusal});
  });

  it('OpenAI Responses: a refusal content part inside a completed response is a refusal', () => {
    const body = JSON.parse(readFileSync(join(DIR, 'openai-responses.refusal.json'), 'utf8'));
    expect(body.status).toBe('completed');
    const got = adaptBody(body);
    expect(got.ok && got.response).toMatchObject({stopClass: 'refusal', stopReason: 'completed'});
  });
});

describe('streams reassemble the same reply as their bodies', () => {
  it("the Gemini stream yields the whole text of its chunks and the last chunk's finishReason and usage", () => {
    const got = adaptStream(readFileSync(join(DIR, 'gemini.stream.stop.sse'), 'utf8'));
    expect(got.ok && got.response).toMatchObject({stopClass: 'clean', stopReason: 'STOP', outputTokens: 32});
    expect(got.ok && JSON.parse(got.response.text as string)).toMatchObject({ticket_id: 'T-1042', priority: 'high'});
  });

  it('a stream cut anywhere before its stop signal is never read as a clean or truncated reply', () => {
    for (const file of rows.map((r) => r.file).filter((f) => f.endsWith('.sse'))) {
      const text = readFileSync(join(DIR, file), 'utf8');
      const full = adaptStream(text);
      expect(full.ok, file).toBe(true);
      const stopAt = Math.max(text.lastIndexOf('finish_reason":"'), text.lastIndexOf('finishReason'), text.lastIndexOf('"stop_reason":"'), text.lastIndexOf('response.incomplete'));
      for (let cut = 10; cut < stopAt; cut += 37) {
        const partial = adaptStream(text.slice(0, cut));
        expect(partial.ok, `${file} cut at ${cut}`).toBe(false);
        if (!partial.ok) expect(['retry/sse-cut', 'retry/sse-no-stop', 'retry/unknown-provider']).toContain(partial.ruleId);
      }
    }
  });
});
