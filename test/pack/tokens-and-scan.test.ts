import {describe, expect, it} from 'vitest';
import {RUNTIME_TOKENS, scanJavaScript, suggestToken, tokensForBuiltin, undeclaredUses} from '../../src/pack/index.js';

const scanEntry = (text: string) => scanJavaScript(text).uses;

describe('suggestToken: what to declare instead of a wrong runtime.requires entry', () => {
  it.each([
    ['node:dns/promises', 'net.dns'],
    ['dns', 'net.dns'],
    ['node:child_process', 'subprocess'],
    ['child_process', 'subprocess'],
    ['node:crypto', 'crypto'],
    ['net', 'net.outbound'],
    ['node:https', 'net.outbound'],
    ['node:perf_hooks', 'clock'],
  ])('%s → %s', (raw, token) => {
    expect(tokensForBuiltin(raw)).toEqual([token]);
    expect(suggestToken(raw)).toBe(`"${raw}" is a Node.js builtin module, not a runtime primitive: declare "${token}" instead`);
  });

  it('fs maps to both file primitives and says to pick what the code does', () => {
    expect(tokensForBuiltin('fs')).toEqual(['fs.read', 'fs.write']);
    expect(suggestToken('node:fs/promises')).toContain('"fs.read" and/or "fs.write"');
  });

  it("a finer token than today's names its parent; a near miss names candidates; anything else lists the eight", () => {
    expect(suggestToken('net.outbound.http')).toContain('declare its parent "net.outbound"');
    expect(suggestToken('NET.DNS')).toContain('did you mean "net.dns"');
    expect(suggestToken('fs')).toContain('"fs.read" and/or "fs.write"');
    const other = suggestToken('gpu');
    for (const t of RUNTIME_TOKENS) expect(other).toContain(t);
  });
});

describe('scanEntry: static look at a JavaScript entry file', () => {
  it('sees static, dynamic, require and re-export forms, with and without node:', () => {
    const text = [
      "import {lookup} from 'node:dns/promises';", // 1
      'const net = require("net");', // 2
      "const cp = await import('node:child_process');", // 3
      "export {randomUUID} from 'crypto';", // 4
      'const home = process.env.HOME;', // 5
    ].join('\n');
    expect(scanEntry(text)).toEqual([
      {token: 'net.dns', line: 1, column: 1, evidence: 'imports node:dns/promises'},
      {token: 'net.outbound', line: 2, column: 13, evidence: 'imports net'},
      {token: 'subprocess', line: 3, column: 18, evidence: 'imports node:child_process'},
      {token: 'crypto', line: 4, column: 1, evidence: 'imports crypto'},
      {token: 'env.read', line: 5, column: 14, evidence: 'reads process.env'},
    ]);
  });

  it('ignores commented-out imports but keeps line numbers, and does not mistake URLs in strings for comments', () => {
    const text = ["// import dns from 'node:dns';", '/* const cp = require("child_process");', '*/', "const u = 'https://x.example/a'; import fs from 'node:fs';", "process['env'].X;"].join('\n');
    expect(scanEntry(text)).toEqual([
      {token: 'fs.read', line: 4, column: 34, evidence: 'imports node:fs'},
      {token: 'env.read', line: 5, column: 1, evidence: 'reads process.env'},
    ]);
  });

  it('fs needs fs.write only when the file writes', () => {
    expect(scanEntry("import {readFile} from 'node:fs/promises';\nawait readFile('a');").map((u) => u.token)).toEqual(['fs.read']);
    expect(scanEntry("import {writeFile} from 'node:fs/promises';\nawait writeFile('a', 'b');").map((u) => u.token)).toEqual(['fs.read', 'fs.write']);
  });

  it('leaves unrelated modules and look-alikes alone', () => {
    expect(scanEntry("import x from './dns.js';\nimport y from 'dns-packet';\nconst env = myprocess.env;\nimport z from 'node:path';")).toEqual([]);
  });

  it('undeclaredUses applies the coarser-parent rule to what is declared', () => {
    const uses = scanEntry("import 'node:dns';\nimport 'node:net';");
    expect(undeclaredUses(uses, ['net.dns']).map((u) => u.token)).toEqual(['net.outbound']);
    expect(undeclaredUses(uses, ['net.dns', 'net.outbound'])).toEqual([]);
  });
});
