import {describe, expect, it} from 'vitest';
import {DEFAULT_PROFILE, lintSchemaFile, type LintProfile, type LintTarget} from '../../src/lint/index.js';
import {UserError} from '../../src/core/user-error.js';
import {scaffoldKind, type ScaffoldResult} from '../../src/scaffold/index.js';
import {tempDir} from '../helpers/cli.js';

/** The targets `scaffold kind --target` offers; every non-empty set of them is a request the scaffold accepts. */
const SCAFFOLD_TARGETS: readonly LintTarget[] = ['tier1', 'openai', 'anthropic', 'gemini'];
const TARGET_SETS: LintTarget[][] = Array.from({length: 2 ** SCAFFOLD_TARGETS.length - 1}, (_, i) => SCAFFOLD_TARGETS.filter((_, bit) => ((i + 1) >> bit) & 1));
/** Nested objects and a list of objects, so every object that Gemini would want ordered is there; an enum and optionals too. */
const FIELDS = ['title:string', 'level:enum(low,high)', 'notes?:string', 'owner.name:string', 'owner.email?:string', 'steps[].title:string', 'steps[].done?:boolean'];
const PROFILES: LintProfile[] = [...new Set<LintProfile>([DEFAULT_PROFILE, 'strict', 'load-bearing'])];

const schemaText = (r: ScaffoldResult) => r.files.find((f) => f.role === 'schema')?.content as string;

describe("the scaffold's own output lints clean, with no finding at all, for exactly the targets it was asked for", () => {
  const cwd = tempDir('openwop-scaffold-targets-');
  for (const targets of TARGET_SETS) {
    for (const reasoning of [true, false]) {
      it(`--target ${targets.join(' --target ')}${reasoning ? '' : ' --no-reasoning'}`, async () => {
        const kind = 'vendor.acme.plan.create';
        const result = await scaffoldKind({kind, fields: FIELDS, cwd, reasoning, targets, dryRun: true});
        expect(result.findings).toEqual([]);
        for (const profile of PROFILES) {
          const lint = await lintSchemaFile({text: schemaText(result), file: `${kind}.schema.json`}, {profile, targets});
          expect(
            lint.findings.map((f) => `${f.ruleId} ${f.pointer}`),
            profile,
          ).toEqual([]);
        }
      });
    }
  }

  it('gemini-legacy is refused up front, with the way there, not as a lint failure of the fields', async () => {
    const run = scaffoldKind({kind: 'vendor.acme.plan.create', fields: ['title:string'], cwd: tempDir('openwop-scaffold-targets-'), targets: ['tier1', 'gemini-legacy'], dryRun: true});
    await expect(run).rejects.toThrow(UserError);
    await expect(run).rejects.toThrow(/gemini-legacy is not a scaffold target/);
    await expect(run).rejects.toMatchObject({hint: expect.stringContaining('export schema FILE --target gemini-legacy')});
  });
});
