// --baseline / --update-baseline through the built CLI, the same cases for each of the three commands that take them.
import {cpSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {assertSarifStructure} from '../report/sarif-structure.js';
import {commandDocs, ROOT, runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';

type Any = any;

const BAD_SCHEMA = {type: 'object', properties: {a: {oneOf: [{type: 'string'}, {type: 'number'}]}}};
const CLEAN_SCHEMA = {type: 'object', properties: {x: {type: 'string'}}, required: ['x'], additionalProperties: false};
const DEFECTIVE_PACK = join(ROOT, 'examples', 'packs', 'webhook-defective');

const writeJson = (path: string, value: unknown) => writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
const readJson = (path: string): Any => JSON.parse(readFileSync(path, 'utf8'));

interface Setup {
  command: string[];
  /** Writes the project; returns the two inputs, whose order the byte-stability test swaps. */
  write(dir: string): [string, string];
  /** One more finding at a key the baseline has not seen (or past its count). */
  addFinding(dir: string): void;
  /** Removes at least one recorded finding and adds none. */
  fixFinding(dir: string): void;
}

const SETUPS: Setup[] = [
  {
    command: ['lint', 'schema'],
    write(dir) {
      mkdirSync(join(dir, 's'));
      writeJson(join(dir, 's', 'a.json'), BAD_SCHEMA);
      writeJson(join(dir, 's', 'b.json'), BAD_SCHEMA);
      return ['s/a.json', 's/b.json'];
    },
    addFinding: (dir) => writeJson(join(dir, 's', 'b.json'), {...BAD_SCHEMA, properties: {...BAD_SCHEMA.properties, b: {allOf: [{type: 'string'}]}}}),
    fixFinding: (dir) => writeJson(join(dir, 's', 'a.json'), CLEAN_SCHEMA),
  },
  {
    command: ['validate', 'envelope'],
    write(dir) {
      mkdirSync(join(dir, 'e'));
      writeJson(join(dir, 'e', 'a.json'), [{}, {}]);
      writeJson(join(dir, 'e', 'b.json'), [{}]);
      return ['e/a.json', 'e/b.json'];
    },
    // Same rule, same pointer shape: five more findings at /1, where b.json's baseline has none.
    addFinding: (dir) => writeJson(join(dir, 'e', 'b.json'), [{}, {}]),
    fixFinding: (dir) => writeJson(join(dir, 'e', 'a.json'), [{}]),
  },
  {
    command: ['validate', 'pack'],
    write(dir) {
      for (const name of ['one', 'two']) {
        cpSync(DEFECTIVE_PACK, join(dir, 'p', name), {recursive: true});
        const manifest = readJson(join(dir, 'p', name, 'pack.json'));
        writeJson(join(dir, 'p', name, 'pack.json'), {...manifest, name: `vendor.acme.${name}`, nodes: [{...manifest.nodes[0], typeId: `vendor.acme.${name}.deliver`}]});
      }
      return ['p/one', 'p/two'];
    },
    addFinding(dir) {
      const manifest = readJson(join(dir, 'p', 'two', 'pack.json'));
      manifest.runtime.requires.push('node:fs');
      writeJson(join(dir, 'p', 'two', 'pack.json'), manifest);
    },
    fixFinding(dir) {
      const manifest = readJson(join(dir, 'p', 'one', 'pack.json'));
      delete manifest.nodes[0].outputSchemaRef;
      writeJson(join(dir, 'p', 'one', 'pack.json'), manifest);
    },
  },
];

/** A project folder (the .git marks it as the project root, so nothing above it counts). */
function project(setup: Setup): {dir: string; inputs: [string, string]} {
  const dir = tempDir('openwop-baseline-');
  mkdirSync(join(dir, '.git'));
  return {dir, inputs: setup.write(dir)};
}

for (const setup of SETUPS) {
  const name = setup.command.join(' ');
  const cli = (dir: string, args: string[]) => runCli([...setup.command, ...args], {cwd: dir});

  describe(`${name} --baseline`, () => {
    it('--update-baseline records the findings and exits 0; a run with the baseline exits 0 and says how many are baselined', async () => {
      const {dir, inputs} = project(setup);
      expect((await cli(dir, inputs)).code).toBe(1);
      const update = await cli(dir, [...inputs, '--baseline', 'base.json', '--update-baseline']);
      expect(update.code, update.stderr).toBe(0);
      expect(update.stderr).toMatch(/base\.json updated: \d+ findings/);
      const file = readJson(join(dir, 'base.json'));
      expect(Object.keys(file.commands)).toEqual([name]);
      const run = await cli(dir, [...inputs, '--baseline', 'base.json']);
      expect(run.code, run.stdout).toBe(0);
      expect(run.stdout).toMatch(/no problems \(\d+ baselined\)|\d+ baselined\)/);
      const json = JSON.parse((await cli(dir, [...inputs, '--baseline', 'base.json', '--format', 'json'])).stdout);
      expect(json.summary).toMatchObject({errors: 0, warnings: 0, baselineFixed: 0});
      expect(json.summary.baselined).toBeGreaterThan(0);
      expect(json.results.flatMap((r: Any) => r.baselined ?? [])).toHaveLength(json.summary.baselined);
    });

    it('a new finding fails the run (exit 1) and is the only one listed', async () => {
      const {dir, inputs} = project(setup);
      await cli(dir, [...inputs, '--baseline', 'base.json', '--update-baseline']);
      setup.addFinding(dir);
      const json = await cli(dir, [...inputs, '--baseline', 'base.json', '--format', 'json']);
      expect(json.code).toBe(1);
      const report = JSON.parse(json.stdout);
      expect(report.summary.errors).toBeGreaterThan(0);
      expect(report.summary.errors).toBe(report.results.flatMap((r: Any) => r.findings).filter((f: Any) => f.severity === 'error').length);
    });

    it('a fixed finding is counted in summary.baselineFixed; --update-baseline then drops it', async () => {
      const {dir, inputs} = project(setup);
      await cli(dir, [...inputs, '--baseline', 'base.json', '--update-baseline']);
      const before = readFileSync(join(dir, 'base.json'), 'utf8');
      setup.fixFinding(dir);
      const run = await cli(dir, [...inputs, '--baseline', 'base.json', '--format', 'json']);
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout).summary.baselineFixed).toBeGreaterThan(0);
      expect((await cli(dir, [...inputs, '--baseline', 'base.json'])).stdout).toMatch(/baseline entr(y|ies) no longer found \(fixed\)/);
      await cli(dir, [...inputs, '--baseline', 'base.json', '--update-baseline']);
      expect(readFileSync(join(dir, 'base.json'), 'utf8').length).toBeLessThan(before.length);
      expect(JSON.parse((await cli(dir, [...inputs, '--baseline', 'base.json', '--format', 'json'])).stdout).summary.baselineFixed).toBe(0);
    });

    it('--update-baseline writes the same bytes on a second run and with the inputs in the other order', async () => {
      const {dir, inputs} = project(setup);
      await cli(dir, [...inputs, '--baseline', 'base.json', '--update-baseline']);
      const first = readFileSync(join(dir, 'base.json'));
      await cli(dir, [...inputs, '--baseline', 'base.json', '--update-baseline']);
      expect(readFileSync(join(dir, 'base.json')).equals(first)).toBe(true);
      await cli(dir, [inputs[1], inputs[0], '--baseline', 'base.json', '--update-baseline']);
      expect(readFileSync(join(dir, 'base.json')).equals(first)).toBe(true);
      expect(first.toString('utf8')).toMatch(/^\{\n {2}"openwopBaseline": 1,\n[^]*\n\}\n$/);
    });

    it('a missing or malformed baseline is exit 2 with one clear line, no stack trace, before any checking', async () => {
      const {dir, inputs} = project(setup);
      const missing = await cli(dir, [...inputs, '--baseline', 'nope.json']);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('--baseline nope.json: no such file');
      writeFileSync(join(dir, 'broken.json'), '{"openwopBaseline": 1, "commands": {"x": {"a": {"r": {"/p": -1}}}}}');
      writeFileSync(join(dir, 'other.json'), '{"type": "object"}');
      for (const file of ['broken.json', 'other.json']) {
        const bad = await cli(dir, [...inputs, '--baseline', file, '--format', 'json']);
        expect(bad.code).toBe(2);
        expect(bad.stdout).toBe('');
        expect(bad.stderr).toMatch(new RegExp(`--baseline ${file}: (not an openwop baseline|.*count of at least 1)`));
        expect(bad.stderr).not.toMatch(STACK_TRACE);
      }
    });

    it('SARIF keeps the baselined findings as results with suppressions [{kind: "external"}]', async () => {
      const {dir, inputs} = project(setup);
      await cli(dir, [...inputs, '--baseline', 'base.json', '--update-baseline']);
      setup.addFinding(dir);
      const run = await cli(dir, [...inputs, '--baseline', 'base.json', '--format', 'sarif']);
      expect(run.code).toBe(1);
      const log = JSON.parse(run.stdout);
      assertSarifStructure(log);
      const results = log.runs[0].results as Any[];
      expect(results.some((r) => r.suppressions?.[0]?.kind === 'external')).toBe(true);
      expect(results.some((r) => r.suppressions === undefined && r.level === 'error')).toBe(true);
    });
  });
}

