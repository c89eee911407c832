import {pathToFileURL} from 'node:url';
import {mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {type PackResult, scanJavaScript, scanPython, validatePackInputs} from '../../src/pack/index.js';
import {ROOT, runCli, runProgram, STACK_TRACE, tempDir} from '../helpers/cli.js';

type Files = Record<string, string>;

/** One pack folder: its manifest (javascript index.mjs unless `runtime` says otherwise) and its code files. */
function pack(root: string, name: string, files: Files, runtime: Record<string, unknown> = {}): void {
  const dir = join(root, name);
  const manifest = {
    name: `vendor.acme.${name}`,
    version: '1.0.0',
    engines: {openwop: '>=1.0.0'},
    runtime: {language: 'javascript', entry: 'index.mjs', ...runtime},
    nodes: [{typeId: `vendor.acme.${name}.run`, version: '1.0.0', category: 'data', role: 'pure'}],
  };
  for (const [path, text] of Object.entries({'pack.json': JSON.stringify(manifest), ...files})) {
    mkdirSync(dirname(join(dir, path)), {recursive: true});
    writeFileSync(join(dir, path), text);
  }
}

const py = {language: 'python', entry: 'main.py'};

/** Each way of reaching a primitive, as the smallest pack that does it, and what --grant-none must refuse. */
const REACHING: [string, Files, string[], Record<string, unknown>?][] = [
  ['import-static', {'index.mjs': "import {lookup} from 'node:dns/promises';\nexport const f = lookup;"}, ['net.dns']],
  ['import-bare', {'index.mjs': "import https from 'https';\nexport default https;"}, ['net.outbound']],
  ['import-http', {'index.mjs': "import * as http from 'node:http';"}, ['net.outbound']],
  ['import-side-effect', {'index.mjs': "import 'node:tls';"}, ['net.outbound']],
  ['require', {'index.cjs': "const cp = require('child_process');\nmodule.exports = cp;"}, ['subprocess'], {entry: 'index.cjs'}],
  ['require-net', {'index.cjs': "const {connect} = require('node:net');"}, ['net.outbound'], {entry: 'index.cjs'}],
  ['dynamic-import', {'index.mjs': "const {connect} = await import('node:tls');"}, ['net.outbound']],
  ['re-export', {'index.mjs': "export {request} from 'node:https';"}, ['net.outbound']],
  ['export-all', {'index.mjs': "export * from 'node:http2';"}, ['net.outbound']],
  ['undici', {'index.mjs': "import {request} from 'undici';"}, ['net.outbound']],
  ['ws', {'index.mjs': "import WS from 'ws';"}, ['net.outbound']],
  ['dgram', {'index.mjs': "import dgram from 'node:dgram';"}, ['net.outbound']],
  ['worker-threads', {'index.mjs': "import {Worker} from 'node:worker_threads';"}, ['subprocess']],
  ['builtin-module', {'index.mjs': "const cp = process.getBuiltinModule('node:child_process');"}, ['subprocess']],
  ['global-fetch', {'index.mjs': 'export const run = async (u) => (await fetch(u)).json();'}, ['net.outbound']],
  ['globalthis-fetch', {'index.mjs': 'export const run = (u) => globalThis.fetch(u);'}, ['net.outbound']],
  ['fetch-as-value', {'index.mjs': 'export const run = (ctx) => (ctx.fetch ?? fetch)("u");'}, ['net.outbound']],
  ['websocket', {'index.mjs': 'export const open = (u) => new WebSocket(u);'}, ['net.outbound']],
  ['eventsource', {'index.mjs': 'export const sse = (u) => new EventSource(u);'}, ['net.outbound']],
  ['xhr', {'index.mjs': 'export const x = () => new XMLHttpRequest();'}, ['net.outbound']],
  ['env-member', {'index.mjs': 'export const k = process.env.KEY;'}, ['env.read']],
  ['env-computed', {'index.mjs': "export const k = process['env'].KEY;"}, ['env.read']],
  ['env-destructured', {'index.mjs': 'const {env} = process;\nexport const k = env.KEY;'}, ['env.read']],
  ['env-import', {'index.mjs': "import {env} from 'node:process';"}, ['env.read']],
  ['env-namespace', {'index.mjs': "import proc from 'node:process';\nexport const k = proc.env.KEY;"}, ['env.read']],
  ['env-required', {'index.cjs': "const p = require('node:process');\nmodule.exports = p.env.KEY;"}, ['env.read'], {entry: 'index.cjs'}],
  ['env-globalthis', {'index.mjs': 'export const k = globalThis.process.env.KEY;'}, ['env.read']],
  ['deno-env', {'index.mjs': "export const k = Deno.env.get('KEY');"}, ['env.read']],
  ['fs-read', {'index.mjs': "import {readFile} from 'node:fs/promises';\nexport const r = () => readFile('a');"}, ['fs.read']],
  ['fs-write', {'index.mjs': "import fs from 'node:fs';\nexport const w = () => fs.writeFileSync('a', 'b');"}, ['fs.read', 'fs.write']],
  ['fs-write-named', {'index.cjs': "const {appendFile: add} = require('fs/promises');\nadd('a', 'b');"}, ['fs.read', 'fs.write'], {entry: 'index.cjs'}],
  [
    'helper-two-deep',
    {'index.mjs': "export * from './lib/a.mjs';", 'lib/a.mjs': "import {get} from './b.mjs';\nexport const a = get;", 'lib/b.mjs': 'export const get = (u) => fetch(u);'},
    ['net.outbound'],
  ],
  ['helper-require', {'index.cjs': "module.exports = require('./lib');", 'lib/index.js': "module.exports = require('node:child_process');"}, ['subprocess'], {entry: 'index.cjs'}],
  ['py-import', {'main.py': 'import requests\n'}, ['net.outbound'], py],
  ['py-import-as', {'main.py': 'import json, httpx as h\n'}, ['net.outbound'], py],
  ['py-from', {'main.py': 'from urllib.request import urlopen\n'}, ['net.outbound'], py],
  ['py-from-package', {'main.py': 'from http import client\n'}, ['net.outbound'], py],
  ['py-socket', {'main.py': 'import socket\n'}, ['net.outbound'], py],
  ['py-aiohttp', {'main.py': 'from aiohttp import (\n    ClientSession,\n)\n'}, ['net.outbound'], py],
  ['py-subprocess', {'main.py': 'import subprocess\nsubprocess.run(["ls"])\n'}, ['subprocess'], py],
  ['py-os-system', {'main.py': 'import os\nos.system("ls")\n'}, ['subprocess'], py],
  ['py-environ', {'main.py': 'import os\nKEY = os.environ["KEY"]\n'}, ['env.read'], py],
  ['py-getenv', {'main.py': 'from os import getenv\nKEY = getenv("KEY")\n'}, ['env.read'], py],
  ['py-open', {'main.py': 'with open("data.txt") as f:\n    pass\n'}, ['fs.read'], py],
  ['py-semicolon', {'main.py': 'import sys; import socket\n'}, ['net.outbound'], py],
  ['py-crlf-continued-string', {'main.py': "s = 'x\\\r\n'; import socket\r\n"}, ['net.outbound'], py],
  ['py-lone-cr', {'main.py': 'x = 1\rimport socket\r'}, ['net.outbound'], py],
  ['py-inline-body', {'main.py': 'if True: import requests\n'}, ['net.outbound'], py],
  ['py-else-body', {'main.py': 'try: import json\nexcept ImportError: pass\nelse: from os import system; system("ls")\n'}, ['subprocess'], py],
  ['py-from-os-star', {'main.py': 'from os import *\nsystem("ls")\n'}, ['subprocess'], py],
  ['py-from-os-parens', {'main.py': 'from os import (getenv, system as run,)\nKEY = getenv("K")\nrun("ls")\n'}, ['env.read', 'subprocess'], py],
];

/** Code that reaches nothing: --grant-none must install every one of these. */
const NOT_REACHING: [string, Files, Record<string, unknown>?][] = [
  ['commented-out', {'index.mjs': "// import net from 'node:net';\n/* fetch(u); process.env.X */\nexport const x = 1;"}],
  ['in-strings', {'index.mjs': "export const s = 'fetch(u)' + \"process.env.KEY\" + `import('node:net')`;"}],
  ['local-fetch', {'index.mjs': 'function fetch(u) {\n  return u;\n}\nexport const r = fetch("x");'}],
  ['block-local-fetch', {'index.mjs': 'export function f() {\n  const fetch = (u) => u;\n  return fetch("x");\n}'}],
  ['param-process', {'index.mjs': 'export const f = (process) => process.env.KEY;'}],
  ['property-names', {'index.mjs': 'export const f = (ctx) => ctx.fetch(ctx.process.env, {fetch: 1, crypto: 2});'}],
  ['look-alikes', {'index.mjs': "import path from 'node:path';\nimport packet from 'dns-packet';\nimport local from './dns.mjs';", 'dns.mjs': 'export default 1;'}],
  ['no-code-words', {'index.mjs': 'export const nodes = {};'}],
  ['json-import', {'index.mjs': "import data from './data.json' with {type: 'json'};\nexport default data;", 'data.json': '{"fetch": "process.env"}'}],
  ['py-comments-and-strings', {'main.py': '# import socket\ns = "import requests"\n"""\nimport subprocess\nos.environ\n"""\nimport json\n'}, py],
  ['py-parse-only', {'main.py': 'from urllib.parse import urlparse\nimport hashlibx\n'}, py],
  // Not Python, but once each name went into a RegExp and `a[` threw "Invalid regular expression" (exit 2).
  ['py-metacharacters', {'main.py': 'from os import a[, b)?, \\d+, $c\nprint(a, b)\n'}, py],
  ['py-colons', {'main.py': 'x = {"k": 1}; y = x["k":]\nf = lambda: 0\nopen_ = "import socket"; exec("import socket")\n'}, py],
];

/**
 * Code that uses crypto but reaches nothing outside its process: reported as undeclared, yet installed by a host granting
 * nothing (the host provides standard hashing; the scan cannot tell it from what needs the grant).
 */
const USES_CRYPTO: [string, Files][] = [
  ['crypto-re-export', {'index.mjs': "export {createHash} from 'node:crypto';"}],
  ['global-crypto', {'index.mjs': "export const d = (b) => crypto.subtle.digest('SHA-256', b);"}],
];

describe('validate pack --grant-none refuses every pack whose code reaches a primitive, and only those', () => {
  let byName: Map<string, PackResult>;

  beforeAll(async () => {
    const root = tempDir('openwop-scan-');
    for (const [name, files, , runtime] of REACHING) pack(root, name, files, runtime);
    for (const [name, files, runtime] of NOT_REACHING) pack(root, name, files, runtime);
    for (const [name, files] of USES_CRYPTO) pack(root, name, files);
    const outcome = await validatePackInputs(['.'], {cwd: root, grant: []});
    byName = new Map(outcome.results.filter((r): r is PackResult => 'gate' in r).map((r) => [String(r.pack).replace(/^vendor\.acme\.|@1\.0\.0$/g, ''), r]));
  }, 60_000);

  it.each(REACHING.map(([name, , unmet]) => [name, unmet] as const))('%s: refused for %j', (name, unmet) => {
    const result = byName.get(name);
    expect(result?.gate?.installs).toBe(false);
    expect([...(result?.gate?.refusal?.unmet ?? [])].sort()).toEqual(unmet);
    expect(result?.gate?.undeclared?.sort()).toEqual(unmet);
    expect(result?.findings.filter((f) => f.ruleId === 'pack/undeclared-requirement')).toHaveLength(unmet.length);
    expect(result?.findings.filter((f) => f.ruleId === 'pack/runtime-requirement-unmet').map((f) => f.pointer)).toEqual(unmet.map(() => '/runtime'));
  });

  it.each(NOT_REACHING.map(([name]) => name))('%s: installs, with no finding', (name) => {
    const result = byName.get(name);
    expect(result?.gate).toMatchObject({installs: true, refusal: null});
    expect(result?.findings).toEqual([]);
  });

  it.each(USES_CRYPTO.map(([name]) => name))('%s: installs, with crypto reported as undeclared', (name) => {
    const result = byName.get(name);
    expect(result?.gate).toMatchObject({installs: true, refusal: null});
    expect(result?.gate?.undeclared).toBeUndefined();
    expect(result?.findings.map((f) => [f.ruleId, f.severity])).toEqual([['pack/undeclared-requirement', 'warning']]);
    expect(result?.findings[0].message).toContain('"crypto"');
  });

  it('names the file inside the pack, line and column of the first use, also in an imported file', () => {
    const deep = byName.get('helper-two-deep')?.findings.find((f) => f.ruleId === 'pack/undeclared-requirement');
    expect(deep?.message).toMatch(/^lib\/b\.mjs:1:27 calls fetch\(\), but runtime\.requires does not declare "net\.outbound"/);
    const refusal = byName.get('global-fetch')?.findings.find((f) => f.ruleId === 'pack/runtime-requirement-unmet');
    expect(refusal?.message).toBe('a host granting nothing refuses to install vendor.acme.global-fetch@1.0.0: its code uses "net.outbound" (undeclared: index.mjs:1:40 calls fetch())');
    expect(byName.get('global-fetch')?.gate?.refusal).toEqual({
      error: 'pack_runtime_requirement_unmet',
      unmet: ['net.outbound'],
      manifest: 'vendor.acme.global-fetch@1.0.0',
      advice: expect.stringContaining("net.outbound: used by the pack's code but not declared in runtime.requires"),
    });
  });
});

describe('what the scan cannot read is a finding, never a pass', () => {
  let root: string;
  const results = new Map<string, PackResult>();
  const MB = 1024 * 1024;

  beforeAll(async () => {
    root = tempDir('openwop-scan-edge-');
    pack(root, 'big-comment', {'index.mjs': `/*${' '.repeat(3 * MB)}*/\nimport net from 'node:net';\n`});
    pack(root, 'over-cap', {'index.mjs': `import net from 'node:net';\n/*${' '.repeat(5 * MB)}*/\n`});
    pack(root, 'over-cap-import', {'index.mjs': "import './big.mjs';", 'big.mjs': `import net from 'node:net';\n/*${' '.repeat(5 * MB)}*/\n`});
    pack(root, 'unparsed', {'index.mjs': "import fs from 'node:fs';\nexport const = 1;\n"});
    pack(root, 'import-type', {'index.mjs': "import type {Agent} from 'node:http';\n"});
    pack(root, 'unparsed-import', {'index.mjs': "import './lib.mjs';\nexport const x = fetch;", 'lib.mjs': 'let let = fetch;'});
    pack(root, 'leaves-pack', {'index.mjs': "import {x} from '../outside.mjs';\nexport default x;"});
    writeFileSync(join(root, 'outside.mjs'), "export const x = fetch('https://example.com');");
    pack(root, 'link-out', {'index.mjs': "import {x} from './lib.mjs';\nexport default x;"});
    symlinkSync(join(root, 'outside.mjs'), join(root, 'link-out', 'lib.mjs'));
    pack(root, 'missing-import', {'index.mjs': "import './nope.mjs';"});
    pack(root, 'entry-link-out', {});
    symlinkSync(join(root, 'outside.mjs'), join(root, 'entry-link-out', 'index.mjs'));
    pack(root, 'entry-absent', {});
    pack(root, 'file-url-import', {'index.mjs': `import ${JSON.stringify(pathToFileURL(join(root, 'outside.mjs')).href)};`});
    pack(root, 'extensionless-ts', {'index.mjs': "import {get} from './get';\nexport default get;", 'get.mts': 'export const get = (u) => fetch(u);'});
    pack(root, 'deep-scope', {'index.mjs': `import net from 'node:net';\nconst fetch = 1; fetch;\nexport const x = 1${'+a'.repeat(20_000)};\n`});
    pack(root, 'mts-helper', {'index.mjs': "import {get} from './get.mts';\nexport default get;", 'get.mts': 'export const get = (u) => fetch(u);'});
    pack(root, 'ts-typed', {'index.mjs': "import {get} from './get.ts';\nexport default get;", 'get.ts': 'export const get = (u: string): Promise<Response> => fetch(u);'});
    pack(root, 'jsx-helper', {'index.mjs': "import './view.jsx';", 'view.jsx': 'export const View = () => <a href={process.env.HOME_URL}>home</a>;'});
    pack(root, 'invalid-unparsed', {'index.mjs': 'export const = 1;'}, {requires: ['node:dns']});
    const outcome = await validatePackInputs(['.'], {cwd: root, grant: []});
    for (const r of outcome.results) if ('gate' in r) results.set(String((r as PackResult).pack).replace(/^vendor\.acme\.|@1\.0\.0$/g, ''), r as PackResult);
  }, 60_000);

  const rules = (name: string) => results.get(name)?.findings.map((f) => `${f.ruleId} ${f.severity}`);

  it('a 3 MB comment does not hide the import after it', () => {
    expect(results.get('big-comment')?.gate?.refusal?.unmet).toEqual(['net.outbound']);
    expect(results.get('big-comment')?.findings[0].message).toMatch(/^index\.mjs:2:1 imports node:net/);
  });

  it('an entry or an imported file over 4 MB is reported as pack/entry-not-scanned', () => {
    expect(rules('over-cap')).toEqual(['pack/entry-not-scanned warning', 'pack/runtime-requirement-unmet error']);
    expect(rules('over-cap-import')).toEqual(['pack/entry-not-scanned warning', 'pack/runtime-requirement-unmet error']);
    expect(results.get('over-cap-import')?.findings[0].message).toBe('big.mjs (imported at index.mjs:1:1) is over the 4 MB the requirement scan reads: it was not scanned');
  });

  it('a file that does not parse is pack/entry-unparsed, with its line and column', () => {
    expect(rules('unparsed')).toEqual(['pack/entry-unparsed warning', 'pack/runtime-requirement-unmet error']);
    expect(results.get('unparsed')?.findings[0].message).toBe("index.mjs:2:14 does not parse as JavaScript (Unexpected token: '='): its requirements were not scanned");
    expect(results.get('import-type')?.findings[0].message).toMatch(/^index\.mjs:1:13 does not parse/);
    // The entry still counts; only the broken helper is unscanned.
    expect(rules('unparsed-import')).toEqual(['pack/entry-unparsed warning', 'pack/undeclared-requirement warning', 'pack/runtime-requirement-unmet error', 'pack/runtime-requirement-unmet error']);
    expect(results.get('unparsed-import')?.findings[0].message).toMatch(/^lib\.mjs:1:5 does not parse/);
    // Each at /runtime/entry: the file (and import) it is about is its subject, which a baseline keys on.
    expect(results.get('unparsed-import')?.findings[0].subject).toBe('lib.mjs');
    expect(results.get('leaves-pack')?.findings[0].subject).toBe('index.mjs ../outside.mjs');
  });

  it('code the scan could not read is not installed under a grant: gate.blockedBy code-not-scanned, one error naming the files', () => {
    for (const name of ['over-cap', 'over-cap-import', 'unparsed', 'deep-scope', 'ts-typed']) expect(results.get(name)?.gate).toMatchObject({installs: false, blockedBy: 'code-not-scanned'});
    expect(results.get('over-cap')?.gate).toEqual({granted: [], requires: [], installs: false, refusal: null, blockedBy: 'code-not-scanned'});
    expect(results.get('over-cap-import')?.findings[1]).toMatchObject({
      message: 'a host granting nothing does not install the pack: big.mjs could not be scanned, so what it reaches is unknown (blockedBy code-not-scanned)',
      severity: 'error',
    });
    // The gate's own answer is kept beside the block.
    expect(results.get('unparsed-import')?.gate).toMatchObject({installs: false, blockedBy: 'code-not-scanned', refusal: {unmet: ['net.outbound']}});
    // A host validates the manifest first: an invalid one is blocked by that, whatever its code.
    expect(results.get('invalid-unparsed')?.gate?.blockedBy).toBe('invalid_manifest');
    // Scanned whole, a pack is not blocked.
    expect(results.get('big-comment')?.gate?.blockedBy).toBeUndefined();
  });

  it('a file nested too deeply for the scope analysis is pack/entry-not-scanned (its imports still count), not a crash', () => {
    expect(rules('deep-scope')).toEqual(['pack/entry-not-scanned warning', 'pack/undeclared-requirement warning', 'pack/runtime-requirement-unmet error', 'pack/runtime-requirement-unmet error']);
    expect(results.get('deep-scope')?.findings[0].message).toMatch(
      /^index\.mjs is nested too deeply for the scope analysis .*\(Maximum call stack size exceeded\): the globals it uses \(fetch, process\.env, …\) were not scanned$/,
    );
    expect(results.get('deep-scope')?.gate?.refusal?.unmet).toEqual(['net.outbound']);
  });

  it('TypeScript and JSX helpers are code: scanned when they parse, a TypeScript finding when they do not', () => {
    expect(rules('mts-helper')).toEqual(['pack/undeclared-requirement warning', 'pack/runtime-requirement-unmet error']);
    expect(results.get('mts-helper')?.gate?.refusal?.unmet).toEqual(['net.outbound']);
    expect(results.get('mts-helper')?.findings[0].message).toMatch(/^get\.mts:1:27 calls fetch\(\)/);
    expect(rules('ts-typed')).toEqual(['pack/entry-unparsed warning', 'pack/runtime-requirement-unmet error']);
    expect(results.get('ts-typed')?.findings[0].message).toMatch(
      /^get\.ts:1:\d+ is TypeScript, which the requirement scan cannot read \(it does not parse as JavaScript: .+\): its requirements were not scanned$/,
    );
    expect(results.get('jsx-helper')?.gate?.refusal?.unmet).toEqual(['env.read']);
    expect(results.get('jsx-helper')?.findings[0].message).toMatch(/^view\.jsx:1:\d+ reads process\.env/);
  });

  it('a file: URL import is followed like a path (and refused when it leaves the pack); an extensionless import finds a .mts', () => {
    expect(rules('file-url-import')).toEqual(['pack/ref-outside-pack error', 'pack/runtime-requirement-unmet error']);
    expect(results.get('extensionless-ts')?.gate?.refusal?.unmet).toEqual(['net.outbound']);
  });

  it('an entry that could not be read at all (a link out of the pack, absent) is not installed under a grant either', () => {
    for (const name of ['entry-link-out', 'entry-absent']) expect(results.get(name)?.gate, name).toMatchObject({installs: false, blockedBy: 'code-not-scanned'});
    expect(rules('entry-link-out')).toEqual(['pack/ref-outside-pack error', 'pack/runtime-requirement-unmet error']);
  });

  it('an import that leaves the pack, through ".." or a symbolic link, is reported and not read', () => {
    for (const name of ['leaves-pack', 'link-out']) {
      expect(rules(name)).toEqual(['pack/ref-outside-pack error', 'pack/runtime-requirement-unmet error']);
      // outside.mjs calls fetch, but it was not read: what the pack reaches is unknown, so it is not installed.
      expect(results.get(name)?.gate).toMatchObject({installs: false, blockedBy: 'code-not-scanned', refusal: null});
    }
    expect(results.get('missing-import')?.gate).toMatchObject({installs: false, blockedBy: 'code-not-scanned'});
    expect(results.get('leaves-pack')?.findings[1].message).toBe(
      'a host granting nothing does not install the pack: an import in index.mjs could not be scanned, so what it reaches is unknown (blockedBy code-not-scanned)',
    );
    expect(results.get('leaves-pack')?.findings[0].message).toBe('index.mjs:1:1 imports "../outside.mjs", which leads out of the pack; it was not read');
    expect(results.get('missing-import')?.findings.map((f) => [f.ruleId, f.message])[0]).toEqual(['pack/missing-file', 'index.mjs:1:1 imports "./nope.mjs", which is not in the pack']);
  });
});

describe('the scanners on their own', () => {
  it('JavaScript: declared requirements are kept apart from what the code uses', () => {
    expect(scanJavaScript('const s = require(name);\nimport(x);\nconst g = globalThis;\nexport {}').uses).toEqual([]);
    expect(scanJavaScript('{ let fetch = 1; }\nfetch("x");').uses.map((u) => `${u.line}:${u.column} ${u.evidence}`)).toEqual(['2:1 calls fetch()']);
    expect(scanJavaScript('f\\u0065tch("x");').uses.map((u) => u.token)).toEqual(['net.outbound']);
  });

  it('JavaScript: syntax any supported Node runs parses on every Node; what cannot be parsed is reported, not thrown', () => {
    // ES2025 regular expression modifiers: Node 20 and 22's RegExp rejects them, so the parser must not ask it.
    expect(scanJavaScript('const r = /(?i:a)b/;\nfetch("x");').uses.map((u) => u.token)).toEqual(['net.outbound']);
    expect(scanJavaScript('<!-- old comment\nif (!process.env.X) return;\nfetch("x");', 'index.cjs').uses.map((u) => u.token)).toEqual(['env.read', 'net.outbound']);
    const deep = `x = ${'['.repeat(100_000)}${']'.repeat(100_000)};`;
    expect(scanJavaScript(deep).unparsed).toMatchObject({line: 1, column: 1});
  });

  it('Python: imports on continued lines and os helpers imported by name', () => {
    expect(scanPython('import os, \\\n  socket\nfrom os import system as run\nrun("ls")\n').uses).toEqual([
      {token: 'net.outbound', line: 1, column: 1, evidence: 'imports socket'},
      {token: 'subprocess', line: 4, column: 1, evidence: 'calls os.system()'},
    ]);
  });

  it('Python: a statement after `;` or after a compound header on the same line, each at its own column', () => {
    const seen = (code: string) => scanPython(code).uses.map((u) => `${u.line}:${u.column} ${u.evidence}`);
    expect(seen('import sys; import socket\nif True: import requests\n')).toEqual(['1:13 imports socket']);
    expect(seen('if True: import subprocess\n')).toEqual(['1:10 imports subprocess']);
    expect(seen('for x in y: pass; from os import getenv\nwhile f(lambda: 1): getenv("K")\n')).toEqual(['2:21 calls os.getenv()']);
    // A lambda's colon inside the header does not end it; neither does a dict's, a slice's or an annotation's.
    expect(seen('if lambda: 0: import ssl\n')).toEqual(['1:15 imports ssl']);
    expect(seen('x: int = 1\nd = {1: 2}[1:]\n')).toEqual([]);
    // A use on a continued line is placed on that line.
    expect(seen('k = os.getenv(\n  "K") + os.\\\n  environ["J"]\n')).toEqual(['1:5 calls os.getenv()']);
    expect(seen('k = (\n  1, os.system("ls"))\n')).toEqual(['2:6 calls os.system()']);
  });

  it('Python: names imported from os, by list, in parentheses, aliased, or all of them by `*`', () => {
    const seen = (code: string) => scanPython(code).uses.map((u) => `${u.line}:${u.column} ${u.evidence}`);
    expect(seen('from os import *\nx.system("a")\nexec("b")\nexecvp("c", [])\n')).toEqual(['4:1 calls os.execvp()']);
    expect(seen('from os import (\n  path,\n  environ as env,\n)\nenv["K"]\n')).toEqual(['5:1 reads os.environ']);
    expect(seen('getenv("K")\nfrom os import getenv\n')).toEqual([]);
    expect(seen('from os import a[, ?, (b+\n')).toEqual([]);
  });
});

describe('the parser loads only when an entry is parsed', () => {
  it('a run over packs whose entries hold no code words does not load meriyah', async () => {
    const root = tempDir('openwop-scan-lazy-');
    pack(root, 'plain', {'index.mjs': 'export const nodes = {};'});
    pack(root, 'remote', {}, {language: 'remote', entry: 'https://example.com/mcp'});
    const script = `import {validatePackInputs} from ${JSON.stringify(join(ROOT, 'dist/src/pack/index.js'))};
import {createRequire} from 'node:module';
const before = await validatePackInputs(['.'], {cwd: process.cwd(), grant: []});
const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((k) => /[\\\\/]node_modules[\\\\/]meriyah[\\\\/]/.test(k));
console.log(before.summary.packs, loaded());`;
    const r = await runProgram(process.execPath, ['--input-type=module', '-e', script], {cwd: root});
    expect(r.stderr).not.toMatch(STACK_TRACE);
    expect(r.stdout.trim()).toBe('2 false');
  });

  it('the CLI refuses a Python pack doing `from os import *` under --grant-none and exits 1', async () => {
    const root = tempDir('openwop-scan-cli-py-');
    pack(root, 'star', {'main.py': 'from os import *\nsystem("ls")\n'}, py);
    const r = await runCli(['validate', 'pack', 'star', '--grant-none', '--format', 'json'], {cwd: root});
    expect(r.stderr).not.toMatch(STACK_TRACE);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).results[0].gate).toMatchObject({installs: false, undeclared: ['subprocess']});
  });

  it('the CLI: code it cannot scan whole is not installed even under --grant-all (exit 1); without a grant it is a warning (exit 0); never a crash', async () => {
    const root = tempDir('openwop-scan-unscanned-');
    pack(root, 'deep', {'index.mjs': `const fetch = 1; fetch;\nexport const x = 1${'+a'.repeat(20_000)};\n`});
    const granted = await runCli(['validate', 'pack', 'deep', '--grant-all', '--format', 'json'], {cwd: root});
    expect(granted.stderr).not.toMatch(STACK_TRACE);
    expect(granted.code).toBe(1);
    expect(JSON.parse(granted.stdout).results[0].gate).toMatchObject({installs: false, blockedBy: 'code-not-scanned', refusal: null});
    const stylish = await runCli(['validate', 'pack', 'deep', '--grant-all'], {cwd: root});
    expect(stylish.stdout).toContain('gate: not installed (host grants net.dns');
    const plain = await runCli(['validate', 'pack', 'deep', '--format', 'json'], {cwd: root});
    expect(plain.code).toBe(0);
    expect(JSON.parse(plain.stdout).results[0].findings.map((f: {ruleId: string}) => f.ruleId)).toEqual(['pack/entry-not-scanned']);
  });

  it('the CLI refuses a fetch() pack under --grant-none and exits 1', async () => {
    const root = tempDir('openwop-scan-cli-');
    pack(root, 'fetcher', {'index.mjs': 'export const get = (u) => fetch(u);'});
    const r = await runCli(['validate', 'pack', 'fetcher', '--grant-none', '--format', 'json'], {cwd: root});
    expect(r.stderr).not.toMatch(STACK_TRACE);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).results[0].gate).toMatchObject({installs: false, undeclared: ['net.outbound'], refusal: {unmet: ['net.outbound']}});
  });
});
