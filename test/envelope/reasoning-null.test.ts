import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {validateEnvelopeInputs} from '../../src/envelope/index.js';
import {tempDir} from '../helpers/cli.js';

const envelope = (reasoning: unknown) => ({
  type: 'clarification.request',
  envelopeId: 'e-1',
  correlationId: 'run:node:0:k',
  payload: {reasoning, questions: [{id: 'q1', question: 'Which date?'}]},
  meta: {source: 'ai-generation', ts: '2026-11-20T10:00:00Z'},
});

async function findings(value: unknown) {
  const dir = tempDir();
  writeFileSync(join(dir, 'e.json'), JSON.stringify(value));
  const out = await validateEnvelopeInputs(['e.json'], {cwd: dir});
  return out.results[0].findings.map((f) => `${f.ruleId} ${f.pointer}`);
}

describe('a null reasoning (RFC 0030 §D strict-mode emulation)', () => {
  it('is read as absent, so a universal kind accepts it', async () => {
    expect(await findings(envelope(null))).toEqual([]);
    expect(await findings(envelope('Two dates were named.'))).toEqual([]);
  });

  it('does not excuse a reasoning of another type, or other payload errors', async () => {
    expect(await findings(envelope(42))).toEqual(['envelope/payload-invalid /payload/reasoning']);
    const broken = envelope(null);
    broken.payload.questions = [];
    expect(await findings(broken)).toEqual(['envelope/payload-invalid /payload/questions']);
  });
});
