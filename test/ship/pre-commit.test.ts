// End to end through the real pre-commit framework: a throwaway git repository whose .pre-commit-config.yaml points
// at this checkout (`repo: <ROOT>`, `rev: <HEAD>`). pre-commit clones that commit, runs `npm install` and `npm pack`
// there (our prepack builds), installs the tarball into its own node environment and runs our hooks on each commit.
// So this exercises the COMMITTED HEAD, the way a user's pre-commit would.
import {spawnSync} from 'node:child_process';
import {cpSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {type CliResult, ROOT, runProgram, tempDir} from '../helpers/cli.js';
import {expectOk} from './helpers.js';

const HOOKS = ['openwop-lint-schema', 'openwop-validate-envelope', 'openwop-validate-pack'];

/** Absent framework = failure, not a skip: .ci/run installs it (apt-get install -y pre-commit). */
function preCommitVersion(): string {
  const r = spawnSync('pre-commit', ['--version'], {encoding: 'utf8'});
  if (r.error || r.status !== 0) {
    throw new Error(`the pre-commit framework is not installed (${r.error?.message ?? r.stderr.trim()}): install it with \`apt-get install -y pre-commit\` (Debian) or \`pipx install pre-commit\`; .ci/run does this in CI`);
  }
  return r.stdout.trim();
}

function git(args: string[], cwd: string): string {
  const r = spawnSync('git', args, {cwd, encoding: 'utf8'});
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout.trim();
}

const BAD_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'vendor.acme.note.create',
  type: 'object',
  additionalProperties: false,
  required: ['reasoning', 'note'],
  properties: {reasoning: {type: ['string', 'null']}, note: {oneOf: [{type: 'string'}, {type: 'number'}]}},
};
const GOOD_SCHEMA = {...BAD_SCHEMA, properties: {reasoning: {type: ['string', 'null']}, note: {type: 'string'}}};

describe('pre-commit hooks (.pre-commit-hooks.yaml) through the real framework', () => {
  let repo: string;
  let env: NodeJS.ProcessEnv;
  let framework: string;
  const timings: Record<string, number> = {};

  /** `git commit` through the installed hook; returns what the hook printed. */
  async function commit(message: string): Promise<CliResult> {
    git(['add', '-A'], repo);
    const r = await runProgram('git', ['commit', '-m', message], {cwd: repo, env});
    timings[message] = r.ms;
    return r;
  }

  beforeAll(async () => {
    framework = preCommitVersion();
    const sha = git(['rev-parse', 'HEAD'], ROOT);
    // pre-commit reads the hook definitions from the commit it clones, not from the working tree.
    const committed = spawnSync('git', ['cat-file', '-e', `${sha}:.pre-commit-hooks.yaml`], {cwd: ROOT});
    if (committed.status !== 0) throw new Error(`.pre-commit-hooks.yaml is not in the HEAD commit (${sha}) of ${ROOT}: commit it first`);

    const home = tempDir('openwop-precommit-home-');
    repo = tempDir('openwop-precommit-repo-');
    // PRE_COMMIT_HOME keeps pre-commit's clone and node environment in a temp folder; npm reuses its cache instead of
    // the registry wherever it can (CI ran `npm ci` just before, so every package is there).
    env = {...process.env, PRE_COMMIT_HOME: home, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', NO_COLOR: '1'};
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
    expectOk(await runProgram('pre-commit', ['install'], {cwd: repo, env}), 'pre-commit install');
    // Building the hook environment (clone, npm install, npm pack with our prepack build, npm install -g) happens once.
    const setup = expectOk(await runProgram('pre-commit', ['install-hooks'], {cwd: repo, env}), 'pre-commit install-hooks');
    timings['install-hooks'] = setup.ms;
  }, 900_000);

  it('blocks a commit whose payload schema leaves the Tier-1 subset, and shows the finding', async () => {
    mkdirSync(join(repo, 'schemas'), {recursive: true});
    writeFileSync(join(repo, 'schemas', 'vendor.acme.note.create.schema.json'), JSON.stringify(BAD_SCHEMA, null, 2) + '\n');
    const r = await commit('bad schema');
    const out = r.stdout + r.stderr;
    expect(r.code, out).not.toBe(0);
    expect(out).toMatch(/openwop lint schema\.+Failed/);
    expect(out).toContain('tier1/forbidden-keyword');
    expect(out).toMatch(/vendor\.acme\.note\.create\.schema\.json/);
    // Nothing was committed.
    expect(spawnSync('git', ['rev-parse', '--verify', 'HEAD'], {cwd: repo}).status).not.toBe(0);
  });

  it('lets a clean schema, envelope and pack through, each hook having run', async () => {
    writeFileSync(join(repo, 'schemas', 'vendor.acme.note.create.schema.json'), JSON.stringify(GOOD_SCHEMA, null, 2) + '\n');
    mkdirSync(join(repo, 'envelopes'));
    cpSync(join(ROOT, 'examples', 'envelopes', 'clarification.json'), join(repo, 'envelopes', 'clarification.json'));
    cpSync(join(ROOT, 'examples', 'packs', 'webhook'), join(repo, 'packs', 'webhook'), {recursive: true});
    const r = await commit('good files');
    const out = r.stdout + r.stderr;
    expect(r.code, out).toBe(0);
    for (const name of ['openwop lint schema', 'openwop validate envelope', 'openwop validate pack']) expect(out).toMatch(new RegExp(`${name}\\.+Passed`));
    expect(git(['log', '--format=%s'], repo)).toBe('good files');
  });

  it('blocks a bad envelope stream and a defective pack manifest', async () => {
    writeFileSync(join(repo, 'envelopes', 'run.ndjson'), readFileSync(join(ROOT, 'examples', 'envelopes', 'stream.ndjson')));
    const envelope = await commit('bad envelopes');
    const envelopeOut = envelope.stdout + envelope.stderr;
    expect(envelope.code, envelopeOut).not.toBe(0);
    expect(envelopeOut).toMatch(/openwop validate envelope\.+Failed/);
    expect(envelopeOut).toContain('envelope_invalid');
    rmSync(join(repo, 'envelopes', 'run.ndjson'));

    const manifest = JSON.parse(readFileSync(join(repo, 'packs', 'webhook', 'pack.json'), 'utf8'));
    writeFileSync(join(repo, 'packs', 'webhook', 'pack.json'), JSON.stringify({...manifest, runtime: {...manifest.runtime, requires: ['node:dns/promises']}}, null, 2));
    const pack = await commit('bad pack');
    const packOut = pack.stdout + pack.stderr;
    expect(pack.code, packOut).not.toBe(0);
    expect(packOut).toMatch(/openwop validate pack\.+Failed/);
    expect(packOut).toContain('invalid_manifest');
    expect(git(['log', '--format=%s'], repo)).toBe('good files');
    console.log(`pre-commit end-to-end (${framework}): ${Object.entries(timings).map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)} s`).join(', ')}`);
  });
});
