import {describe, expect, it} from 'vitest';
import {enumValuesProblem, fieldPathProblem, fieldSpecText, parseFieldSpec} from '../../src/scaffold/field-spec.js';
import {UserError} from '../../src/core/user-error.js';

const seg = (name: string, list = false) => ({name, list});

describe('--field name[?]:type[:description]', () => {
  it.each([
    ['title:string', {base: 'string', list: false}],
    ['n:number', {base: 'number', list: false}],
    ['n:integer', {base: 'integer', list: false}],
    ['b:boolean', {base: 'boolean', list: false}],
    ['o:object', {base: 'object', list: false}],
    ['tags:string[]', {base: 'string', list: true}],
    ['xs:object[]', {base: 'object', list: true}],
    ['level:enum(low|medium|high)', {base: 'enum', values: ['low', 'medium', 'high'], list: false}],
    ['levels:enum( a | b )[]', {base: 'enum', values: ['a', 'b'], list: true}],
    // A comma separates as well: enum(low,high) is two values, never the one value "low,high".
    ['level:enum(low,high)', {base: 'enum', values: ['low', 'high'], list: false}],
    ['level:enum(low, medium|high)', {base: 'enum', values: ['low', 'medium', 'high'], list: false}],
  ])('parses the type of %s', (text, type) => {
    expect(parseFieldSpec(text).type).toEqual(type);
  });

  it('marks name? optional and keeps everything after the second colon as the description', () => {
    expect(parseFieldSpec('notes?:string:Free text: anything the model adds')).toEqual({
      source: 'notes?:string:Free text: anything the model adds',
      path: [seg('notes')],
      type: {base: 'string', list: false},
      optional: true,
      description: 'Free text: anything the model adds',
    });
    expect(parseFieldSpec('title:string').optional).toBe(false);
    expect(parseFieldSpec('title:string:').description).toBeUndefined();
  });

  it('an enum type may be followed by a description with colons and parentheses', () => {
    const spec = parseFieldSpec('p:enum(a|b):Pick one (a: fast, b: safe)');
    expect(spec.type.values).toEqual(['a', 'b']);
    expect(spec.description).toBe('Pick one (a: fast, b: safe)');
  });

  it('dotted paths nest; [] addresses the items of an object list', () => {
    expect(parseFieldSpec('owner.name:string').path).toEqual([seg('owner'), seg('name')]);
    expect(parseFieldSpec('steps[].title?:string').path).toEqual([seg('steps', true), seg('title')]);
  });

  it.each([
    ['title', /no type: write name:type/],
    ['title:', /the type is missing/],
    [':string', /field name is empty/],
    ['title:text', /unknown type "text": use string, number, integer, boolean, enum\(a\|b\|c\) \(or enum\(a,b,c\)\), object/],
    ['title:String', /unknown type "String" \(types are lowercase: string\)/],
    ['title:array', /unknown type "array"/],
    ['p:enum(a|b', /write an enum as enum\(a\|b\|c\)/],
    ['p:enum', /write an enum as enum/],
    ['p:enum(a||b)', /has an empty value/],
    ['p:enum()', /has an empty value/],
    ['p:enum(a|b|a)', /lists "a" twice/],
    ['p:enum(a,,b)', /has an empty value: separate values with "\|" or ","/],
    ['p:enum(a,b|a)', /lists "a" twice/],
    ['owner?.name:string', /"\?" goes only at the end of the whole path/],
    ['tags[]:string', /give the type a \[\] instead/],
    ['a..b:string', /empty name in the path/],
    ['1st:string', /"1st" is not a field name/],
    ['my field:string', /"my field" is not a field name/],
    ['__proto__:string', /"__proto__" cannot be a property name/],
    [`${'x'.repeat(65)}:string`, /longer than 64 characters/],
  ])('refuses %j with a clear message', (text, reason) => {
    let error: unknown;
    try {
      parseFieldSpec(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).message).toMatch(reason);
    expect((error as UserError).message).toContain(`--field "${text}"`);
  });

  it('fieldSpecText writes back what parses to the same spec', () => {
    for (const text of ['a:string', 'b?:enum(x|y)[]:Pick some: any', 'c.d:integer', 'e[].f?:boolean:Done?']) {
      const spec = parseFieldSpec(text);
      expect(fieldSpecText(spec)).toBe(text);
    }
  });

  it('prompt checks give the reason without the flag wording', () => {
    expect(fieldPathProblem('owner.name')).toBeUndefined();
    expect(fieldPathProblem('notes?')).toMatch(/next question asks whether it is optional/);
    expect(fieldPathProblem('bad name')).toMatch(/not a field name/);
    expect(enumValuesProblem('a|b')).toBeUndefined();
    expect(enumValuesProblem('a|')).toMatch(/empty value/);
    expect(enumValuesProblem('a,b')).toBeUndefined();
    expect(enumValuesProblem('a,')).toMatch(/empty value/);
  });
});
