import {execFile} from 'node:child_process';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {join, relative} from 'node:path';
import {promisify} from 'node:util';
import {describe, expect, it} from 'vitest';
import {defineRule} from '../../src/core/rule.js';
import {packageRoot} from '../../src/io/package-root.js';
import {allRules} from '../../src/rule-catalog.js';
import {currentRulesSection, readmeRulesSection, RULE_DOCS_DIR, ruleDocFiles, rulePage, rulesIndex} from '../../src/rule-docs.js';

const ROOT = packageRoot();
const read = (path: string) => (existsSync(join(ROOT, path)) ? readFileSync(join(ROOT, path), 'utf8') : undefined);

/** The headings of a page, each with whether any text follows it before the next heading. */
function emptySections(page: string): string[] {
  const lines = page.split('\n');
  const empty: string[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('#')) return;
    const next = lines.slice(i + 1).find((l) => l.trim() !== '');
    if (next === undefined || next.startsWith('#')) empty.push(line);
  });
  return empty.filter((h) => !/^## Examples$/.test(h));
}

describe('the generated rule docs (npm run docs:rules)', () => {
  it('are up to date: `npm run docs:rules -- --check` passes', async () => {
    const run = await promisify(execFile)(process.execPath, [join(ROOT, 'scripts', 'rules-doc.mjs'), '--check'], {cwd: ROOT}).catch((e: {code: number; stderr: string}) => e);
    expect('stderr' in run ? run.stderr : '').toBe('');
    expect('code' in run ? run.code : 0).toBe(0);
  });

  it('have a page per rule, equal to what the descriptors generate, and nothing else under docs/rules', async () => {
    const files = await ruleDocFiles();
    const rules = await allRules();
    expect(files.size).toBe(rules.length + 1);
    for (const rule of rules) expect(files.has(`${RULE_DOCS_DIR}/${rule.docsPath}`), rule.id).toBe(true);
    for (const [path, text] of files) expect(read(path), `${path} is stale: run npm run docs:rules`).toBe(text);
    const onDisk = readdirSync(join(ROOT, RULE_DOCS_DIR), {recursive: true, withFileTypes: true})
      .filter((e) => e.isFile())
      .map((e) => relative(ROOT, join(e.parentPath, e.name)).split('\\').join('/'));
    expect(onDisk.filter((p) => !files.has(p))).toEqual([]);
  });

  it('fill the README between the rules markers', async () => {
    expect(currentRulesSection(read('README.md') ?? '')).toBe(await readmeRulesSection());
  });
});

describe('a rule page', () => {
  const full = defineRule({
    id: 'demo/full-rule',
    description: 'Demo rule with everything recorded.',
    code: 'demo_code',
    aliases: ['demo-old-id'],
    commands: ['lint schema', 'probe host'],
    profiles: ['strict'],
    targets: ['openai'],
    explanation: 'Because hosts reject it.',
    examples: {invalid: ['{"bad": true}'], valid: ['{"good": true}']},
    sources: [{url: 'https://example.test/spec', title: 'The spec', verified: '2026-10'}],
    evidence: [{kind: 'api-error', text: 'Invalid schema: bad', url: 'https://example.test/error', verified: '2026-09'}],
    fixable: true,
  });

  it('says what, why, examples, how to fix and configure, sources with their month, evidence and the commands', () => {
    const page = rulePage(full);
    for (const bit of [
      '# demo/full-rule',
      'Demo rule with everything recorded.',
      '| Reported by | `openwop lint schema`, `openwop probe host` |',
      '| Upstream code | `demo_code` |',
      '`demo-old-id`',
      '## Why\n\nBecause hosts reject it.',
      '### Invalid\n\n```json\n{"bad": true}\n```',
      '### Valid\n\n```json\n{"good": true}\n```',
      '`openwop lint schema --fix`',
      '`--rule demo/full-rule=off`',
      '"demo/full-rule": "warn"',
      '- [The spec](https://example.test/spec), verified 2026-10',
      'verified 2026-09',
      '  > Invalid schema: bad',
    ]) {
      expect(page).toContain(bit);
    }
    expect(emptySections(page)).toEqual([]);
  });

  it('says "None recorded." where a rule records no examples, sources or evidence, never an empty heading', () => {
    const bare = defineRule({id: 'demo/bare', description: 'Nothing else known.'});
    const page = rulePage(bare);
    expect(emptySections(page)).toEqual([]);
    for (const heading of ['## Why', '### Invalid', '### Valid', '## Sources', '## Evidence']) expect(page).toContain(`${heading}\n\nNone recorded.`);
    expect(page).not.toContain('valid examples above');
  });

  it('is linked from the index under its family', () => {
    const index = rulesIndex([full]);
    expect(index).toContain('## demo');
    expect(index).toContain('[`demo/full-rule`](demo/full-rule.md)');
  });
});
