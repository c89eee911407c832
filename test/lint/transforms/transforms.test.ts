import {describe, expect, it} from 'vitest';
import {
  constToEnum,
  discriminatorOf,
  inlineRef,
  intoDescription,
  isRecursiveRef,
  mergeSingleAllOf,
  nullBranchToNullable,
  oneOfToAnyOf,
  openApiToJsonSchemaTypes,
  typeListToAnyOf,
  typeListToNullable,
} from '../../../src/lint/transforms/index.js';

const cat = {type: 'object', properties: {kind: {const: 'cat'}, lives: {type: 'integer'}}, required: ['kind', 'lives']};
const dog = {type: 'object', properties: {kind: {enum: ['dog']}, good: {type: 'boolean'}}, required: ['kind']};

describe('oneOfToAnyOf', () => {
  it('renames oneOf in place when a required single-value property tells the branches apart', () => {
    const out = oneOfToAnyOf({description: 'pet', oneOf: [cat, dog], title: 't'}, {});
    expect(Object.keys(out ?? {})).toEqual(['description', 'anyOf', 'title']);
    expect(out?.anyOf).toEqual([cat, dog]);
  });
  it('follows local refs to the branches', () => {
    const root = {$defs: {Cat: cat, Dog: dog}};
    expect(discriminatorOf([{$ref: '#/$defs/Cat'}, {$ref: '#/$defs/Dog'}], root)).toBe('kind');
  });
  it('refuses branches that share a value, lack the property, leave it optional, or are not objects', () => {
    expect(oneOfToAnyOf({oneOf: [cat, {...cat, properties: {kind: {const: 'cat'}}}]}, {})).toBeUndefined();
    expect(oneOfToAnyOf({oneOf: [cat, {type: 'object', properties: {good: {type: 'boolean'}}, required: ['good']}]}, {})).toBeUndefined();
    expect(oneOfToAnyOf({oneOf: [cat, {...dog, required: []}]}, {})).toBeUndefined();
    expect(oneOfToAnyOf({oneOf: [cat, {type: 'string'}]}, {})).toBeUndefined();
    expect(oneOfToAnyOf({oneOf: [cat, {$ref: '#/$defs/Missing'}]}, {})).toBeUndefined();
    expect(oneOfToAnyOf({oneOf: [cat, {...dog, properties: {kind: {enum: ['dog', 'wolf']}}}]}, {})).toBeUndefined();
  });
  it('refuses when an anyOf already stands beside it', () => {
    expect(oneOfToAnyOf({oneOf: [cat, dog], anyOf: [{}]}, {})).toBeUndefined();
  });
});

describe('constToEnum', () => {
  it('writes const as a one-value enum in its place', () => {
    expect(constToEnum({type: 'string', const: 'a', description: 'd'})).toEqual({type: 'string', enum: ['a'], description: 'd'});
    expect(Object.keys(constToEnum({const: {x: 1}, title: 't'}) ?? {})).toEqual(['enum', 'title']);
  });
  it('merges with an enum that holds the value, refuses one that does not', () => {
    expect(constToEnum({enum: ['a', 'b'], const: 'a'})).toEqual({enum: ['a']});
    expect(constToEnum({enum: ['b'], const: 'a'})).toBeUndefined();
    expect(constToEnum({type: 'string'})).toBeUndefined();
  });
});

describe('typeListToNullable', () => {
  it('writes ["T", "null"] as T with nullable, in place', () => {
    const out = typeListToNullable({type: ['string', 'null'], description: 'd'});
    expect(out).toEqual({type: 'string', nullable: true, description: 'd'});
    expect(Object.keys(out ?? {})).toEqual(['type', 'nullable', 'description']);
    expect(typeListToNullable({type: ['null', 'integer']})).toEqual({type: 'integer', nullable: true});
  });
  it('takes null out of an enum and adds nothing to it', () => {
    expect(typeListToNullable({type: ['string', 'null'], enum: ['a', null]})).toEqual({type: 'string', nullable: true, enum: ['a']});
    expect(typeListToNullable({type: ['string', 'null'], enum: ['a']})).toEqual({type: 'string', nullable: true, enum: ['a']});
  });
  it('unwraps a one-type list, refuses the others', () => {
    expect(typeListToNullable({type: ['string']})).toEqual({type: 'string'});
    expect(typeListToNullable({type: ['string', 'number']})).toBeUndefined();
    expect(typeListToNullable({type: ['string', 'number', 'null']})).toBeUndefined();
    expect(typeListToNullable({type: ['null']})).toBeUndefined();
    expect(typeListToNullable({type: 'string'})).toBeUndefined();
  });
});

