import {describe, expect, it} from 'vitest';
import {parseFieldSpec} from '../../src/scaffold/field-spec.js';
import {buildFieldTree, fieldPathConflict, type FieldNode} from '../../src/scaffold/field-tree.js';

const tree = (...fields: string[]) => buildFieldTree(fields.map(parseFieldSpec));
const shape = (nodes: FieldNode[]): unknown =>
  nodes.map((n) => ({name: n.name, path: n.path, optional: n.optional, description: n.description, ...(n.children.length ? {children: shape(n.children)} : {})}));

describe('field tree: dotted paths build nested objects', () => {
  it('a dotted path creates a required parent object on first use, in the order given', () => {
    expect(shape(tree('title:string', 'owner.name:string', 'owner.email?:string', 'done:boolean'))).toEqual([
      {name: 'title', path: 'title', optional: false, description: undefined},
      {
        name: 'owner',
        path: 'owner',
        optional: false,
        description: undefined,
        children: [
          {name: 'name', path: 'owner.name', optional: false, description: undefined},
          {name: 'email', path: 'owner.email', optional: true, description: undefined},
        ],
      },
      {name: 'done', path: 'done', optional: false, description: undefined},
    ]);
  });

  it('the parent may be declared before or after its children, to make it optional or describe it', () => {
    for (const fields of [
      ['owner?:object:Who owns it', 'owner.name:string'],
      ['owner.name:string', 'owner?:object:Who owns it'],
    ]) {
      const [owner] = tree(...fields);
      expect(owner).toMatchObject({name: 'owner', optional: true, description: 'Who owns it', implicit: false});
      expect(owner.children.map((c) => c.name)).toEqual(['name']);
    }
  });

  it('[] addresses the items of an object list, to any depth', () => {
    const [steps] = tree('steps[].title:string', 'steps[].owner.name:string', 'steps?:object[]');
    expect(steps).toMatchObject({name: 'steps', path: 'steps', optional: true, type: {base: 'object', list: true}});
    expect(steps.children.map((c) => c.path)).toEqual(['steps[].title', 'steps[].owner']);
    expect(steps.children[1].children[0].path).toBe('steps[].owner.name');
  });

  it.each([
    [['title:string', 'title:string'], /the field "title" is given twice/],
    [['title:string', 'title?:integer'], /the field "title" is given twice/],
    [['owner:object', 'owner.name:string', 'owner:object'], /"owner" is given twice/],
    [['owner.name:string', 'owner.name:integer'], /"owner.name" is given twice/],
    [['title:string', 'title.x:string'], /"title" is string, so nothing can be nested under it/],
    [['tags:string[]', 'tags[].x:string'], /"tags" is string\[\], so nothing can be nested/],
    [['owner.name:string', 'owner:string'], /"owner" is used as object by a nested field, so it cannot be string/],
    [['steps[].a:string', 'steps:object'], /"steps" is used as object\[\] by a nested field, so it cannot be object/],
    [['steps:object[]', 'steps.title:string'], /"steps" is a list of objects: address its items as steps\[\]\.<name>/],
    [['owner:object', 'owner[].name:string'], /"owner" is an object, not a list: address its properties as owner\.<name>/],
    [['reasoning:string'], /"reasoning" is added by the scaffold itself/],
    [['reasoning.x:string'], /"reasoning" is added by the scaffold itself/],
    [['owner:object'], /the object field "owner" has no properties: add them with --field "owner\.<name>:<type>"/],
    [['steps:object[]'], /the object\[\] field "steps" has no properties: add them with --field "steps\[\]\.<name>:<type>"/],
    [['a.b:object'], /the object field "a\.b" has no properties/],
    [[], /at least one field/],
  ])('refuses %j', (fields, reason) => {
    expect(() => tree(...fields)).toThrow(reason);
  });

  it('a nested reasoning property is allowed: only the payload root reserves it', () => {
    expect(tree('step.reasoning:string')[0].children[0].name).toBe('reasoning');
  });

  it('fieldPathConflict refuses a name before its type is asked, but not an implicit parent being declared', () => {
    const roots = tree('title:string', 'owner.name:string');
    expect(fieldPathConflict(roots, parseFieldSpec('title:string').path)).toMatch(/given twice/);
    expect(fieldPathConflict(roots, parseFieldSpec('title.x:string').path)).toMatch(/nothing can be nested/);
    expect(fieldPathConflict(roots, parseFieldSpec('owner:string').path)).toBeUndefined();
    expect(fieldPathConflict(roots, parseFieldSpec('owner.email:string').path)).toBeUndefined();
    expect(fieldPathConflict(roots, parseFieldSpec('fresh:string').path)).toBeUndefined();
    // The probe does not change the tree.
    expect(roots.map((r) => r.name)).toEqual(['title', 'owner']);
  });
});
