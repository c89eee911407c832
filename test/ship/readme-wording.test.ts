// The README's own directions: how long the quick start's test command takes, and cross-references that point where
// the section they name actually is (issue 20: "each command's section below" pointed down at sections above it).
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {ROOT} from '../helpers/cli.js';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const headings = [...README.matchAll(/^#{2,4} (.+)$/gm)].map((m) => ({title: m[1], at: m.index}));

describe('README directions', () => {
  it('the quick start says how long npm test takes', () => {
    const quickStart = README.slice(README.indexOf('## Quick start'), README.indexOf('## Install'));
    expect(quickStart).toMatch(/^npm test .*#.*\b\d+ minutes?\b/m);
  });

  it('every "section above" or "section below" names a heading that is on that side', () => {
    const references = [...README.matchAll(/section(?:s)? (?:under \[([^\]]+)\]\(#[^)]+\) )?(above|below)/g)];
    expect(references.length).toBeGreaterThan(0);
    for (const ref of references) {
      const named = ref[1];
      if (named === undefined) continue;
      const heading = headings.find((h) => h.title.replace(/`/g, '') === named);
      expect(heading, `heading "${named}"`).toBeDefined();
      const side = (heading?.at ?? 0) < (ref.index ?? 0) ? 'above' : 'below';
      expect(side, `"${ref[0]}"`).toBe(ref[2]);
    }
  });

  it('no command-section reference is left without the heading it means', () => {
    expect(README).not.toMatch(/each command's section below/);
  });
});