describe('typeListToAnyOf', () => {
  it('splits several non-null types into anyOf branches, null as nullable, the rest beside it', () => {
    expect(typeListToAnyOf({type: ['string', 'integer', 'null'], description: 'd'})).toEqual({anyOf: [{type: 'string'}, {type: 'integer'}], nullable: true, description: 'd'});
    expect(typeListToAnyOf({type: ['string', 'integer'], maxLength: 3})).toEqual({anyOf: [{type: 'string'}, {type: 'integer'}], maxLength: 3});
  });
  it('leaves one-type lists to typeListToNullable and refuses beside an anyOf', () => {
    expect(typeListToAnyOf({type: ['string', 'null']})).toBeUndefined();
    expect(typeListToAnyOf({type: ['string', 'integer'], anyOf: [{}]})).toBeUndefined();
  });
});

describe('nullBranchToNullable', () => {
  it('merges the one branch left, with nullable (pydantic Optional)', () => {
    expect(nullBranchToNullable({anyOf: [{$ref: '#/$defs/A'}, {type: 'null'}], description: 'a', default: null})).toEqual({$ref: '#/$defs/A', description: 'a', default: null, nullable: true});
  });
  it('keeps an anyOf of several branches, without the null one', () => {
    expect(nullBranchToNullable({anyOf: [{type: 'string'}, {type: 'integer'}, {type: 'null'}]})).toEqual({anyOf: [{type: 'string'}, {type: 'integer'}], nullable: true});
  });
  it('keeps the anyOf when merging would overwrite a keyword', () => {
    expect(nullBranchToNullable({anyOf: [{type: 'string', format: 'date'}, {type: 'null'}], format: 'email'})).toEqual({anyOf: [{type: 'string', format: 'date'}], format: 'email', nullable: true});
  });
  it('is undefined without a plain null branch, or with nothing else', () => {
    expect(nullBranchToNullable({anyOf: [{type: 'string'}, {type: 'null', minLength: 1}]})).toBeUndefined();
    expect(nullBranchToNullable({anyOf: [{type: 'null'}]})).toBeUndefined();
  });
});

describe('inlineRef', () => {
  const root = {$defs: {Addr: {type: 'object', description: 'an address', properties: {city: {type: 'string'}}}, Node: {type: 'object', properties: {next: {$ref: '#/$defs/Node'}}}}};
  it('copies the target in place of the ref, the siblings winning', () => {
    expect(inlineRef({$ref: '#/$defs/Addr', description: 'where to ship'}, root)).toEqual({type: 'object', description: 'where to ship', properties: {city: {type: 'string'}}});
  });
  it('copies, never shares, the target', () => {
    const out = inlineRef({$ref: '#/$defs/Addr'}, root);
    (out?.properties as Record<string, unknown>).city = 1;
    expect(root.$defs.Addr.properties.city).toEqual({type: 'string'});
  });
  it('leaves $defs, $schema and $id of a root target behind', () => {
    const doc = {$schema: 'x', $id: 'y', type: 'object', properties: {a: {type: 'string'}}, $defs: {A: {$ref: '#/properties/a'}}};
    expect(inlineRef({$ref: '#/$defs/A'}, doc)).toEqual({$ref: '#/properties/a'});
    expect(inlineRef({$ref: '#/properties/a', title: 't'}, doc)).toEqual({type: 'string', title: 't'});
  });
  it('refuses recursive, remote, missing and anchor targets', () => {
    expect(isRecursiveRef(root, '#/$defs/Node')).toBe(true);
    expect(inlineRef({$ref: '#/$defs/Node', description: 'd'}, root)).toBeUndefined();
    expect(inlineRef({$ref: '#', description: 'd'}, {properties: {a: {$ref: '#'}}})).toBeUndefined();
    expect(inlineRef({$ref: 'other.json#/$defs/A'}, root)).toBeUndefined();
    expect(inlineRef({$ref: '#/$defs/Missing'}, root)).toBeUndefined();
    expect(inlineRef({$ref: '#anchor'}, root)).toBeUndefined();
  });
  it('inlines one level of a recursive target when asked', () => {
    expect(inlineRef({$ref: '#/$defs/Node', description: 'd'}, root, {allowRecursive: true})).toEqual({type: 'object', properties: {next: {$ref: '#/$defs/Node'}}, description: 'd'});
  });
  it('sees recursion through another definition', () => {
    const doc = {$defs: {A: {properties: {b: {$ref: '#/$defs/B'}}}, B: {items: {$ref: '#/$defs/A'}}, C: {properties: {b: {$ref: '#/$defs/B'}}}}};
    expect(isRecursiveRef(doc, '#/$defs/A')).toBe(true);
    expect(isRecursiveRef(doc, '#/$defs/C')).toBe(false);
    expect(inlineRef({$ref: '#/$defs/C'}, doc)).toEqual({properties: {b: {$ref: '#/$defs/B'}}});
  });
});

