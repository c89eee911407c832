import {execFile} from 'node:child_process';
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {promisify} from 'node:util';
import {describe, expect, it} from 'vitest';
import {packageRoot} from '../../src/io/package-root.js';
import {lintSchemaDocument} from '../../src/lint/index.js';
import type {LintTarget} from '../../src/lint/types.js';
import type {Finding, Severity} from '../../src/core/finding.js';

// The real-world corpus (test/fixtures/real-world, see CORPUS.md there) judges the vendor targets: every verdict
// that is not "unknown" must come out of `lint schema --target <vendor>` as the vendor's API answers it.

type Verdict = 'accepted' | 'refused' | 'ignored' | 'degraded' | 'unknown';
type VendorTarget = Extract<LintTarget, 'openai' | 'anthropic' | 'gemini' | 'gemini-legacy'>;
interface Entry {
  id: string;
  file: string;
  verdicts: Record<VendorTarget, {verdict: Verdict; pointer?: string}>;
  knownFalsePositive?: {target: VendorTarget; reason: string};
}

const FOLDER = join(packageRoot(), 'test', 'fixtures', 'real-world');
const CORPUS: Entry[] = JSON.parse(readFileSync(join(FOLDER, 'corpus.json'), 'utf8'));
const TARGETS: VendorTarget[] = ['openai', 'anthropic', 'gemini', 'gemini-legacy'];

/** The root keywords that decide the root's shape; a rule may report their failure at the root itself. */
const ROOT_SHAPE = new Set(['type', '$ref', 'anyOf', 'oneOf', 'allOf']);

const unescape = (token: string) => token.replaceAll('~1', '/').replaceAll('~0', '~');

function nodeAt(schema: unknown, pointer: string): unknown {
  let node = schema;
  for (const token of pointer.split('/').slice(1)) node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[unescape(token)] : undefined;
  return node;
}

/**
 * A finding answers a verdict's pointer P (a keyword, or a schema node) when it sits at P or inside P. It also
 * answers from P's parent node in two cases only: the keyword is absent there (a missing `additionalProperties: false`
 * can only be reported on its node), or P is a root-shape keyword (`/type`, `/$ref`, `/anyOf`, `/oneOf`, `/allOf`)
 * and the finding is on the root. Anything looser let an unrelated error on the same node (e.g. "not in required")
 * stand in for the failure the verdict names.
 */
function answers(finding: Finding, pointer: string, schema: unknown): boolean {
  if (finding.pointer === pointer || finding.pointer.startsWith(`${pointer}/`)) return true;
  const cut = pointer.lastIndexOf('/');
  const parent = pointer.slice(0, cut);
  if (finding.pointer !== parent) return false;
  const keyword = unescape(pointer.slice(cut + 1));
  const node = nodeAt(schema, parent);
  const absent = node !== null && typeof node === 'object' && !Object.hasOwn(node, keyword);
  return absent || (parent === '' && ROOT_SHAPE.has(keyword));
}

function lintFor(entry: Entry, target: VendorTarget): {findings: Finding[]; schema: unknown} {
  const path = join(FOLDER, entry.file);
  const text = readFileSync(path, 'utf8');
  // reasoning/* judge the OpenWOP reasoning field, not vendor acceptance; they stay out of the vendor verdict.
  return {findings: lintSchemaDocument(text, {targets: [target], path, cwd: FOLDER, rules: {'reasoning/*': 'off'}}), schema: JSON.parse(text)};
}

const describeFindings = (findings: Finding[]) => findings.map((f) => `${f.severity} ${f.ruleId} ${f.pointer || '(root)'}`).join('\n') || '(none)';
const hasAt = (findings: Finding[], severities: Severity[], pointer: string, schema: unknown) => findings.some((f) => severities.includes(f.severity) && answers(f, pointer, schema));

describe('real-world corpus: vendor verdicts', () => {
  for (const entry of CORPUS) {
    for (const target of TARGETS) {
      const {verdict, pointer} = entry.verdicts[target];
      if (verdict === 'unknown') continue;
      // A listed false positive is a verdict openwop deliberately answers more cautiously: it must say so (an error).
      const expected: Verdict = entry.knownFalsePositive?.target === target ? 'refused' : verdict;
      it(`${entry.id} — ${target}: ${expected}${expected === verdict ? '' : ` (API: ${verdict}; known false positive)`}`, () => {
        const {findings, schema} = lintFor(entry, target);
        const errors = findings.filter((f) => f.severity === 'error');
        const where = pointer ?? '';
        switch (expected) {
          case 'accepted':
            expect(errors, describeFindings(findings)).toEqual([]);
            break;
          case 'refused':
            expect(hasAt(findings, ['error'], where, schema), `expected an error at ${where || '(root)'}; got:\n${describeFindings(findings)}`).toBe(true);
            break;
          case 'ignored':
            expect(errors, describeFindings(findings)).toEqual([]);
            expect(hasAt(findings, ['warning'], where, schema), `expected a warning at ${where}; got:\n${describeFindings(findings)}`).toBe(true);
            break;
          case 'degraded':
            expect(errors, describeFindings(findings)).toEqual([]);
            expect(hasAt(findings, ['warning', 'info'], where, schema), `expected an info or warning at ${where}; got:\n${describeFindings(findings)}`).toBe(true);
            break;
        }
      });
    }
  }
});

describe('real-world corpus: bookkeeping', () => {
  it('every verdict other than accepted/unknown names a pointer, and a false positive names a real target', () => {
    for (const entry of CORPUS) {
      for (const target of TARGETS) {
        const {verdict, pointer} = entry.verdicts[target];
        if (verdict !== 'accepted' && verdict !== 'unknown') expect(typeof pointer, `${entry.id} ${target}`).toBe('string');
      }
      if (entry.knownFalsePositive) expect(TARGETS, entry.id).toContain(entry.knownFalsePositive.target);
    }
  });

  it('lists every schema file in the folder, and every listed file exists', () => {
    const files = readdirSync(FOLDER)
      .filter((f) => f !== 'corpus.json' && f !== 'CORPUS.md')
      .sort();
    const listed = CORPUS.map((e) => e.file).sort();
    expect(listed).toEqual(files);
    expect(new Set(CORPUS.map((e) => e.id)).size).toBe(CORPUS.length);
  });

  it('CORPUS.md is the table generated from corpus.json (run node scripts/corpus-md.mjs)', async () => {
    await expect(promisify(execFile)(process.execPath, [join(packageRoot(), 'scripts', 'corpus-md.mjs'), '--check'])).resolves.toBeDefined();
  });
});
