import {mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {format as github} from '../../src/report/formatters/github.js';
import {format as json} from '../../src/report/formatters/json.js';
import {format as junit} from '../../src/report/formatters/junit.js';
import {format as sarif} from '../../src/report/formatters/sarif.js';
import {format as stylish} from '../../src/report/formatters/stylish.js';
import {escapeControls, neutraliseLogCommands} from '../../src/report/printable.js';
import {buildReport} from '../../src/report/report.js';
import {runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';
import {acmeDocument, json as served, startHost, type TestHost} from '../probe/helpers/host.js';
import {finding, sampleContext} from '../report/sample.js';
import {parseXml} from '../report/xml-check.js';

// Control characters from any input — file names, keys, values, host documents, recordings — reach a person's terminal
// (or a CI log) only as visible escapes.

/** One of each: NUL, BEL, BS, ESC (an OSC title and a CSI clear), VT, FF, CR, DEL, C1 (NEL, CSI), bidi, separators. */
const HOSTILE = '\u0000\u0007\u0008\u001b]0;pwned\u0007\u001b[2J\u000b\u000c\r\u007f\u0085\u009b31m\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2028\u2029';
/** What must never reach a terminal raw (tab and line feed are layout, and every format controls its own). */
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

describe('escaping', () => {
  it('shows every control, bidi and separator character as a visible \\u escape, and nothing else', () => {
    expect(escapeControls(HOSTILE)).toBe(
      '\\u0000\\u0007\\u0008\\u001b]0;pwned\\u0007\\u001b[2J\\u000b\\u000c\\u000d\\u007f\\u0085\\u009b31m\\u061c\\u200e\\u200f\\u202a\\u202b\\u202c\\u202d\\u202e\\u2066\\u2067\\u2068\\u2069\\u2028\\u2029',
    );
    expect(escapeControls('a\nb\tc')).toBe('a\\u000ab\tc');
    expect(escapeControls('a\r\nb', true)).toBe('a\r\nb');
    expect(escapeControls('plain é 中文 😀 « » — …')).toBe('plain é 中文 😀 « » — …');
  });

  it('keeps a line from issuing a GitHub workflow command', () => {
    expect(neutraliseLogCommands('::error file=x::pwned')).toBe('\\u003a:error file=x::pwned');
    expect(neutraliseLogCommands('   ::add-mask::x')).toBe('   \\u003a:add-mask::x');
    expect(neutraliseLogCommands('a ##[error]b')).toBe('a #\\u0023[error]b');
    expect(neutraliseLogCommands('  12:3  error  a::b  rule')).toBe('  12:3  error  a::b  rule');
  });
});

describe('every format, straight from the formatter', () => {
  const file = `::warning::${HOSTILE}f.json`;
  const report = buildReport('lint schema', '0.1.0', [{file, findings: [finding({file, ruleId: `rule${HOSTILE}`, message: `key "${HOSTILE}" then\nmore`, pointer: `/${HOSTILE}`})]}]);
  const ctx = sampleContext({cwd: '/'});

  it('stylish: no raw control character, one row per finding, no line that is a workflow command', () => {
    const out = stylish(report, ctx);
    expect(out).not.toMatch(RAW);
    expect(out).toContain('key "\\u0000\\u0007');
    const lines = out.split('\n');
    expect(lines).toHaveLength(5);
    for (const line of lines) expect(line.trimStart().startsWith('::')).toBe(false);
  });

  it('github: one command per finding, message escaped %/CR/LF, properties also : and ,', () => {
    const out = github(
      buildReport('lint schema', '0.1.0', [{file: 'a,b:c.json', findings: [finding({file: 'a,b:c.json', ruleId: 'x:y,z', message: '100% done\r\n::error::forged'})]}]),
      sampleContext({cwd: '/work/proj'}),
    );
    expect(out).toBe('::error file=a%2Cb%3Ac.json,line=3,col=7,title=x%3Ay%2Cz::100%25 done%0D%0A::error::forged\n');
    const hostile = github(report, ctx);
    expect(hostile).not.toMatch(RAW);
    expect(hostile.trimEnd().split('\n')).toHaveLength(1);
    expect(hostile).toMatch(/^::error file=%3A%3Awarning%3A%3A\\u0000\\u0007.*f\.json,line=3,col=7,title=rule\\u0000/);
  });

  it('junit: well-formed XML 1.0 with the controls shown escaped', () => {
    const out = junit(report, ctx);
    expect(out).not.toMatch(RAW);
    const failure = parseXml(out).children[0].children[0].children[0];
    expect(failure.attrs.message).toBe(`key "${escapeControls(HOSTILE, true)}" then\nmore`);
  });

  it('json and sarif: the same text, JSON-escaped, including what JSON.stringify would leave raw', () => {
    for (const out of [json(report, ctx), sarif(report, ctx)]) {
      expect(out).not.toMatch(RAW);
      expect(out).toContain('\\u202e');
    }
    expect((JSON.parse(json(report, ctx)) as typeof report).results[0].findings[0].message).toBe(`key "${HOSTILE}" then\nmore`);
  });
});

/**
 * Runs a command in the three human-readable formats: nothing raw reaches stdout or stderr, and the escape shows
 * (in `shows`: github and junit print findings only, and some inputs surface only in stylish's extra lines).
 */
async function humanFormats(args: string[], options: {cwd?: string; shows?: string[]} = {}): Promise<void> {
  for (const format of ['stylish', 'github', 'junit']) {
    const r = await runCli([...args, '--format', format], {cwd: options.cwd});
    expect(r.stderr, format).not.toMatch(STACK_TRACE);
    expect(r.code, `${format}: ${r.stderr}`).not.toBe(2);
    expect(r.stdout + r.stderr, format).not.toMatch(RAW);
    if ((options.shows ?? [format]).includes(format)) expect(r.stdout, format).toContain('\\u001b');
    if (format === 'stylish') for (const line of r.stdout.split('\n')) expect(line.trimStart().startsWith('::'), line).toBe(false);
    if (format === 'junit') parseXml(r.stdout);
  }
}

describe('every command, every human-readable format', () => {
  it('lint schema: a file name and a key', async () => {
    const dir = tempDir();
    const name = `::warning::\u001b[2J\u202e${'\u009b'}x.json`;
    writeFileSync(join(dir, name), JSON.stringify({type: 'object', properties: {[`k${HOSTILE}`]: {type: 'string'}}, required: [], additionalProperties: false}));
    await humanFormats(['lint', 'schema', name], {cwd: dir});
  });

  it('validate envelope: a kind name and a payload key', async () => {
    const dir = tempDir();
    const envelope = {
      type: `vendor.acme.${HOSTILE}`,
      schemaVersion: 1,
      envelopeId: 'e1',
      correlationId: 'r:n:0:k',
      payload: {[`k${HOSTILE}`]: 1},
      meta: {source: 'ai-generation', ts: '2026-05-18T10:00:00Z'},
    };
    writeFileSync(join(dir, 'e.json'), JSON.stringify(envelope));
    await humanFormats(['validate', 'envelope', 'e.json'], {cwd: dir});
  });

  it('validate pack: the manifest (name, requirements)', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'p'));
    writeFileSync(
      join(dir, 'p', 'pack.json'),
      JSON.stringify({
        name: `vendor.acme.${HOSTILE}`,
        version: '1.0.0',
        description: HOSTILE,
        author: 'a',
        license: 'MIT',
        engines: {openwop: '>=1.1'},
        runtime: {language: 'javascript', entry: 'index.mjs', requires: [`net.${HOSTILE}`]},
        nodes: [],
      }),
    );
    writeFileSync(join(dir, 'p', 'index.mjs'), '');
    await humanFormats(['validate', 'pack', 'p'], {cwd: dir});
  });

  describe('probe host: the served document', () => {
    let host: TestHost;
    beforeAll(async () => {
      const doc = acmeDocument();
      host = await startHost({'/.well-known/openwop': served({...doc, supportedEnvelopes: [...(doc.supportedEnvelopes as string[]), `vendor.${HOSTILE}`], [`x${HOSTILE}`]: HOSTILE})});
    });
    afterAll(() => host.close());
    it('stylish, github, junit', () => humanFormats(['probe', 'host', host.url()]));
  });

  it('simulate retry: a node id and a stop reason from the recording', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'r.json'), JSON.stringify({nodeId: `n${HOSTILE}`, program: [{stopReason: `weird${HOSTILE}`, content: '{}'}, {content: '{}'}]}));
    await humanFormats(['simulate', 'retry', 'r.json'], {cwd: dir, shows: ['stylish']});
  });

  it('scaffold kind: a description, in the --dry-run text and in --json', async () => {
    for (const extra of [[], ['--json']]) {
      const r = await runCli(
        ['scaffold', 'kind', 'vendor.acme.plan.create', '--field', `title:string:${HOSTILE.replace('\u0000', '')}`, '--description', `d${HOSTILE.replace('\u0000', '')}`, '--dry-run', ...extra],
        {cwd: tempDir()},
      );
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout + r.stderr).not.toMatch(RAW);
      expect(r.stdout).toContain('\\u202e');
    }
  });

  it('error messages: a missing file, a bad flag value, an unknown command', async () => {
    const runs = await Promise.all([
      runCli(['lint', 'schema', `missing${HOSTILE.replace('\u0000', '')}.json`], {cwd: tempDir()}),
      runCli(['lint', 'schema', '--format', `x${HOSTILE.replace('\u0000', '')}##[error]forged`]),
      runCli([`lint${HOSTILE.replace('\u0000', '')}`]),
    ]);
    for (const r of runs) {
      expect(r.code).not.toBe(0);
      expect(r.stderr).not.toMatch(STACK_TRACE);
      expect(r.stdout + r.stderr).not.toMatch(RAW);
      expect(r.stdout + r.stderr).toContain('\\u001b');
      expect(r.stdout + r.stderr).not.toContain('##[');
    }
  });
});
