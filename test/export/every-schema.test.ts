import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {globSync} from 'tinyglobby';
import {describe, expect, it} from 'vitest';
import {EXPORT_TARGETS, exportSchema, formsOf, type ExportResult} from '../../src/export/index.js';
import {lintSchemaDocument, RULES} from '../../src/lint/index.js';
import {looksLikeSchema} from '../../src/lint/schema-shape.js';
import {ROOT} from '../helpers/cli.js';

/** Every JSON Schema the project holds: test fixtures (the real-world corpus among them), bundled schemas, templates. */
function fileCases(): [string, unknown][] {
  const files = globSync(['test/fixtures/**/*.json', 'schemas/**/*.json', 'templates/**/*.json'], {cwd: ROOT});
  return files.map((f): [string, unknown] => [f, JSON.parse(readFileSync(join(ROOT, f), 'utf8'))]).filter(([, v]) => looksLikeSchema(v));
}

/** Every rule's documented examples, valid and invalid. */
function docCases(): [string, unknown][] {
  return RULES.flatMap((r) => [
    ...r.meta.docs.valid.map((s, i): [string, unknown] => [`${r.meta.id} valid[${i}]`, s]),
    ...r.meta.docs.invalid.map((s, i): [string, unknown] => [`${r.meta.id} invalid[${i}]`, s.schema]),
  ]);
}

/** The schema inside a fragment, wherever the target's form puts it. */
function schemaIn(fragment: unknown): unknown {
  const f = fragment as any;
  return (
    f.response_format?.json_schema.schema ??
    f.text?.format.schema ??
    f.tools?.[0].function?.parameters ??
    f.tools?.[0].parameters ??
    f.tools?.[0].input_schema ??
    f.output_config?.format.schema ??
    f.generationConfig?.responseJsonSchema ??
    f.generationConfig?.responseSchema
  );
}

const cases = [...fileCases(), ...docCases()];

describe('export schema never emits what lint schema --target refuses', () => {
  it('has a corpus to judge', () => {
    expect(cases.length).toBeGreaterThan(100);
  });
  for (const target of EXPORT_TARGETS) {
    it(`${target}: every schema is refused with an error, or exported and lint-clean in every form`, () => {
      let exported = 0;
      for (const [name, value] of cases) {
        const result: ExportResult = exportSchema(value as object, {target, form: 'all'});
        if (result.refused) {
          expect(result.fragment, name).toBeUndefined();
          expect(
            result.findings.some((f) => f.severity === 'error'),
            name,
          ).toBe(true);
          continue;
        }
        exported++;
        for (const form of formsOf(target)) {
          const schema = schemaIn((result.fragment as Record<string, unknown>)[form]);
          expect(schema, `${name} ${form}`).toEqual(result.schema);
          const errors = lintSchemaDocument(schema as object, {targets: [target]}).filter((f) => f.severity === 'error');
          expect(
            errors.map((f) => `${f.ruleId} ${f.pointer}`),
            `${name} ${form}`,
          ).toEqual([]);
        }
        // Exporting what was exported changes nothing more.
        expect(exportSchema(result.schema as object, {target}).schema, `${name} again`).toEqual(result.schema);
      }
      expect(exported).toBeGreaterThan(cases.length / 3);
    });
  }
});