describe('--update-baseline writes safely', () => {
  const setup = SETUPS[0];
  const lint = (dir: string, args: string[]) => runCli(['lint', 'schema', ...args], {cwd: dir});

  it('will not replace a file that is not a baseline without --force', async () => {
    const {dir, inputs} = project(setup);
    writeFileSync(join(dir, 'notes.json'), '{"keep": "me"}\n');
    const refused = await lint(dir, [...inputs, '--baseline', 'notes.json', '--update-baseline']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('will not overwrite notes.json');
    expect(refused.stderr).toContain('--force');
    expect(readFileSync(join(dir, 'notes.json'), 'utf8')).toBe('{"keep": "me"}\n');
    const forced = await lint(dir, [...inputs, '--baseline', 'notes.json', '--update-baseline', '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readJson(join(dir, 'notes.json')).openwopBaseline).toBe(1);
  });

  it('--force on validate pack and validate envelope needs --update-baseline', async () => {
    const {dir} = project(SETUPS[1]);
    const run = await runCli(['validate', 'envelope', 'e/a.json', '--force'], {cwd: dir});
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--update-baseline');
  });

  it('never writes outside the project root, nor over an input, nor without --baseline', async () => {
    const {dir, inputs} = project(setup);
    const outside = await lint(dir, [...inputs, '--baseline', '../outside-baseline.json', '--update-baseline']);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain('outside the project root');
    const overInput = await lint(dir, [...inputs, '--baseline', inputs[0], '--update-baseline', '--force']);
    expect(overInput.code).toBe(2);
    expect(overInput.stderr).toContain('input of this run');
    expect(readJson(join(dir, inputs[0]))).toEqual(BAD_SCHEMA);
    const alone = await lint(dir, [...inputs, '--update-baseline']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--baseline');
  });

  it("keeps the other commands' sections, and -o cannot replace the baseline it just wrote", async () => {
    const {dir, inputs} = project(setup);
    writeJson(join(dir, 'env.json'), [{}]);
    await runCli(['validate', 'envelope', 'env.json', '--baseline', 'base.json', '--update-baseline'], {cwd: dir});
    const run = await lint(dir, [...inputs, '--baseline', 'base.json', '--update-baseline', '-o', 'base.json']);
    expect(run.code).toBe(2);
    expect(Object.keys(readJson(join(dir, 'base.json')).commands)).toEqual(['lint schema', 'validate envelope']);
  });

  it('a run that could not check an input (exit 2) leaves the baseline as it was', async () => {
    const {dir, inputs} = project(setup);
    await lint(dir, [...inputs, '--baseline', 'base.json', '--update-baseline']);
    const before = readFileSync(join(dir, 'base.json'), 'utf8');
    const run = await lint(dir, [inputs[0], 's/missing.json', '--baseline', 'base.json', '--update-baseline']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('base.json not updated');
    expect(readFileSync(join(dir, 'base.json'), 'utf8')).toBe(before);
  });

  it('validate pack: a pack.json named alone stands for its pack, so a schema that left the pack has its entries fixed', async () => {
    const {dir} = project(SETUPS[2]);
    const schema = join(dir, 'p', 'one', 'schemas', 'deliver.output.json');
    // With the registry's $id, so the only entry the schema has is its lint finding (every schemas/*.json is held to the $id gate, named or not).
    writeJson(schema, {$id: 'https://packs.openwop.dev/vendor.acme.one/1.0.0/deliver.output.json', ...BAD_SCHEMA});
    const args = ['validate', 'pack', 'p/one/pack.json', '--lint-schemas', '--baseline', 'base.json'];
    await runCli([...args, '--update-baseline'], {cwd: dir});
    expect(Object.keys(readJson(join(dir, 'base.json')).commands['validate pack'])).toContain('p/one/schemas/deliver.output.json');
    SETUPS[2].fixFinding(dir); // drops the node's outputSchemaRef: the schema is no longer read
    const run = await runCli([...args, '--format', 'json'], {cwd: dir});
    expect(JSON.parse(run.stdout).summary.baselineFixed).toBe(1);
    await runCli([...args, '--update-baseline'], {cwd: dir});
    expect(Object.keys(readJson(join(dir, 'base.json')).commands['validate pack'])).toEqual(['p/one/pack.json']);
  });

  it("every command's --help shows the baseline flags with an example; its docs page links the baseline section", async () => {
    expect(commandDocs('shared')).toContain('## Baseline Adopting openwop where findings already exist');
    for (const command of [
      ['lint', 'schema'],
      ['validate', 'envelope'],
      ['validate', 'pack'],
    ]) {
      const help = (await runCli([...command, '--help'])).stdout;
      expect(commandDocs(command.join('-'))).toContain('[Baseline](shared.md#baseline)');
      expect(help).toContain('--update-baseline');
      expect(help).toMatch(/\$ openwop .* --baseline openwop-baseline\.json/);
    }
  });
});
