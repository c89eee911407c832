// The rule ids the issue-20 work added are declared where each command's rules are: --rule accepts them (the rule
// catalog), --rule changes what they report, and SARIF describes them.
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {knownRuleIds} from '../../src/rule-catalog.js';
import {ROOT, runCli, tempDir} from '../helpers/cli.js';

/** A valid envelope from the bundled examples. */
const ENVELOPE = readFileSync(join(ROOT, 'examples', 'envelopes', 'clarification.json'), 'utf8').trim();

function project(): string {
  const dir = tempDir();
  mkdirSync(join(dir, '.git'));
  mkdirSync(join(dir, 'gen'));
  writeFileSync(join(dir, '.openwopignore'), 'gen/\n');
  writeFileSync(join(dir, 'gen', 'x.schema.json'), '{"type":"object"}');
  writeFileSync(join(dir, 'a.schema.json'), '{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}');
  return dir;
}

describe('the new rule ids are known to every command', () => {
  it('the rule catalog lists io/ignored, io/no-match, envelope/code-fence and the unreadable ignore file ids', async () => {
    const known = await knownRuleIds();
    for (const id of ['io/ignored', 'io/no-match', 'envelope/code-fence', 'io/outside-root', 'io/too-large']) expect(known).toContain(id);
  });

  it('--rule io/ignored=off hides the warning of a named file an ignore file covers', async () => {
    const dir = project();
    const on = await runCli(['lint', 'schema', 'a.schema.json', 'gen/x.schema.json', '-f', 'json'], {cwd: dir});
    expect(on.stdout).toContain('"io/ignored"');
    const off = await runCli(['lint', 'schema', 'a.schema.json', 'gen/x.schema.json', '-f', 'json', '--rule', 'io/ignored=off'], {cwd: dir});
    expect(off.code, off.stderr).toBe(0);
    expect(off.stdout).not.toContain('"io/ignored"');
  });

  it('--rule envelope/code-fence=warn makes a fenced envelope a warning (exit 0)', async () => {
    const dir = project();
    writeFileSync(join(dir, 'fenced.json'), `\`\`\`json\n${ENVELOPE}\n\`\`\`\n`);
    const error = await runCli(['validate', 'envelope', 'fenced.json', '-f', 'json'], {cwd: dir});
    expect(error.code).toBe(1);
    const warn = await runCli(['validate', 'envelope', 'fenced.json', '-f', 'json', '--rule', 'envelope/code-fence=warn'], {cwd: dir});
    expect(warn.code, warn.stderr).toBe(0);
    expect(JSON.parse(warn.stdout).results[0].findings).toEqual([expect.objectContaining({ruleId: 'envelope/code-fence', severity: 'warning'})]);
  });

  it.each([
    [['lint', 'schema', 'gen/'], 'io/no-match'],
    [['validate', 'envelope', 'gen/'], 'io/no-match'],
    [['validate', 'pack', 'nope-*.json'], 'io/no-match'],
    [['simulate', 'retry', 'broken.json'], 'json/syntax'],
  ])('%j: SARIF describes %s (the command declares it)', async (args, id) => {
    const dir = project();
    writeFileSync(join(dir, 'broken.json'), '{"program": [');
    const r = await runCli([...args, '-f', 'sarif'], {cwd: dir});
    const rule = JSON.parse(r.stdout).runs[0].tool.driver.rules.find((x: {id: string}) => x.id === id);
    expect(rule?.shortDescription.text).not.toBe(id);
  });
});
