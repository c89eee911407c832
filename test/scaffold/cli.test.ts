import {existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {commandDocs, runCli, STACK_TRACE, tempDir} from '../helpers/cli.js';
import {readJson, type Json} from './support.js';

const KIND = 'vendor.example.plan.create';
const schemaFile = (out: string, kind = KIND) => join(out, `${kind}.schema.json`);
const validFile = (out: string, kind = KIND) => join(out, 'examples', `${kind}.valid.json`);
const invalidFile = (out: string, kind = KIND) => join(out, 'examples', `${kind}.invalid.json`);

/** Every file under `dir`, relative, sorted: "nothing written" means this does not change. */
function tree(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, {recursive: true, encoding: 'utf8'}).sort();
}

describe('openwop scaffold kind (CLI)', () => {
  it('the contract case: exits 0, writes the schema, which lint schema --profile strict passes; a second run without --force exits 2', async () => {
    const dir = tempDir('openwop-scaffold-cli-');
    const r = await runCli(['scaffold', 'kind', KIND, '--field', 'title:string', '--field', 'notes?:string', '--out', 'out'], {cwd: dir});
    expect(r.stderr).toBe('');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`created  out/${KIND}.schema.json`);
    expect(r.stdout).toContain('fails on purpose: the payload lacks the required property "title"');
    expect(tree(join(dir, 'out'))).toEqual(['examples', `examples/${KIND}.invalid.json`, `examples/${KIND}.valid.json`, `${KIND}.schema.json`]);

    const lint = await runCli(['lint', 'schema', schemaFile(join(dir, 'out')), '--profile', 'strict'], {cwd: dir});
    expect(lint.code, lint.stderr).toBe(0);

    const before = readFileSync(schemaFile(join(dir, 'out')), 'utf8');
    const again = await runCli(['scaffold', 'kind', KIND, '--field', 'x:string', '--out', 'out'], {cwd: dir});
    expect(again.code, again.stderr).toBe(2);
    expect(again.stderr).toContain(`out/${KIND}.schema.json`);
    expect(again.stderr).toMatch(/exist already: nothing was written\n\s+pass --force to overwrite/);
    expect(again.stderr).not.toMatch(STACK_TRACE);
    expect(readFileSync(schemaFile(join(dir, 'out')), 'utf8')).toBe(before);
  });

  it('enum(low,high) is two values, as enum(low|high) is, and --help says both separators work', async () => {
    const dir = tempDir('openwop-scaffold-cli-');
    const r = await runCli(['scaffold', 'kind', KIND, '--field', 'level:enum(low,high)', '--field', 'size:enum(s|m)', '--out', 'out'], {cwd: dir});
    expect(r.code, r.stderr).toBe(0);
    const props = readJson(schemaFile(join(dir, 'out'))).properties as Record<string, Json>;
    expect(props.level.enum).toEqual(['low', 'high']);
    expect(props.size.enum).toEqual(['s', 'm']);
    expect(commandDocs('scaffold-kind')).toContain('enum(a|b|c) (or enum(a,b,c))');
  });

  it('one existing target is enough to write nothing at all', async () => {
    const dir = tempDir('openwop-scaffold-cli-');
    mkdirSync(join(dir, 'out', 'examples'), {recursive: true});
    writeFileSync(invalidFile(join(dir, 'out')), 'mine');
    const r = await runCli(['scaffold', 'kind', KIND, '--field', 'title:string', '--out', 'out'], {cwd: dir});
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`out/examples/${KIND}.invalid.json exists already: nothing was written`);
    expect(tree(join(dir, 'out'))).toEqual(['examples', `examples/${KIND}.invalid.json`]);
    expect(readFileSync(invalidFile(join(dir, 'out')), 'utf8')).toBe('mine');
  });

  it('--force overwrites, and --json lists the files with their actions', async () => {
    const dir = tempDir('openwop-scaffold-cli-');
    await runCli(['scaffold', 'kind', KIND, '--field', 'title:string', '--out', 'out'], {cwd: dir});
    const r = await runCli(['scaffold', 'kind', KIND, '--field', 'summary:string:One line', '--out', 'out', '--force', '--json'], {cwd: dir});
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as Json;
    expect(report).toMatchObject({
      tool: 'openwop',
      command: 'scaffold kind',
      kind: KIND,
      dryRun: false,
      reasoning: true,
      targets: ['tier1'],
      outDir: 'out',
      invalidExample: {file: `out/examples/${KIND}.invalid.json`, reason: 'the payload lacks the required property "summary"'},
      placeholders: [],
      summary: {files: 3, written: 3, errors: 0, warnings: 0, placeholders: 0},
    });
    expect(typeof report.version).toBe('string');
    expect(report.results).toEqual([
      {file: `out/${KIND}.schema.json`, role: 'schema', action: 'overwritten', findings: []},
      {file: `out/examples/${KIND}.valid.json`, role: 'valid-example', action: 'overwritten', findings: []},
      {file: `out/examples/${KIND}.invalid.json`, role: 'invalid-example', action: 'overwritten', findings: []},
    ]);
    expect(Object.keys(readJson(schemaFile(join(dir, 'out'))).properties as Json)).toEqual(['reasoning', 'summary']);
  });

  it('--dry-run prints the files and writes nothing', async () => {
    const dir = tempDir('openwop-scaffold-cli-');
    const r = await runCli(['scaffold', 'kind', KIND, '--field', 'title:string', '--out', 'out', '--dry-run'], {cwd: dir});
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Dry run, nothing written/);
    expect(r.stdout).toContain(`would create  out/${KIND}.schema.json`);
    expect(r.stdout).toContain(`--- out/${KIND}.schema.json\n{\n  "$schema": "https://json-schema.org/draft/2020-12/schema"`);
    expect(r.stdout).toContain(`--- out/examples/${KIND}.valid.json\n{\n  "type": "${KIND}"`);
    expect(existsSync(join(dir, 'out'))).toBe(false);

    const j = await runCli(['scaffold', 'kind', KIND, '--field', 'title:string', '--out', 'out', '--dry-run', '--json'], {cwd: dir});
    const report = JSON.parse(j.stdout) as {dryRun: boolean; summary: Json; results: {action: string; content: string}[]};
    expect(report.dryRun).toBe(true);
    expect(report.summary.written).toBe(0);
    expect(report.results.map((x) => x.action)).toEqual(['would-create', 'would-create', 'would-create']);
    expect(JSON.parse(report.results[0].content).title).toBe(KIND);
    expect(existsSync(join(dir, 'out'))).toBe(false);
  });

  it('round trip through the CLI: validate envelope --schemas accepts the valid example and refuses the invalid one; lint is clean for tier1, openai and anthropic', async () => {
    const dir = tempDir('openwop-scaffold-cli-');
    const fields = ['priority:enum(low|high):How urgent', 'owner.name:string', 'owner.email?:string', 'steps[].title:string', 'tags?:string[]', 'effort:integer'];
    const r = await runCli(['scaffold', 'kind', 'vendor.acme.prd.create', ...fields.flatMap((f) => ['--field', f]), '--out', 'kinds'], {cwd: dir});
    expect(r.code, r.stderr).toBe(0);
    // Paths before --schemas: that flag takes every value after it.
    const ok = await runCli(['validate', 'envelope', validFile('kinds', 'vendor.acme.prd.create'), '--schemas', 'kinds', '--json'], {cwd: dir});
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout).results.flatMap((x: {findings: unknown[]}) => x.findings)).toEqual([]);

    const bad = await runCli(['validate', 'envelope', invalidFile('kinds', 'vendor.acme.prd.create'), '--schemas', 'kinds', '--json'], {cwd: dir});
    expect(bad.code, bad.stderr).toBe(1);
    const findings = JSON.parse(bad.stdout).results.flatMap((x: {findings: unknown[]}) => x.findings) as {ruleId: string; message: string}[];
    expect(findings).toEqual([expect.objectContaining({ruleId: 'envelope/payload-invalid', message: expect.stringContaining('missing required property "priority"')})]);

    const lint = await runCli(['lint', 'schema', schemaFile('kinds', 'vendor.acme.prd.create'), '--profile', 'strict', '--target', 'tier1', '--target', 'openai', '--target', 'anthropic', '--json'], {
      cwd: dir,
    });
    expect(lint.code, lint.stderr).toBe(0);
    expect(JSON.parse(lint.stdout).results.flatMap((x: {findings: unknown[]}) => x.findings)).toEqual([]);
  });

  it('--target gemini adds propertyOrdering to every object, reasoning first', async () => {
    const dir = tempDir('openwop-scaffold-cli-');
    const r = await runCli(['scaffold', 'kind', KIND, '--field', 'title:string', '--field', 'owner.name:string', '--target', 'gemini', '--target', 'tier1', '--out', 'out'], {cwd: dir});
    expect(r.code, r.stderr).toBe(0);
    const schema = readJson(schemaFile(join(dir, 'out')));
    expect(schema.propertyOrdering).toEqual(['reasoning', 'title', 'owner']);
    expect(((schema.properties as Json).owner as Json).propertyOrdering).toEqual(['name']);
    // responseJsonSchema takes the type lists and additionalProperties the strict emulation writes.
    expect(r.stdout).not.toContain('gemini/');
  });

  it('--target gemini with openai: no propertyOrdering (OpenAI refuses it), and the schema lints clean for both, without even a note', async () => {
    const dir = tempDir('openwop-scaffold-cli-');
    const r = await runCli(['scaffold', 'kind', KIND, '--field', 'title:string', '--field', 'owner.name:string', '--target', 'gemini', '--target', 'openai', '--out', 'out'], {cwd: dir});
    expect(r.code, r.stderr).toBe(0);
    const schema = readJson(schemaFile(join(dir, 'out')));
    expect(schema).not.toHaveProperty('propertyOrdering');
    const lint = await runCli(['lint', 'schema', schemaFile(join(dir, 'out')), '--target', 'openai,gemini', '--format', 'json'], {cwd: dir});
    expect(JSON.parse(lint.stdout).results[0].findings).toEqual([]);
    expect(r.stdout).toContain('strict lint for gemini, openai: clean');
  });

  it('--no-reasoning leaves reasoning out and declares it in a root $comment, so lint schema gives no reasoning/missing for any profile or target', async () => {
    const dir = tempDir('openwop-scaffold-cli-');
    const args = ['scaffold', 'kind', 'vendor.acme.build.progress', '--no-reasoning', '--field', 'percent:number', '--field', 'stage:string', '--field', 'eta?:integer', '--out', 'out'];
    const r = await runCli(args, {cwd: dir});
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('no reasoning field; strict lint for tier1: clean');
    const schema = readJson(schemaFile(join(dir, 'out'), 'vendor.acme.build.progress'));
    expect(Object.keys(schema.properties as Json)).toEqual(['percent', 'stage', 'eta']);
    expect(schema.$comment).toContain('openwop:no-reasoning');

    // Without the declaration the same schema is what the rule is for: the check above is not vacuous.
    const bare = join(dir, 'bare', 'vendor.acme.build.progress.schema.json');
    mkdirSync(join(dir, 'bare'));
    writeFileSync(bare, JSON.stringify({...schema, $comment: undefined}));
    const flagged = await runCli(['lint', 'schema', bare, '--format', 'json'], {cwd: dir});
    expect(JSON.parse(flagged.stdout).results[0].findings.map((f: {ruleId: string}) => f.ruleId)).toContain('reasoning/missing');

    for (const profile of [[], ['--profile', 'strict'], ['--profile', 'load-bearing']]) {
      for (const target of ['tier1', 'openai', 'anthropic', 'gemini', 'gemini-legacy']) {
        const lint = await runCli(['lint', 'schema', schemaFile('out', 'vendor.acme.build.progress'), ...profile, '--target', target, '--format', 'json'], {cwd: dir});
        const ids = JSON.parse(lint.stdout).results[0].findings.map((f: {ruleId: string}) => f.ruleId);
        expect(ids, `${profile.join(' ')} --target ${target}`).not.toContain('reasoning/missing');
        // gemini-legacy is not a scaffold target (export schema rewrites for it); every other target is clean.
        if (target !== 'gemini-legacy') expect(ids, `${profile.join(' ')} --target ${target}`).toEqual(target === 'gemini' ? ['gemini/property-ordering'] : []);
      }
    }
  });

  it('config scaffold.out, scaffold.examplesOut (relative to the config file) and scaffold.idBase are the defaults', async () => {
    const dir = tempDir('openwop-scaffold-cli-');
    writeFileSync(join(dir, 'openwop.config.json'), JSON.stringify({scaffold: {out: 'contracts/kinds', examplesOut: 'test/fixtures', idBase: 'https://schemas.acme.example/kinds'}}));
    mkdirSync(join(dir, 'sub'));
    const r = await runCli(['scaffold', 'kind', KIND, '--field', 'title:string'], {cwd: join(dir, 'sub')});
    expect(r.code, r.stderr).toBe(0);
    expect(readJson(schemaFile(join(dir, 'contracts', 'kinds'))).$id).toBe(`https://schemas.acme.example/kinds/${KIND}.schema.json`);
    expect(tree(join(dir, 'test', 'fixtures'))).toEqual([`${KIND}.invalid.json`, `${KIND}.valid.json`]);
    expect(tree(join(dir, 'sub'))).toEqual([]);

    // The flags win over the config: --out alone puts the examples under it, --examples-out anywhere.
    const flag = await runCli(['scaffold', 'kind', KIND, '--field', 'title:string', '--out', 'here', '--id-base', 'https://x.example/s/'], {cwd: dir});
    expect(flag.code, flag.stderr).toBe(0);
    expect(readJson(schemaFile(join(dir, 'here'))).$id).toBe(`https://x.example/s/${KIND}.schema.json`);
    expect(tree(join(dir, 'here'))).toEqual(['examples', `examples/${KIND}.invalid.json`, `examples/${KIND}.valid.json`, `${KIND}.schema.json`]);
    const both = await runCli(['scaffold', 'kind', KIND, '--field', 'title:string', '--out', 'there', '--examples-out', 'there-examples'], {cwd: dir});
    expect(both.code, both.stderr).toBe(0);
    expect(tree(join(dir, 'there'))).toEqual([`${KIND}.schema.json`]);
    expect(tree(join(dir, 'there-examples'))).toEqual([`${KIND}.invalid.json`, `${KIND}.valid.json`]);
  });

  it('the default layout: the schema in schemas/envelopes, the examples in examples/envelopes, the $id base the reserved .invalid domain', async () => {
    const dir = tempDir('openwop-scaffold-cli-');
    const r = await runCli(['scaffold', 'kind', KIND, '--field', 'title:string', '--json'], {cwd: dir});
    expect(r.code, r.stderr).toBe(0);
    expect(readJson(schemaFile(join(dir, 'schemas', 'envelopes'))).$id).toBe(`https://schemas.example.invalid/envelopes/${KIND}.schema.json`);
    expect(tree(join(dir, 'schemas'))).toEqual(['envelopes', `envelopes/${KIND}.schema.json`]);
    expect(tree(join(dir, 'examples'))).toEqual(['envelopes', `envelopes/${KIND}.invalid.json`, `envelopes/${KIND}.valid.json`]);
    expect(JSON.parse(r.stdout)).toMatchObject({outDir: 'schemas/envelopes', examplesDir: 'examples/envelopes', invalidExample: {file: `examples/envelopes/${KIND}.invalid.json`}});
    // The next step the text output suggests works as printed, from the same folder.
    const text = await runCli(['scaffold', 'kind', 'vendor.example.other.create', '--field', 'title:string'], {cwd: dir});
    const next =
      text.stdout
        .split('\n')
        .find((l) => l.includes('validate envelope'))
        ?.trim()
        .split(' ')
        .slice(1) ?? [];
    expect(next).toEqual(['validate', 'envelope', 'examples/envelopes/vendor.example.other.create.valid.json', '--schemas', 'schemas/envelopes']);
    expect((await runCli(next, {cwd: dir})).code).toBe(0);
  });

  it('an example already in the examples folder stops the whole scaffold', async () => {
    const dir = tempDir('openwop-scaffold-cli-');
    mkdirSync(join(dir, 'examples', 'envelopes'), {recursive: true});
    writeFileSync(join(dir, 'examples', 'envelopes', `${KIND}.valid.json`), 'mine');
    const r = await runCli(['scaffold', 'kind', KIND, '--field', 'title:string'], {cwd: dir});
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`examples/envelopes/${KIND}.valid.json exists already: nothing was written`);
    expect(existsSync(join(dir, 'schemas'))).toBe(false);
  });

  it('without a terminal and without --field: exit 2 with the flag form', async () => {
    const dir = tempDir('openwop-scaffold-cli-');
    const r = await runCli(['scaffold', 'kind', KIND], {cwd: dir});
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('no --field given, and no terminal to ask on');
    expect(r.stderr).toContain(`openwop scaffold kind ${KIND} --field 'title:string:Plan title' --field 'notes?:string'`);
    expect(r.stderr).not.toMatch(STACK_TRACE);
    expect(tree(dir)).toEqual([]);
  });

  it('help has examples and the flags; its docs page the grammar, the field syntax and exit codes', async () => {
    const r = await runCli(['scaffold', 'kind', '--help']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('EXAMPLES');
    expect(r.stdout).toMatch(/--examples-out=DIR +Folder for the example envelopes/);
    const help = commandDocs('scaffold-kind');
    expect(help).toContain('^vendor\\.[a-z][a-z0-9-]*(\\.[a-z][a-zA-Z0-9_-]*)+$');
    expect(help).toContain('upstream publishes no grammar for kinds; this is our choice');
    expect(help).toContain('--field \'owner.name:string\' puts "name" inside the object "owner"');
    expect(help).toContain('Ctrl-C, or "no" at the final question, writes nothing and exits 130');
    expect(help).toMatch(/## Exit codes ```text 0 files written .*? 2 refused or usage error.*? 130 cancelled at a prompt/);
    expect(help).toContain('https://schemas.example.invalid/envelopes/');
    expect(help).toContain('schemas in schemas/envelopes/, example envelopes in examples/envelopes/');
    expect(help).toMatch(/`--examples-out=DIR` \| Folder for the two example envelopes/);
  });
});

