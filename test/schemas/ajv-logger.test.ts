import {afterEach, describe, expect, it, vi} from 'vitest';
import {createAjv} from '../../src/schemas/ajv.js';
import {runCli, tempProject} from '../helpers/cli.js';

/** A format name a vendor kind schema can hold: sets the terminal's title (OSC 0) and clears the screen. */
const HOSTILE_FORMAT = 'x\u001b]0;PWNED\u0007\u001b[2J';

describe("Ajv's own logging", () => {
  afterEach(() => vi.restoreAllMocks());

  it('says nothing about an unknown format: its name, from a schema, would reach the terminal raw', () => {
    const spies = (['log', 'warn', 'error'] as const).map((m) => vi.spyOn(console, m).mockImplementation(() => {}));
    const validate = createAjv().compile({type: 'object', properties: {a: {type: 'string', format: HOSTILE_FORMAT}}});
    expect(validate({a: 'b'})).toBe(true);
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });

  it('validate envelope with a kind schema holding that format writes no terminal escape to stderr', async () => {
    const root = tempProject({
      'openwop.config.json': {kindSchemas: ['kinds']},
      'kinds/vendor.acme.thing.schema.json': {type: 'object', properties: {a: {type: 'string', format: HOSTILE_FORMAT}}},
      'e.ndjson': `${JSON.stringify({type: 'vendor.acme.thing', envelopeId: 'e1', correlationId: 'run:n:0:a', payload: {a: 'b'}, meta: {source: 'ai-generation', ts: '2026-11-20T10:00:00Z'}})}\n`,
    });
    const result = await runCli(['validate', 'envelope', 'e.ndjson'], {cwd: root});
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('1 valid');
    expect(result.stderr).not.toMatch(/[\u0007\u001b]/);
    expect(result.stderr).not.toContain('PWNED');
  });
});
