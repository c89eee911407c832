// End to end through the real pre-commit framework, at both versions users run: pre-commit 4 (installs a node hook
// repository with `npm install -g git+file://<clone>`) and Debian's pre-commit 3.0.4 (`npm install`, `npm pack`, then
// an install of the tarball). For each, a throwaway git repository whose .pre-commit-config.yaml points at this checkout
// (`repo: <ROOT>`, `rev: <HEAD>`) exactly as a user's would, so this exercises the COMMITTED HEAD.
// The story: scaffold three kinds with the default layout, commit them with all three hooks (passes), then break a
// schema, an envelope and a pack manifest: each commit is refused with the rule that refused it.
// Each framework is found through an environment variable (.ci/run sets both) or its default place; a framework that
// is missing, or of another major version, fails the test: it is never skipped.
import {spawnSync} from 'node:child_process';
import {cpSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {type CliResult, ROOT, runCli, runProgram, tempDir} from '../helpers/cli.js';
import {expectOk} from './helpers.js';

const HOOKS = ['openwop-lint-schema', 'openwop-validate-envelope', 'openwop-validate-pack'];
const KINDS = [
  {kind: 'vendor.acme.note.create', fields: ['title:string:Note title', 'body?:string:The note itself']},
  {kind: 'vendor.acme.plan.create', fields: ['goal:string:What the plan achieves', 'steps[].title:string:Step title']},
  {kind: 'vendor.acme.build.progress', fields: ['percent:number:Share done, 0 to 100'], flags: ['--no-reasoning']},
];

const FRAMEWORKS = [
  {
    label: 'pre-commit 4',
    major: 4,
    variable: 'OPENWOP_PRE_COMMIT_4',
    fallback: join(ROOT, '.ci', '.venv', 'bin', 'pre-commit'),
    install: 'python3 -m venv .ci/.venv && .ci/.venv/bin/pip install pre-commit==4.6.2',
  },
  {label: "Debian's pre-commit 3", major: 3, variable: 'OPENWOP_PRE_COMMIT_3', fallback: '/usr/bin/pre-commit', install: 'apt-get install -y pre-commit'},
];

/** The framework's command and version; anything else is a failure that says how to install it (.ci/run does). */
function findFramework(f: (typeof FRAMEWORKS)[number]): {bin: string; version: string} {
  const bin = process.env[f.variable] || f.fallback;
  const r = spawnSync(bin, ['--version'], {encoding: 'utf8'});
  if (r.error || r.status !== 0) {
    throw new Error(`${f.label} is not installed at ${bin} (${r.error?.message ?? r.stderr.trim()}): install it with \`${f.install}\` or set ${f.variable}; .ci/run does this in CI`);
  }
  const version = r.stdout.trim();
  if (!version.startsWith(`pre-commit ${f.major}.`)) throw new Error(`${bin} is ${version}, not ${f.label}: set ${f.variable} to a pre-commit ${f.major}.x`);
  return {bin, version};
}

function git(args: string[], cwd: string): string {
  // Never without a folder: git would then act on this checkout (a `reset --hard` there would lose work).
  if (!cwd) throw new Error(`git ${args.join(' ')}: no repository given`);
  const r = spawnSync('git', args, {cwd, encoding: 'utf8'});
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

function editJson(file: string, edit: (value: Record<string, unknown>) => void): void {
  const value = JSON.parse(readFileSync(file, 'utf8'));
  edit(value);
  writeFileSync(file, JSON.stringify(value, null, 2) + '\n');
}

describe.each(FRAMEWORKS)('$label: the hooks of .pre-commit-hooks.yaml on the default layout', (framework) => {
  let repo: string;
  let env: NodeJS.ProcessEnv;
  let bin: string;
  let version: string;
  const timings: Record<string, number> = {};

  let installed = false;

  /** A path in the consumer repository, once the hooks are installed there. */
  function inRepo(...parts: string[]): string {
    if (!installed) throw new Error(`the hooks were not installed (see the first test of ${framework.label})`);
    return join(repo, ...parts);
  }

  /** `git add -A` and `git commit` through the installed hook; returns what the hook printed. */
  async function commit(message: string): Promise<CliResult & {out: string}> {
    git(['add', '-A'], inRepo());
    const r = await runProgram('git', ['commit', '-m', message], {cwd: inRepo(), env});
    timings[message] = r.ms;
    return {...r, out: r.stdout + r.stderr};
  }

  /** The commit was refused by `hook` with `ruleId` about `file`, and nothing was committed; then the change is undone. */
  async function expectRefused(message: string, hook: string, ruleId: string, file: string): Promise<void> {
    const head = git(['rev-parse', 'HEAD'], inRepo());
    const r = await commit(message);
    expect(r.code, r.out).not.toBe(0);
    expect(r.out).toMatch(new RegExp(`${hook}\\.+Failed`));
    expect(r.out).toContain(ruleId);
    expect(r.out).toContain(file);
    expect(git(['rev-parse', 'HEAD'], inRepo())).toBe(head);
    git(['reset', '-q', '--hard', 'HEAD'], inRepo());
  }

  // Set-up is a test of its own, not a beforeAll: a missing framework then shows as a failed test, never as skipped ones.
  it("installs the hooks from this checkout's HEAD into a consumer repository (the first hook install, timed)", async () => {
    ({bin, version} = findFramework(framework));
    const sha = git(['rev-parse', 'HEAD'], ROOT);
    // pre-commit reads the hook definitions from the commit it clones, not from the working tree.
    const committed = spawnSync('git', ['cat-file', '-e', `${sha}:.pre-commit-hooks.yaml`], {cwd: ROOT});
    if (committed.status !== 0) throw new Error(`.pre-commit-hooks.yaml is not in the HEAD commit (${sha}) of ${ROOT}: commit it first`);

    repo = tempDir('openwop-precommit-repo-');
    // PRE_COMMIT_HOME keeps pre-commit's clone and node environment in a temp folder; npm reuses its cache instead of
    // the registry wherever it can (CI ran `npm ci` just before, so every package is there).
    env = {
      ...process.env,
      PRE_COMMIT_HOME: tempDir('openwop-precommit-home-'),
      npm_config_prefer_offline: 'true',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
      NO_COLOR: '1',
    };
    delete env.GIT_DIR;
    delete env.GIT_INDEX_FILE;
    delete env.GIT_WORK_TREE;

    git(['init', '-q', '-b', 'main'], repo);
    git(['config', 'user.email', 'ci@example.invalid'], repo);
    git(['config', 'user.name', 'openwop ci'], repo);
    git(['config', 'commit.gpgsign', 'false'], repo);
    writeFileSync(
      join(repo, '.pre-commit-config.yaml'),
      `repos:\n  - repo: ${JSON.stringify(ROOT.replace(/\/$/, ''))}\n    rev: ${sha}\n    hooks:\n${HOOKS.map((id) => `      - id: ${id}\n`).join('')}`,
    );
    // The documented layout's config: the envelope hook checks vendor payloads against the scaffolded schemas.
    writeFileSync(join(repo, 'openwop.config.json'), JSON.stringify({kindSchemas: ['schemas/envelopes']}, null, 2) + '\n');
    for (const {kind, fields, flags = []} of KINDS) expectOk(await runCli(['scaffold', 'kind', kind, ...fields.flatMap((f) => ['--field', f]), ...flags], {cwd: repo}), `scaffold kind ${kind}`);
    cpSync(join(ROOT, 'examples', 'packs', 'webhook'), join(repo, 'packs', 'webhook'), {recursive: true});

    expectOk(await runProgram(bin, ['install'], {cwd: repo, env}), 'pre-commit install');
    // The hook environment (clone, dependencies, build, global install) is built once, here.
    timings['install-hooks'] = expectOk(await runProgram(bin, ['install-hooks'], {cwd: repo, env}), 'pre-commit install-hooks').ms;
    installed = true;
  }, 900_000);

  it('the hook manifest is valid for this framework', async () => {
    expectOk(await runProgram(bin, ['validate-manifest', join(ROOT, '.pre-commit-hooks.yaml')], {cwd: inRepo(), env}), 'pre-commit validate-manifest');
  });

  it('commits three scaffolded kinds (schemas, valid and invalid examples) and a pack: every hook runs and passes', async () => {
    const r = await commit('three kinds and a pack');
    expect(r.code, r.out).toBe(0);
    for (const name of ['openwop lint schema', 'openwop validate envelope', 'openwop validate pack']) expect(r.out).toMatch(new RegExp(`${name}\\.+Passed`));
    expect(git(['show', '--name-only', '--format=', 'HEAD'], inRepo()).split('\n')).toEqual(
      expect.arrayContaining(['examples/envelopes/vendor.acme.note.create.invalid.json', 'schemas/envelopes/vendor.acme.build.progress.schema.json']),
    );
  });

  it('refuses a schema that leaves the Tier-1 subset', async () => {
    editJson(inRepo('schemas', 'envelopes', 'vendor.acme.note.create.schema.json'), (schema) => {
      (schema.properties as Record<string, unknown>).title = {oneOf: [{type: 'string'}, {type: 'number'}], description: 'Note title'};
    });
    await expectRefused('a schema with oneOf', 'openwop lint schema', 'tier1/forbidden-keyword', 'schemas/envelopes/vendor.acme.note.create.schema.json');
  });

  it('refuses an example envelope whose payload lacks a required field', async () => {
    editJson(inRepo('examples', 'envelopes', 'vendor.acme.plan.create.valid.json'), (envelope) => {
      delete (envelope.payload as Record<string, unknown>).goal;
    });
    await expectRefused('an envelope without its goal', 'openwop validate envelope', 'envelope/payload-invalid', 'examples/envelopes/vendor.acme.plan.create.valid.json');
  });

  it('refuses a pack manifest that needs a module no sandbox grants', async () => {
    editJson(inRepo('packs', 'webhook', 'pack.json'), (manifest) => {
      manifest.runtime = {...(manifest.runtime as object), requires: ['node:dns/promises']};
    });
    await expectRefused('a pack requiring node:dns', 'openwop validate pack', 'pack/invalid-manifest', 'packs/webhook/pack.json');
    expect(git(['log', '--format=%s'], inRepo())).toBe('three kinds and a pack');
    console.log(
      `pre-commit end-to-end (${version}): ${Object.entries(timings)
        .map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`)
        .join(', ')}`,
    );
  });
});
