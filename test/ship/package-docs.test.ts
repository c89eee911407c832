// What the documentation tells users to run, run as written against the packed tarball installed in a consumer
// project: the README's library examples (every ```js block of its "Programmatic API" section must print exactly the
// ```text block after it) and the CI recipes of docs/ci.md (the workflow's inputs against action.yml; the GitLab
// jobs' script lines in a project with the documented layout).
import {copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {ROOT, runProgram, STACK_TRACE} from '../helpers/cli.js';
import {parseXml} from '../report/xml-check.js';
import {loadAction} from './action-runner.js';
import {installTarball, npmEnv, packTarball} from './helpers.js';

const SECTION = '## Programmatic API';

interface Example {
  code: string;
  prints: string | undefined;
}

/** The section's fenced blocks in order; each `js` block with the `text` block that follows it, if one does. */
function readmeExamples(): Example[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf(`\n${SECTION}\n`);
  if (start < 0) throw new Error(`README.md has no "${SECTION}" section`);
  const end = readme.indexOf('\n## ', start + SECTION.length + 2);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const blocks = [...section.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({lang: m[1], body: m[2]}));
  return blocks.flatMap((b, i) => (b.lang === 'js' ? [{code: b.body, prints: blocks[i + 1]?.lang === 'text' ? blocks[i + 1].body : undefined}] : []));
}

const examples = readmeExamples();

let app: string;
beforeAll(async () => {
  ({app} = await installTarball((await packTarball()).tarball));
  cpSync(join(ROOT, 'examples'), join(app, 'examples'), {recursive: true});
}, 300_000);

describe("the README's library examples, against the packed package", () => {
  it('the section has examples, each followed by what it prints', () => {
    expect(examples.length).toBeGreaterThanOrEqual(3);
    for (const e of examples) expect(e.prints, e.code).toBeTypeOf('string');
    // The functions the table documents are the ones the examples call; none of them is a name the package lacks.
    expect(examples.map((e) => e.code).join('\n')).toMatch(/\bvalidateEnvelopes\b[\s\S]*\blintSchemaDocument\b/);
  });

  examples.forEach((example, i) => {
    const imports = example.code.match(/^import .+ from '([^']+)'/gm)?.join('; ') ?? '';
    it(`example ${i + 1} (${imports}) prints what the README says`, async () => {
      const file = join(app, `readme-example-${i + 1}.mjs`);
      writeFileSync(file, example.code);
      const r = await runProgram(process.execPath, [file], {cwd: app, env: npmEnv});
      expect(r.stderr).not.toMatch(STACK_TRACE);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(example.prints);
    });
  });
});

/** docs/ci.md's ```yaml blocks, parsed: the GitHub workflow (it has `jobs`) and the GitLab CI file (the rest). */
function ciRecipes(): {github: GithubWorkflow; gitlab: Record<string, GitlabJob>} {
  const text = readFileSync(join(ROOT, 'docs', 'ci.md'), 'utf8');
  const blocks = [...text.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)].map((m) => parse(m[1]) as Record<string, unknown>);
  const github = blocks.filter((b) => 'jobs' in b);
  const gitlab = blocks.filter((b) => !('jobs' in b));
  if (github.length !== 1 || gitlab.length !== 1) throw new Error(`docs/ci.md: expected one GitHub workflow and one GitLab CI file, found ${github.length} and ${gitlab.length}`);
  return {github: github[0] as unknown as GithubWorkflow, gitlab: gitlab[0] as Record<string, GitlabJob>};
}

interface GithubWorkflow {
  permissions: Record<string, string>;
  jobs: Record<string, {steps: {uses?: string; with?: Record<string, string>}[]}>;
}

interface GitlabJob {
  extends?: string;
  script?: string[];
  before_script?: string[];
  artifacts?: {when?: string; reports?: Record<string, string>};
}

