import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {runCli, tempProject} from '../helpers/cli.js';

type Any = any;

// "reasoning" is nullable but not first: one finding, one fix (move it first).
const SCHEMA =
  '{\n  "type": "object",\n  "properties": {\n    "answer": {"type": "string"},\n    "reasoning": {"type": ["string", "null"]}\n  },\n  "required": ["answer", "reasoning"],\n  "additionalProperties": false\n}\n';

/** Applies a SARIF fix's replacements to `text`, last first so earlier offsets stay valid. */
function applySarifFix(text: string, fix: Any): string {
  const replacements = fix.artifactChanges.flatMap((c: Any) => c.replacements).sort((a: Any, b: Any) => b.deletedRegion.charOffset - a.deletedRegion.charOffset);
  let out = text;
  for (const r of replacements) out = out.slice(0, r.deletedRegion.charOffset) + (r.insertedContent?.text ?? '') + out.slice(r.deletedRegion.charOffset + r.deletedRegion.charLength);
  return out;
}

describe('lint schema --format sarif: fixes', () => {
  it('offers each fix as artifactChanges that, applied to the file, give what --fix writes', async () => {
    const root = tempProject({'s.schema.json': SCHEMA});
    const r = await runCli(['lint', 'schema', 's.schema.json', '--format', 'sarif'], {cwd: root});
    expect(r.code).toBe(1);
    const results = JSON.parse(r.stdout).runs[0].results;
    expect(results.map((x: Any) => x.ruleId)).toEqual(['reasoning/first-property']);
    const [fix] = results[0].fixes;
    expect(fix.artifactChanges[0].artifactLocation).toEqual({uri: 's.schema.json', uriBaseId: '%SRCROOT%'});
    const proposed = applySarifFix(SCHEMA, fix);
    expect(proposed).not.toBe(SCHEMA);

    expect((await runCli(['lint', 'schema', 's.schema.json', '--fix'], {cwd: root})).code).toBe(0);
    expect(readFileSync(join(root, 's.schema.json'), 'utf8')).toBe(proposed);
  });

  it('leaves fixes out of the JSON report: only SARIF carries them', async () => {
    const root = tempProject({'s.schema.json': SCHEMA});
    const r = await runCli(['lint', 'schema', 's.schema.json', '--format', 'json'], {cwd: root});
    expect(JSON.parse(r.stdout).results[0].findings[0].fix).toBeUndefined();
  });
});
