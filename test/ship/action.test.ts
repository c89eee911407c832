// The GitHub Action (action.yml) run locally, step by step, in a scratch workspace holding a copy of the examples:
// it installs the packed tarball, runs the command, leaves a SARIF file code scanning accepts, hands upload-sarif the
// file and a category per command, and fails the job on findings only after that. (Its metadata is checked against
// SchemaStore's action schema in test/reference/action-metadata.test.ts.)
import {chmodSync, cpSync, existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {ROOT, tempDir} from '../helpers/cli.js';
import {assertSarifStructure} from '../report/sarif-structure.js';
import {loadAction, runAction, type ActionRun} from './action-runner.js';
import {npmEnv, packTarball} from './helpers.js';

interface SarifLog {
  runs: {tool: {driver: {name: string}}; results: {ruleId: string; message: {text: string}; locations: {physicalLocation: {artifactLocation: {uri: string}}}[]}[]}[];
}

let tarball: string;
let runnerTemp: string;

function workspace(): string {
  const dir = tempDir('openwop-action-ws-');
  cpSync(join(ROOT, 'examples'), join(dir, 'examples'), {recursive: true});
  return dir;
}

const step = (run: ActionRun, what: string) => {
  const found = run.steps.find((s) => s.id === what || s.uses?.startsWith(what));
  if (!found) throw new Error(`no step ${what}`);
  return found;
};
const lastStep = (run: ActionRun) => run.steps[run.steps.length - 1];
const sarifAt = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as SarifLog;

beforeAll(async () => {
  ({tarball} = await packTarball());
  // One runner temp for the file, as a job's steps share one; the install step reinstalls into it each time.
  runnerTemp = tempDir('openwop-action-temp-');
}, 300_000);

describe('action.yml, run locally', () => {
  it('declares the inputs and outputs the README documents, and runs upload-sarif after the command and before the verdict', () => {
    const action = loadAction();
    expect(Object.keys(action.inputs).sort()).toEqual(['annotations', 'args', 'category', 'command', 'node-version', 'package', 'paths', 'sarif-file', 'upload-sarif'].sort());
    expect(Object.keys(action.outputs).sort()).toEqual(['exit-code', 'sarif-file']);
    const uses = action.runs.steps.map((s) => s.uses ?? s.id ?? 'verdict');
    expect(uses).toEqual([expect.stringMatching(/^actions\/setup-node@v\d+$/), 'install', 'run', expect.stringMatching(/^github\/codeql-action\/upload-sarif@v\d+$/), 'verdict']);
    // Inputs reach the shell through env only: an input spliced into a script could run as code.
    for (const s of action.runs.steps) if (s.run) expect(s.run, `step ${s.id ?? 'verdict'}`).not.toMatch(/\$\{\{/);
  });

  it('lint schema with findings: SARIF written and handed to upload-sarif with its category, annotations printed, then the job fails', async () => {
    const ws = workspace();
    const run = await runAction(
      {command: 'lint schema', paths: 'examples/schemas/violations\nexamples/schemas/clean', package: tarball, 'node-version': '', annotations: 'true'},
      {workspace: ws, runnerTemp, env: npmEnv},
    );
    expect(step(run, 'actions/setup-node').ran).toBe(false);
    expect(step(run, 'install').result?.stdout).toMatch(/^openwop\/0\.1\.0 /m);
    expect(run.path).toEqual([join(runnerTemp, 'openwop-action', 'node_modules', '.bin')]);

    expect(run.outputs.run).toEqual({'exit-code': '1', category: 'openwop-lint-schema', 'sarif-file': 'openwop-lint-schema.sarif'});
    const log = sarifAt(join(ws, 'openwop-lint-schema.sarif'));
    assertSarifStructure(log);
    expect(log.runs[0].tool.driver.name).toBe('openwop');
    const uris = log.runs[0].results.map((r) => r.locations[0].physicalLocation.artifactLocation.uri);
    expect(uris.length).toBeGreaterThan(0);
    for (const uri of uris) expect(uri).toMatch(/^examples\/schemas\/violations\//);
    expect(step(run, 'run').result?.stdout).toMatch(/^::error file=examples\/schemas\/violations\/[^,]+,line=\d+,/m);

    expect(step(run, 'github/codeql-action/upload-sarif')).toMatchObject({ran: true, with: {sarif_file: 'openwop-lint-schema.sarif', category: 'openwop-lint-schema'}});
    expect(lastStep(run).result?.code).toBe(1);
    expect(lastStep(run).result?.stdout).toContain('::error title=openwop::openwop lint schema found problems (exit 1)');
    expect(run.code).toBe(1);
    expect(run.actionOutputs).toEqual({'exit-code': '1', 'sarif-file': 'openwop-lint-schema.sarif'});
  });

  it('a clean validate envelope passes; its own SARIF file and category; no upload when upload-sarif is false; Node set up by default', async () => {
    const ws = workspace();
    const run = await runAction(
      {command: 'validate envelope', paths: 'examples/envelopes/clarification.json', package: tarball, 'sarif-file': 'envelopes.sarif', category: 'envelopes', 'upload-sarif': 'false'},
      {workspace: ws, runnerTemp, env: npmEnv},
    );
    expect(step(run, 'actions/setup-node')).toMatchObject({ran: true, with: {'node-version': '22'}});
    expect(run.outputs.run).toEqual({'exit-code': '0', category: 'envelopes', 'sarif-file': 'envelopes.sarif'});
    const log = sarifAt(join(ws, 'envelopes.sarif'));
    assertSarifStructure(log);
    expect(log.runs[0].results).toEqual([]);
    expect(step(run, 'run').result?.stdout).not.toContain('::error');
    expect(step(run, 'github/codeql-action/upload-sarif').ran).toBe(false);
    expect(lastStep(run).result?.code).toBe(0);
    expect(run.code).toBe(0);
  });

  it('paths and args are data, not shell: $(…), backquotes and ; reach openwop as words, and globs are expanded by openwop', async () => {
    const ws = workspace();
    const run = await runAction(
      {command: 'lint schema', paths: 'examples/schemas/violations/*.json $(touch PWNED) `touch PWNED2`', args: ';touch PWNED3', package: tarball, 'node-version': ''},
      {workspace: ws, runnerTemp, env: npmEnv},
    );
    for (const f of ['PWNED', 'PWNED2', 'PWNED3']) expect(existsSync(join(ws, f)), f).toBe(false);
    const results = sarifAt(join(ws, 'openwop-lint-schema.sarif')).runs[0].results;
    const messages = results.map((r) => r.message.text).join('\n');
    for (const word of ['$(touch', 'PWNED)', '`touch', 'PWNED2`', ';touch', 'PWNED3']) expect(messages, word).toContain(word);
    expect(results.map((r) => r.locations[0].physicalLocation.artifactLocation.uri)).toContain('examples/schemas/violations/vendor.acme.ticket.triage.schema.json');
    // Names that are not there make the run one that could not do its whole job.
    expect(run.outputs.run['exit-code']).toBe('2');
    expect(lastStep(run).result?.code).toBe(2);
    expect(lastStep(run).result?.stdout).toContain('::error title=openwop::openwop lint schema could not do its job (exit 2)');
  });

  it('a run that writes no report uploads nothing, not even a report an earlier run left', async () => {
    const ws = workspace();
    writeFileSync(join(ws, 'openwop-validate-pack.sarif'), '{"stale": true}');
    const run = await runAction({command: 'validate pack', paths: 'examples/packs/webhook', args: '--no-such-flag', package: tarball, 'node-version': ''}, {workspace: ws, runnerTemp, env: npmEnv});
    expect(step(run, 'run').result?.stderr).toContain('--no-such-flag');
    expect(existsSync(join(ws, 'openwop-validate-pack.sarif'))).toBe(false);
    expect(run.outputs.run).toEqual({'exit-code': '2', category: 'openwop-validate-pack'});
    expect(step(run, 'github/codeql-action/upload-sarif').ran).toBe(false);
    expect(lastStep(run).result?.code).toBe(2);
  });

  it('refuses a command it does not run with an error annotation, and stops there', async () => {
    const run = await runAction({command: 'scaffold kind', paths: 'x', package: tarball, 'node-version': ''}, {workspace: workspace(), runnerTemp, env: npmEnv});
    expect(run.code).toBe(2);
    expect(step(run, 'run').result?.stdout).toMatch(/^::error title=openwop action::command must be one of: lint schema, validate envelope, validate pack, probe host, simulate retry$/m);
    expect(run.steps.map((s) => s.id ?? s.uses ?? 'verdict').at(-1)).toBe('run');
  });

  it("installs openwop at the action's own version by default, and a relative package path from the workspace", async () => {
    // A stand-in npm records what it was asked to install and provides an `openwop` that prints a version.
    const fake = tempDir('openwop-fake-npm-');
    const calls = join(fake, 'calls');
    writeFileSync(
      join(fake, 'npm'),
      `#!/bin/bash\nprintf '%s\\n' "$*" >> '${calls}'\nprefix="$3"\nmkdir -p "$prefix/node_modules/.bin"\nprintf '#!/bin/sh\\necho openwop/fake\\n' > "$prefix/node_modules/.bin/openwop"\nchmod +x "$prefix/node_modules/.bin/openwop"\n`,
    );
    chmodSync(join(fake, 'npm'), 0o755);
    const env = {...npmEnv, PATH: `${fake}:${process.env.PATH}`};
    const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
    const ws = workspace();
    mkdirSync(join(ws, 'vendor'));
    writeFileSync(join(ws, 'vendor', 'openwop.tgz'), '');
    for (const pkg of [undefined, 'vendor/openwop.tgz', 'openwop@latest']) {
      const temp = tempDir('openwop-action-temp-');
      await runAction({command: 'lint schema', paths: 'examples/schemas/clean', 'node-version': '', ...(pkg ? {package: pkg} : {})}, {workspace: ws, runnerTemp: temp, env});
    }
    const specs = readFileSync(calls, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(' ').at(-1));
    expect(specs).toEqual([`openwop@${version}`, join(ws, 'vendor', 'openwop.tgz'), 'openwop@latest']);
  });
});
