import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {TextDocument} from 'vscode-languageserver-textdocument';
import {afterEach, describe, expect, it, vi} from 'vitest';
import type {Finding} from '../../../src/core/finding.js';
import {CheckRunner} from '../../../src/lsp/check-runner.js';
import {disableRuleAction, quickFix} from '../../../src/lsp/code-actions.js';
import {tempDir} from '../../helpers/cli.js';

/** A key a stranger's schema can hold: a terminal escape, a right-to-left override (Trojan Source) and a GitHub token. */
const TOKEN = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';
const HOSTILE = `a\u001b[31mX\u202e${TOKEN}`;
const RAW = /[\u001b\u202e]/;

const diagnostic = {range: {start: {line: 0, character: 0}, end: {line: 0, character: 1}}, message: 'm'};
const support = {documentChanges: true, create: true, confirm: true};

describe('text from input on its way to the editor', () => {
  let runner: CheckRunner | undefined;
  afterEach(async () => runner?.close());

  it("a quick fix's title shows a property name escaped, its secret masked", () => {
    const doc = TextDocument.create('file:///p/a.schema.json', 'json', 1, '{}');
    const finding = {
      ruleId: 'openai/require-nullable',
      message: 'm',
      severity: 'error',
      file: 'a.schema.json',
      line: 1,
      column: 1,
      fix: {description: `Add "${HOSTILE}" to required`, edits: []},
    } as unknown as Finding;
    const title = quickFix(doc, finding, diagnostic, false, false)!.title;
    expect(title).not.toMatch(RAW);
    expect(title).not.toContain(TOKEN);
    expect(title).toContain('\\u001b[31mX\\u202e');
    expect(title).toContain('(40 chars)');
  });

  it("the disable action's title, label and description show the config path escaped, its secret masked", () => {
    const path = `/p/${HOSTILE}/openwop.config.json`;
    const action = disableRuleAction({kind: 'edit', path, edits: []}, '{}', `x${HOSTILE}`, diagnostic, support)!;
    const annotation = action.edit!.changeAnnotations!['openwop.disable-rule'];
    for (const text of [action.title, annotation.label, annotation.description!]) {
      expect(text).not.toMatch(RAW);
      expect(text).not.toContain(TOKEN);
    }
    expect(annotation.description).toContain('\\u202e');
  });

  it("the check worker's output reaches the log escaped and masked", async () => {
    const worker = join(tempDir(), 'worker.mjs');
    writeFileSync(
      worker,
      `import {parentPort} from 'node:worker_threads';
parentPort.on('message', (r) => {
  process.stderr.write(${JSON.stringify(`unknown format "${HOSTILE}\u001b]0;PWNED\u0007" ignored\nsecond line`)});
  parentPort.postMessage({id: r.id, ok: true, value: r.input.path});
});
`,
    );
    const logged: string[] = [];
    runner = new CheckRunner(worker, (m) => logged.push(m));
    expect(await runner.run('check', {path: 'x', text: ''}).result).toBe('x');
    await vi.waitFor(() => expect(logged.join('\n')).toContain('second line'));
    const log = logged.join('\n');
    expect(log).not.toMatch(/[\u0007\u001b\u202e]/);
    expect(log).not.toContain(TOKEN);
    expect(log).toContain('\\u001b]0;PWNED\\u0007');
  });
});