describe('intoDescription', () => {
  it('moves the keywords into the description, readably', () => {
    expect(intoDescription({type: 'string', description: 'A slug', pattern: '^[a-z]+$', minLength: 1}, ['minLength', 'pattern'])).toEqual({
      type: 'string',
      description: 'A slug. minLength: 1; pattern: ^[a-z]+$',
    });
    expect(intoDescription({type: 'integer', minimum: 1}, ['minimum', 'maximum'])).toEqual({type: 'integer', description: 'minimum: 1'});
    expect(intoDescription({type: 'string', description: 'Done.', format: 'uri'}, ['format'])).toEqual({type: 'string', description: 'Done. format: uri'});
    expect(intoDescription({type: 'array', uniqueItems: true}, ['uniqueItems'])?.description).toBe('uniqueItems: true');
  });
  it('keeps the description in its place', () => {
    expect(Object.keys(intoDescription({description: 'd', type: 'number', maximum: 2}, ['maximum']) ?? {})).toEqual(['description', 'type']);
  });
  it('is undefined when there is nothing to move', () => {
    expect(intoDescription({type: 'string'}, ['pattern'])).toBeUndefined();
  });
});

describe('openApiToJsonSchemaTypes', () => {
  it('lower-cases Gemini type names and says nullable as a type list', () => {
    expect(openApiToJsonSchemaTypes({type: 'OBJECT', properties: {}})).toEqual({type: 'object', properties: {}});
    expect(openApiToJsonSchemaTypes({type: 'STRING', nullable: true, enum: ['a']})).toEqual({type: ['string', 'null'], enum: ['a', null]});
    expect(openApiToJsonSchemaTypes({anyOf: [{type: 'string'}], nullable: true})).toEqual({anyOf: [{type: 'string'}, {type: 'null'}]});
    expect(openApiToJsonSchemaTypes({type: 'string', nullable: false})).toEqual({type: 'string'});
  });
  it('is undefined for a JSON Schema type and no nullable, or an unknown name', () => {
    expect(openApiToJsonSchemaTypes({type: 'string'})).toBeUndefined();
    expect(openApiToJsonSchemaTypes({type: 'TEXT'})).toBeUndefined();
  });
});

describe('mergeSingleAllOf', () => {
  it('merges a lone allOf branch, the schema annotations winning', () => {
    expect(mergeSingleAllOf({allOf: [{$ref: '#/$defs/Galaxy'}], description: 'the galaxy'})).toEqual({$ref: '#/$defs/Galaxy', description: 'the galaxy'});
    expect(mergeSingleAllOf({title: 'T', allOf: [{type: 'string', title: 'U'}]})).toEqual({type: 'string', title: 'T'});
  });
  it('refuses several branches, or a constraint both sides set', () => {
    expect(mergeSingleAllOf({allOf: [{type: 'string'}, {minLength: 1}]})).toBeUndefined();
    expect(mergeSingleAllOf({allOf: [{minLength: 2}], minLength: 1})).toBeUndefined();
  });
});

describe('a key named __proto__ (JSON.parse makes it an own key)', () => {
  const withProto = (extra: Record<string, unknown>) => ({...JSON.parse('{"__proto__": {"x": 1}}'), ...extra});
  const keeps = (out: Record<string, unknown> | undefined) => {
    expect(Object.keys(out ?? {})).toContain('__proto__');
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  };
  it('stays an own key through every rewrite', () => {
    keeps(inlineRef({$ref: '#/$defs/P'}, {$defs: {P: withProto({type: 'object'})}}));
    keeps(inlineRef(withProto({$ref: '#/$defs/P'}), {$defs: {P: {type: 'object'}}}));
    keeps(constToEnum(withProto({const: 1})));
    keeps(oneOfToAnyOf(withProto({oneOf: [cat, dog]}), {}));
    keeps(intoDescription(withProto({minimum: 1}), ['minimum']));
    keeps(intoDescription(withProto({minimum: 1, description: 'd'}), ['minimum']));
    keeps(typeListToNullable(withProto({type: ['string', 'null']})));
    keeps(typeListToAnyOf(withProto({type: ['string', 'integer']})));
    keeps(nullBranchToNullable(withProto({anyOf: [{type: 'string'}, {type: 'integer'}, {type: 'null'}]})));
    keeps(openApiToJsonSchemaTypes(withProto({type: 'STRING'})));
  });
});