describe('openwop scaffold kind: bad input is refused with exit 2, one clear line, nothing written', () => {
  const cases: [string, string[], RegExp][] = [
    ['an empty kind', ['', '--field', 'a:string'], /the kind name is empty/],
    ['an uppercase kind', ['Vendor.acme.plan', '--field', 'a:string'], /must start with "vendor\." \(lowercase\)/],
    ['an uppercase host', ['vendor.ACME.plan', '--field', 'a:string'], /host segment "ACME"/],
    ['a kind with a space', ['vendor.acme.plan create', '--field', 'a:string'], /segment "plan create"/],
    ['a path for a kind', ['../x', '--field', 'a:string'], /"\.\.\/x" is a path, not a kind name/],
    ['a path hidden in a kind', ['vendor.acme/../../x', '--field', 'a:string'], /is a path, not a kind name/],
    ['a universal kind', ['clarification.request', '--field', 'a:string'], /universal kind \(RFC 0021\)/],
    ['a media kind', ['media.image', '--field', 'a:string'], /media\.\* family reserved/],
    ['a ui kind', ['ui.card', '--field', 'a:string'], /ui\.\* family reserved/],
    ['a legacy kind', ['prd.create', '--field', 'a:string'], /legacy un-namespaced kind.*vendor\.<host>\.prd\.create/],
    ['a missing kind', ['--field', 'a:string'], /the kind name is missing/],
    ['a duplicate field', [KIND, '--field', 'title:string', '--field', 'title?:integer'], /the field "title" is given twice/],
    ['an unknown type', [KIND, '--field', 'title:text'], /unknown type "text": use string, number, integer, boolean, enum/],
    ['a field without a type', [KIND, '--field', 'title'], /no type: write name:type/],
    ['a bad enum', [KIND, '--field', 'p:enum(a||b)'], /has an empty value/],
    ['an object without properties', [KIND, '--field', 'owner:object'], /"owner" has no properties/],
    ['a field called reasoning', [KIND, '--field', 'reasoning:string'], /added by the scaffold itself/],
    ['nesting deeper than Tier-1 allows', [KIND, '--field', 'a.b.c.d.e.f:string'], /tier1\/max-depth at \/properties\/a\/properties\/b\/properties\/c\/properties\/d\/properties\/e\/properties\/f/],
    ['an --id-base that is not a URL', [KIND, '--field', 'a:string', '--id-base', 'not a url'], /--id-base "not a url" is not an absolute URL/],
    ['an --id-base with a fragment', [KIND, '--field', 'a:string', '--id-base', 'https://x.example/a#b'], /must not have a query or a fragment/],
    ['an unknown --target', [KIND, '--field', 'a:string', '--target', 'mistral'], /Expected --target=mistral to be one of/],
  ];
  // Independent processes in separate folders: run a few at once.
  for (const [name, args, message] of cases) {
    it.concurrent(name, async ({expect}) => {
      const dir = tempDir('openwop-scaffold-bad-');
      const r = await runCli(['scaffold', 'kind', ...args, '--out', 'out'], {cwd: dir});
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(STACK_TRACE);
      expect(r.stderr).not.toContain('internal error');
      expect(tree(dir)).toEqual([]);
    });
  }

  it('more nullable properties than Anthropic allows: refused only when anthropic is a target', async () => {
    const dir = tempDir('openwop-scaffold-bad-');
    const fields = Array.from({length: 16}, (_, i) => ['--field', `f${i}?:string`]).flat();
    const r = await runCli(['scaffold', 'kind', KIND, ...fields, '--target', 'anthropic', '--out', 'out'], {cwd: dir});
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/anthropic\/union-params at \/: the schema has 17 union-typed properties; Anthropic allows at most 16.*nothing was written/);
    expect(tree(dir)).toEqual([]);
    const tier1 = await runCli(['scaffold', 'kind', KIND, ...fields, '--out', 'out'], {cwd: dir});
    expect(tier1.code, tier1.stderr).toBe(0);
  });

  it('a config scaffold.idBase that is not an http(s) URL names the config', async () => {
    const dir = tempDir('openwop-scaffold-bad-');
    writeFileSync(join(dir, 'openwop.config.json'), JSON.stringify({scaffold: {idBase: 'ftp://schemas.acme.example/'}}));
    const r = await runCli(['scaffold', 'kind', KIND, '--field', 'a:string', '--out', 'out'], {cwd: dir});
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('config scaffold.idBase "ftp://schemas.acme.example/" must be an http(s) URL');
    expect(tree(dir)).toEqual(['openwop.config.json']);
  });

  it('an output path that is a file', async () => {
    const dir = tempDir('openwop-scaffold-bad-');
    writeFileSync(join(dir, 'out'), 'a file');
    const r = await runCli(['scaffold', 'kind', KIND, '--field', 'a:string', '--out', 'out'], {cwd: dir});
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('"out" is a file, not a folder: choose another --out');
    expect(tree(dir)).toEqual(['out']);
    expect(readFileSync(join(dir, 'out'), 'utf8')).toBe('a file');
  });

  it('a file where a folder must be (out/examples)', async () => {
    const dir = tempDir('openwop-scaffold-bad-');
    mkdirSync(join(dir, 'out'));
    writeFileSync(join(dir, 'out', 'examples'), 'a file');
    const r = await runCli(['scaffold', 'kind', KIND, '--field', 'a:string', '--out', 'out'], {cwd: dir});
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('"out/examples" is a file, not a folder');
    expect(tree(dir)).toEqual(['out', 'out/examples']);
  });

  it('a folder where a target file must be, even with --force', async () => {
    const dir = tempDir('openwop-scaffold-bad-');
    mkdirSync(join(dir, 'out', `${KIND}.schema.json`), {recursive: true});
    const r = await runCli(['scaffold', 'kind', KIND, '--field', 'a:string', '--out', 'out', '--force'], {cwd: dir});
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`cannot write "out/${KIND}.schema.json": a folder of that name is in the way`);
    expect(tree(dir)).toEqual(['out', `out/${KIND}.schema.json`]);
  });

  // We run as root, so chmod cannot make a folder read-only; /proc is a real place the kernel refuses to create
  // anything in, whoever asks (and where Node 20's mkdir -p would loop forever). Run from / so that /proc lies in the
  // project: outside it a missing folder is refused before any mkdir (see test/hostile/writes.test.ts).
  it('a folder the file system will not let us create (/proc/…)', async () => {
    const r = await runCli(['scaffold', 'kind', KIND, '--field', 'a:string', '--out', '/proc/openwop-scaffold-test'], {cwd: '/'});
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/cannot create the folder "\/?proc\/openwop-scaffold-test": .*\(ENOENT\); nothing was written/);
    expect(existsSync('/proc/openwop-scaffold-test')).toBe(false);
  });

  it('an existing folder the file system will not let us write in (/proc)', async () => {
    const r = await runCli(['scaffold', 'kind', KIND, '--field', 'a:string', '--out', '/proc', '--examples-out', '/proc']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^openwop: cannot (create the folder|write) "\/proc\/.*nothing was written/);
    expect(r.stderr).not.toMatch(STACK_TRACE);
    expect(existsSync(`/proc/${KIND}.schema.json`)).toBe(false);
  });
});
