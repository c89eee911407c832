import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {packageRoot} from '../../src/io/package-root.js';
import {currentRulesSection, rulesMarkdown, RULES_END, RULES_START} from '../../src/lint/docs.js';
import {RULES} from '../../src/lint/rules/index.js';

// The README's rule table is generated (node scripts/rules-doc.mjs); this fails when it is stale or the markers are gone.
describe('README rules section', () => {
  const readme = readFileSync(join(packageRoot(), 'README.md'), 'utf8');

  it(`has the ${RULES_START} … ${RULES_END} markers`, () => {
    expect(currentRulesSection(readme), 'README.md lacks the rules markers').toBeDefined();
  });

  it('equals the table generated from the rule metadata (run node scripts/rules-doc.mjs)', () => {
    expect(currentRulesSection(readme)).toBe(rulesMarkdown());
  });

  it('the generated table lists every rule with its verified month', () => {
    const md = rulesMarkdown();
    for (const r of RULES) expect(md).toContain(`| \`${r.meta.id}\` |`);
    expect(md).toMatch(/\| 2026-11 \|/);
  });
});
