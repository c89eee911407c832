import {existsSync, mkdirSync, readdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {tempDir} from '../helpers/cli.js';
import {BACKSPACE, CTRL_C, DOWN, drive, ENTER} from './pty.js';
import {compilePayload, readJson, type Json} from './support.js';

const KIND = 'vendor.acme.plan.create';
const FIELD = (n: number) => `Field ${n} name`;

describe('interactive scaffold kind, driven through a real pseudo-terminal', () => {
  it('asks for the kind, reasoning and each field, checks answers as they are typed, writes the files and prints the command line', async () => {
    const cwd = tempDir('openwop-scaffold-pty-');
    const r = await drive(
      ['scaffold', 'kind', '--out', 'out'],
      [
        // A universal kind is refused at the prompt; erase it and type a vendor kind.
        {expect: 'Kind name', send: `error${ENTER}`},
        {expect: 'universal kind (RFC 0021)', send: `${BACKSPACE.repeat(5)}${KIND}${ENTER}`},
        {expect: 'What does this kind carry?', send: `A plan for the week${ENTER}`},
        {expect: 'reasoning first?', send: ENTER},
        {expect: FIELD(1), send: `title${ENTER}`},
        {expect: 'Type of title', send: ENTER},
        {expect: 'Is title optional?', send: ENTER},
        {expect: 'Describe title', send: `The plan title${ENTER}`},
        // A repeated name is refused before its type is asked.
        {expect: FIELD(2), send: `title${ENTER}`},
        {expect: 'the field "title" is given twice', send: `${BACKSPACE.repeat(5)}level${ENTER}`},
        {expect: 'Type of level', send: `${DOWN.repeat(4)}${ENTER}`},
        {expect: 'Allowed values of level', send: `low|high${ENTER}`},
        {expect: 'Is level optional?', send: `y${ENTER}`},
        {expect: 'Describe level', send: ENTER},
        // An object with no properties cannot end the loop.
        {expect: FIELD(3), send: `owner${ENTER}`},
        {expect: 'Type of owner', send: `${DOWN.repeat(5)}${ENTER}`},
        {expect: 'Is owner optional?', send: ENTER},
        {expect: 'Describe owner', send: `Who owns it${ENTER}`},
        {expect: 'now add the properties of owner: owner.<name>'},
        {expect: FIELD(4), send: ENTER},
        {expect: 'the object field "owner" has no properties'},
        {expect: FIELD(4), send: `owner.name${ENTER}`},
        {expect: 'Type of owner.name', send: ENTER},
        {expect: 'Is owner.name optional?', send: ENTER},
        {expect: 'Describe owner.name', send: `Full name${ENTER}`},
        {expect: FIELD(5), send: ENTER},
        {expect: `Write the files for ${KIND}?`, send: ENTER},
        {expect: 'Scaffolded'},
      ],
      {cwd},
    );
    expect(r.failed, r.transcript).toBeNull();
    expect(r.code, r.transcript).toBe(0);
    expect(r.transcript).toContain(
      `openwop scaffold kind ${KIND} --field 'title:string:The plan title' --field 'level?:enum(low|high)' --field 'owner:object:Who owns it' --field 'owner.name:string:Full name' --description 'A plan for the week' --out out`,
    );

    const schema = readJson(join(cwd, 'out', `${KIND}.schema.json`));
    expect(schema.description).toBe('A plan for the week');
    const props = schema.properties as Record<string, Json>;
    expect(Object.keys(props)).toEqual(['reasoning', 'title', 'level', 'owner']);
    expect(props.title).toEqual({type: 'string', description: 'The plan title'});
    expect(props.level).toMatchObject({type: ['string', 'null'], enum: ['low', 'high', null]});
    expect(props.owner).toMatchObject({type: 'object', description: 'Who owns it', required: ['name'], additionalProperties: false});
    const valid = readJson(join(cwd, 'out', 'examples', `${KIND}.valid.json`));
    expect(compilePayload(schema)(valid.payload)).toBe(true);
  });

  it('--no-reasoning skips that question and leaves reasoning out', async () => {
    const cwd = tempDir('openwop-scaffold-pty-');
    const r = await drive(
      ['scaffold', 'kind', 'vendor.acme.build.progress', '--no-reasoning', '--description', 'Build progress', '--out', 'out'],
      [
        {expect: FIELD(1), send: `percent${ENTER}`},
        {expect: 'Type of percent', send: `${DOWN}${ENTER}`},
        {expect: 'Is percent optional?', send: ENTER},
        {expect: 'Describe percent', send: ENTER},
        {expect: FIELD(2), send: ENTER},
        {expect: 'Write the files', send: ENTER},
        {expect: 'Scaffolded'},
      ],
      {cwd},
    );
    expect(r.code, r.transcript).toBe(0);
    expect(r.transcript).not.toContain('reasoning first?');
    expect(r.transcript).not.toContain('What does this kind carry?');
    const props = readJson(join(cwd, 'out', 'vendor.acme.build.progress.schema.json')).properties as Json;
    expect(props).toEqual({percent: {type: 'number', description: 'TODO: tell the model what to put in percent.'}});
  });

  it('Ctrl-C at a prompt writes nothing and exits 130', async () => {
    const cwd = tempDir('openwop-scaffold-pty-');
    const r = await drive(
      ['scaffold', 'kind', KIND, '--out', 'out'],
      [
        {expect: 'What does this kind carry?', send: ENTER},
        {expect: 'reasoning first?', send: ENTER},
        {expect: FIELD(1), send: `title${ENTER}`},
        {expect: 'Type of title', send: ENTER},
        {expect: 'Is title optional?', send: ENTER},
        {expect: 'Describe title', send: ENTER},
        {expect: FIELD(2), send: CTRL_C},
        {expect: 'cancelled; nothing was written'},
      ],
      {cwd},
    );
    expect(r.failed, r.transcript).toBeNull();
    expect(r.code).toBe(130);
    expect(r.transcript).not.toMatch(/\n\s+at .+:\d+:\d+/);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('"no" at the final question writes nothing and exits 130', async () => {
    const cwd = tempDir('openwop-scaffold-pty-');
    const r = await drive(
      ['scaffold', 'kind', KIND, '--out', 'out'],
      [
        {expect: 'What does this kind carry?', send: ENTER},
        {expect: 'reasoning first?', send: ENTER},
        {expect: FIELD(1), send: `title${ENTER}`},
        {expect: 'Type of title', send: ENTER},
        {expect: 'Is title optional?', send: ENTER},
        {expect: 'Describe title', send: ENTER},
        {expect: FIELD(2), send: ENTER},
        {expect: 'Write the files', send: `n${ENTER}`},
        {expect: 'cancelled; nothing was written'},
      ],
      {cwd},
    );
    expect(r.code, r.transcript).toBe(130);
    expect(existsSync(join(cwd, 'out'))).toBe(false);
  });

  it('existing files are refused right after the kind is known, before any field is asked', async () => {
    const cwd = tempDir('openwop-scaffold-pty-');
    mkdirSync(join(cwd, 'out'));
    writeFileSync(join(cwd, 'out', `${KIND}.schema.json`), '{}');
    const r = await drive(['scaffold', 'kind', '--out', 'out'], [{expect: 'Kind name', send: `${KIND}${ENTER}`}, {expect: 'exists already'}], {cwd});
    expect(r.code, r.transcript).toBe(2);
    expect(r.transcript).toContain(`out/${KIND}.schema.json exists already: nothing was written`);
    expect(r.transcript).not.toContain(FIELD(1));
    expect(readdirSync(join(cwd, 'out'))).toEqual([`${KIND}.schema.json`]);
  });

  it('a bad --id-base is refused right after the kind is known, too', async () => {
    const cwd = tempDir('openwop-scaffold-pty-');
    const r = await drive(['scaffold', 'kind', '--id-base', 'schemas/here', '--out', 'out'], [{expect: 'Kind name', send: `${KIND}${ENTER}`}, {expect: 'not an absolute URL'}], {cwd});
    expect(r.code, r.transcript).toBe(2);
    expect(r.transcript).not.toContain(FIELD(1));
    expect(readdirSync(cwd)).toEqual([]);
  });
});
