// action.yml against the published GitHub Action metadata schema: SchemaStore's github-action.json, read from
// ../shared/reference/schemastore (SchemaStore/schemastore, src/schemas/json/github-action.json at commit
// ae5a68b210640d55ec098e56856eb9f156c36216 of 2021-12-02, Apache-2.0; see PROVENANCE.md there). It is not copied
// into the project. That version knows composite actions (all this action uses) but lists JavaScript runtimes only
// up to node16, which does not concern a composite action.
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {Ajv} from 'ajv';
import addFormatsModule from 'ajv-formats';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {ROOT} from '../helpers/cli.js';
import {readJson, referencePath} from './support/reference.js';

// draft-07, as the schema's $schema says: Ajv's default draft.
const ajv = new Ajv({allErrors: true, strict: false});
addFormatsModule.default(ajv);
const schema = readJson(referencePath('schemastore', 'github-action.json')) as {$schema: string};
const validate = ajv.compile(schema);
const action = () => parse(readFileSync(join(ROOT, 'action.yml'), 'utf8'));
const problems = (doc: unknown) => (validate(doc) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));

describe('action.yml and the GitHub Action metadata schema (SchemaStore, 2021-12-02)', () => {
  it('is valid action metadata: a composite action whose run steps name their shell', () => {
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema');
    expect(problems(action())).toEqual([]);
    expect(action().runs.using).toBe('composite');
  });

  it('the schema is really applied: a run step without a shell, an unknown input key or icon, an output without a value are each refused', () => {
    const cases: ((doc: ReturnType<typeof action>) => void)[] = [
      (doc) => delete doc.runs.steps.find((s: {run?: string}) => s.run).shell,
      (doc) => (doc.inputs.command.requried = true),
      (doc) => (doc.branding.icon = 'no-such-icon'),
      (doc) => delete doc.outputs['exit-code'].value,
    ];
    for (const [i, breakIt] of cases.entries()) {
      const doc = action();
      breakIt(doc);
      expect(problems(doc).length, `case ${i + 1}`).toBeGreaterThan(0);
    }
  });
});
