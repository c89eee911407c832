import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {validateEnvelopeInputs} from '../../src/envelope/index.js';
import {tempDir} from '../helpers/cli.js';
import {brief, check, envelope, ndjson, ofRule} from './helpers.js';

const pretty = (value: unknown): string => JSON.stringify(value, null, 2);

describe('validate envelope: a Markdown code fence around the JSON', () => {
  it('is an envelope/code-fence error at the fence, not a bare syntax error, and the fenced envelope is validated', async () => {
    const {findings, result} = await check(`\`\`\`json\n${pretty(envelope(1))}\n\`\`\`\n`);
    expect(brief(findings)).toEqual(['1 error envelope/code-fence']);
    expect(findings[0].column).toBe(1);
    expect(findings[0].message).toContain('```json');
    expect(findings[0].message).toMatch(/strip the fence/);
    expect(findings[0].message).toMatch(/validated as if unwrapped/);
    expect(result.envelopes).toBe(1);
    // A host refuses the fenced document: its envelope counts as invalid, as the error says.
    expect([result.valid, result.invalid]).toEqual([0, 1]);
  });

  it('reports what is wrong inside the fence at its line in the file; a plain ``` fence after prose is found too', async () => {
    const bad = pretty(envelope(1, {meta: undefined}));
    const {findings} = await check(`Here is the envelope:\n\n\`\`\`\n${bad}\n\`\`\`\n`);
    expect(brief(findings)).toEqual(['3 error envelope/code-fence', '4 error envelope/shape']);
    expect(findings[0].message).toMatch(/with text around it.*strip the fence and the text/);
  });

  it('a fence marker line in an NDJSON stream is an envelope/code-fence error; the lines between are checked', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'run.ndjson'), ndjson(['```json', envelope(1), envelope(1, {envelopeId: 'env-2'}), '```']));
    const {results} = await validateEnvelopeInputs(['run.ndjson'], {cwd: dir});
    expect(brief(results[0].findings)).toEqual(['1 error envelope/code-fence', '3 info envelope/correlation-replay', '4 error envelope/code-fence']);
  });

  it('a whole fence on one NDJSON line (```json {…}```) is envelope/code-fence too, and its envelope is checked', async () => {
    const dir = tempDir();
    const line = (e: unknown) => `\`\`\`json ${JSON.stringify(e)}\`\`\``;
    writeFileSync(join(dir, 'run.ndjson'), `${JSON.stringify(envelope(1))}\n${line(envelope(1, {envelopeId: 'env-2', meta: undefined}))}\n`);
    const {results} = await validateEnvelopeInputs(['run.ndjson'], {cwd: dir});
    expect(brief(results[0].findings)).toEqual(['2 error envelope/code-fence', '2 error envelope/shape']);
    expect(results[0].findings[0].message).toContain('(```json)');
    // One line of a .json file the same; a fence with no language too.
    const {findings} = await check(`\`\`\`${JSON.stringify(envelope(1))}\`\`\`\n`);
    expect(brief(findings)).toEqual(['1 error envelope/code-fence']);
  });

  it('JSON that is not fenced still gets the plain syntax error', async () => {
    expect(brief((await check('{"type": ')).findings)).toEqual(['1 error json/syntax']);
  });
});

describe('validate envelope --strict: identity checks after a refusal', () => {
  it('a refused unknown kind still gets a correlation conflict with an accepted envelope', async () => {
    const text = ndjson([envelope(1), envelope(2, {type: 'vendor.acme.never', correlationId: envelope(1).correlationId})]);
    const {findings} = await check(text, {strict: true});
    expect(brief(findings)).toEqual(['2 error envelope/unknown-kind', '2 error envelope/correlation-conflict']);
    expect(ofRule(findings, 'envelope/correlation-conflict')[0].message).toMatch(/line 1 with type "error"/);
  });

  it('a shape-refused envelope with a readable envelopeId still gets the duplicate id', async () => {
    const text = ndjson([envelope(1), envelope(1, {meta: undefined, correlationId: 'run-1:node-1:0:other'})]);
    const {findings} = await check(text, {strict: true});
    expect(ofRule(findings, 'envelope/duplicate-id').map((f) => f.line)).toEqual([2]);
    expect(ofRule(findings, 'envelope/shape').length).toBeGreaterThan(0);
  });

  it('what a host refused is not recorded: a later envelope with its correlationId and another type is no conflict', async () => {
    const text = ndjson([envelope(1, {type: 'vendor.acme.never'}), envelope(2, {correlationId: envelope(1).correlationId})]);
    expect(brief((await check(text, {strict: true})).findings)).toEqual(['1 error envelope/unknown-kind']);
  });
});