describe('docs/ci.md, against the packed package', () => {
  const {github, gitlab} = ciRecipes();
  const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;

  it('the GitHub workflow uses this action at this version, with inputs it declares and the permission upload-sarif needs', () => {
    const action = loadAction();
    const ours = Object.values(github.jobs)
      .flatMap((j) => j.steps)
      .filter((s) => s.uses?.startsWith('openwop/openwop-cli@'));
    expect(ours.length).toBeGreaterThanOrEqual(2);
    expect(github.permissions['security-events']).toBe('write');
    for (const s of ours) {
      expect(s.uses).toBe(`openwop/openwop-cli@v${version}`);
      for (const key of Object.keys(s.with ?? {})) expect(Object.keys(action.inputs), key).toContain(key);
      for (const [name, input] of Object.entries(action.inputs)) if (input.required) expect(s.with, name).toHaveProperty(name);
      expect(['lint schema', 'validate envelope', 'validate pack', 'probe host', 'simulate retry']).toContain(s.with?.command);
    }
  });

  describe('the GitLab jobs', () => {
    const jobs = Object.entries(gitlab).filter(([name]) => !name.startsWith('.'));
    /** A project with the documented layout, inside the consumer folder so `npx openwop` finds the installed package. */
    const project = (): string => {
      const dir = join(app, `project-${Math.random().toString(36).slice(2)}`);
      mkdirSync(join(dir, 'schemas', 'envelopes'), {recursive: true});
      mkdirSync(join(dir, 'examples', 'envelopes'), {recursive: true});
      copyFileSync(join(app, 'examples', 'schemas', 'clean', 'vendor.acme.plan.create.schema.json'), join(dir, 'schemas', 'envelopes', 'vendor.acme.plan.create.schema.json'));
      copyFileSync(join(app, 'examples', 'envelopes', 'clarification.json'), join(dir, 'examples', 'envelopes', 'clarification.json'));
      // What scaffold kind writes beside a valid example: an envelope that fails on purpose, which CI must leave out.
      writeFileSync(join(dir, 'examples', 'envelopes', 'vendor.acme.plan.create.invalid.json'), '{"type": "vendor.acme.plan.create"}\n');
      return dir;
    };
    const run = (line: string, cwd: string) => runProgram('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', line], {cwd, env: npmEnv});
    const outputOf = (line: string) => /--output (\S+)/.exec(line)?.[1];

    it('each job extends the template (npm ci, then openwop) and keeps, even when it fails, exactly the reports it writes', () => {
      expect(jobs.length).toBeGreaterThanOrEqual(2);
      expect(gitlab['.openwop'].before_script).toEqual(['npm ci']);
      for (const [name, job] of jobs) {
        expect(job.extends, name).toBe('.openwop');
        expect(job.artifacts?.when, name).toBe('always');
        expect(Object.values(job.artifacts?.reports ?? {}).sort(), name).toEqual((job.script ?? []).map(outputOf).sort());
        expect(Object.keys(job.artifacts?.reports ?? {}).sort(), name).toEqual(['codequality', 'junit']);
      }
    });

    it('on a clean project every script line passes and writes its report', async () => {
      const dir = project();
      for (const [name, job] of jobs) {
        for (const line of job.script ?? []) {
          const r = await run(line, dir);
          expect(r.code, `${name}: ${line}\n${r.stderr}`).toBe(0);
        }
        const reports = job.artifacts?.reports ?? {};
        expect(JSON.parse(readFileSync(join(dir, reports.codequality), 'utf8')), name).toEqual([]);
        const suites = parseXml(readFileSync(join(dir, reports.junit), 'utf8'));
        expect(suites.name, name).toBe('testsuites');
      }
    });

    it('on a broken schema and envelope, the Code Quality line still passes with the findings in its report, and the JUnit line fails the job', async () => {
      const dir = project();
      copyFileSync(join(app, 'examples', 'schemas', 'violations', 'vendor.acme.ticket.triage.schema.json'), join(dir, 'schemas', 'envelopes', 'vendor.acme.ticket.triage.schema.json'));
      copyFileSync(join(app, 'examples', 'envelopes', 'stream.ndjson'), join(dir, 'examples', 'envelopes', 'stream.ndjson'));
      for (const [name, job] of jobs) {
        const [quality, junit] = job.script ?? [];
        expect((await run(quality, dir)).code, name).toBe(0);
        const issues = JSON.parse(readFileSync(join(dir, job.artifacts?.reports?.codequality ?? ''), 'utf8')) as {location: {path: string}}[];
        expect(issues.length, name).toBeGreaterThan(0);
        for (const i of issues) expect(existsSync(join(dir, i.location.path)), i.location.path).toBe(true);
        expect((await run(junit, dir)).code, name).toBe(1);
        expect(readFileSync(join(dir, job.artifacts?.reports?.junit ?? ''), 'utf8'), name).toContain('<failure');
      }
    });
  });
});
