// The README's library examples, run as written: every ```js block of its "Programmatic API" section becomes a module
// in a consumer project that installed the packed tarball, and must print exactly the ```text block after it.
import {cpSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {ROOT, runProgram, STACK_TRACE} from '../helpers/cli.js';
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

describe("the README's library examples, against the packed package", () => {
  let app: string;

  beforeAll(async () => {
    ({app} = await installTarball((await packTarball()).tarball));
    cpSync(join(ROOT, 'examples'), join(app, 'examples'), {recursive: true});
  }, 300_000);

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
