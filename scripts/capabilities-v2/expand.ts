// Expands the compact description of the v2 discovery document (source.yaml) into the JSON Schema we ship as
// schemas/v2/capabilities.schema.json. The source states, per family, only its facets; every family is a capability
// record, so the record fields, the closed object and the `until` rules are added here once for all 73.
//
// Notation (a YAML mapping is a closed object; its keys are property names, a trailing `!` makes one required):
//   any · bool · list · const <json> · in a|b|c · ref <def>
//   int | num  [>=N] [<=M] [N..M]
//   str[+]  [len N..M] [fmt <format>] [in a|b] [re <pattern, rest of the line>]      (`str+`: at least one character)
//   str in a|b or re <pattern>      one of the words, or any string the pattern matches (a host's own token)
//   list | set  [N+] of <leaf>      (`set`: unique items; `N+`: at least N items)
//   any leaf may end in ` = <json>` (its default)
// Keys of a mapping that start with `=` are not properties:
//   =open: true           the object takes any further keys
//   =extra: <node>         schema of further keys (additionalProperties)
//   =keys: <node>          schema of the key names (propertyNames)
//   =patterns: {re: node}  patternProperties
//   =rules: [schema]       JSON Schema clauses over the object (allOf), written out in full
//   =list | =set: <node>   the mapping is an array of <node> (with =min: N for minItems, =has: <json> for a member it must hold)
//   =raw: <schema>         a JSON Schema written out in full, used as is
//   =note: text            description
//   =deprecated: true      annotation
//   =witness: <class>      (families only) the witness class the protocol declares for the family

import {readFileSync} from 'node:fs';
import {parse} from 'yaml';

export type Schema = Record<string, unknown>;
type Node = string | Record<string, unknown>;

export interface CapabilitiesSource {
  id: string;
  title: string;
  note: string;
  defs: Record<string, Node>;
  metadata: Record<string, Node>;
  families: Record<string, Record<string, unknown>>;
}

const parseValue = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

function bounds(schema: Schema, token: string, low: string, high: string): boolean {
  const range = /^(-?[\d.]+)\.\.(-?[\d.]+)$/.exec(token);
  if (range) {
    schema[low] = Number(range[1]);
    schema[high] = Number(range[2]);
    return true;
  }
  const one = /^(>=|<=)(-?[\d.]+)$/.exec(token);
  if (!one) return false;
  schema[one[1] === '>=' ? low : high] = Number(one[2]);
  return true;
}

function expandLeaf(text: string): Schema {
  const withDefault = / = (.+)$/.exec(text);
  if (withDefault) return {...expandLeaf(text.slice(0, withDefault.index)), default: parseValue(withDefault[1])};
  const array = /^(list|set)(?: (\d+)\+)? of (.+)$/.exec(text);
  if (array) {
    return {type: 'array', items: expandLeaf(array[3]), ...(array[1] === 'set' ? {uniqueItems: true} : {}), ...(array[2] ? {minItems: Number(array[2])} : {})};
  }
  const open = /^str in (\S+) or re (.+)$/.exec(text);
  if (open) return {type: 'string', anyOf: [{enum: open[1].split('|')}, {pattern: open[2]}]};
  const [head, ...rest] = text.split(' ');
  const tail = rest.join(' ');
  switch (head) {
    case 'any':
      return {};
    case 'bool':
      return {type: 'boolean'};
    case 'list':
      return {type: 'array'};
    case 'const':
      return {const: parseValue(tail)};
    case 'in':
      return {enum: tail.split('|')};
    case 'ref':
      return {$ref: tail.includes('/') ? tail : `#/$defs/${tail}`};
    case 'int':
    case 'num': {
      const schema: Schema = {type: head === 'int' ? 'integer' : 'number'};
      for (const token of rest) if (!bounds(schema, token, 'minimum', 'maximum')) throw new Error(`bad number bound "${token}" in "${text}"`);
      return schema;
    }
    case 'str':
    case 'str+':
      return stringLeaf(head === 'str+', rest, text);
    default:
      throw new Error(`unknown leaf "${text}"`);
  }
}

function stringLeaf(nonEmpty: boolean, tokens: string[], text: string): Schema {
  const schema: Schema = {type: 'string', ...(nonEmpty ? {minLength: 1} : {})};
  for (let i = 0; i < tokens.length; i += 2) {
    const [word, arg] = [tokens[i], tokens[i + 1]];
    if (arg === undefined) throw new Error(`"${word}" needs an argument in "${text}"`);
    if (word === 're') {
      schema.pattern = tokens.slice(i + 1).join(' ');
      break;
    }
    if (word === 'len' && bounds(schema, arg, 'minLength', 'maxLength')) continue;
    if (word === 'fmt') schema.format = arg;
    else if (word === 'in') schema.enum = arg.split('|');
    else throw new Error(`unknown string modifier "${word}" in "${text}"`);
  }
  return schema;
}

export function expandNode(node: unknown): Schema {
  if (typeof node === 'string') return expandLeaf(node);
  if (node === null || typeof node !== 'object' || Array.isArray(node)) throw new Error(`not a node: ${JSON.stringify(node)}`);
  const map = node as Record<string, unknown>;
  if ('=raw' in map) return map['=raw'] as Schema;
  const annotations: Schema = {
    ...(map['=note'] === undefined ? {} : {description: map['=note']}),
    ...(map['=deprecated'] === true ? {deprecated: true} : {}),
  };
  const itemsKey = '=list' in map ? '=list' : '=set' in map ? '=set' : undefined;
  if (itemsKey) {
    return {
      type: 'array',
      ...annotations,
      items: expandNode(map[itemsKey]),
      ...(itemsKey === '=set' ? {uniqueItems: true} : {}),
      ...(map['=min'] === undefined ? {} : {minItems: map['=min']}),
      ...(map['=has'] === undefined ? {} : {contains: {const: map['=has']}}),
    };
  }
  return expandObject(map, annotations);
}

function expandObject(map: Record<string, unknown>, annotations: Schema, prefix: Record<string, Schema> = {}, preRules: Schema[] = []): Schema {
  const properties: Record<string, Schema> = {...prefix};
  const required: string[] = [];
  for (const [key, value] of Object.entries(map)) {
    if (key.startsWith('=')) continue;
    const name = key.endsWith('!') ? key.slice(0, -1) : key;
    if (name !== key) required.push(name);
    properties[name] = expandNode(value);
  }
  const rules = [...preRules, ...((map['=rules'] as Schema[] | undefined) ?? [])];
  const schema: Schema = {type: 'object', ...annotations};
  if (map['=extra'] !== undefined) schema.additionalProperties = expandNode(map['=extra']);
  else if (map['=open'] !== true) schema.additionalProperties = false;
  if (map['=keys'] !== undefined) schema.propertyNames = expandNode(map['=keys']);
  if (required.length > 0) schema.required = required;
  if (Object.keys(properties).length > 0) schema.properties = properties;
  if (map['=patterns'] !== undefined) {
    schema.patternProperties = Object.fromEntries(Object.entries(map['=patterns'] as Record<string, unknown>).map(([re, n]) => [re, expandNode(n)]));
  }
  if (rules.length > 0) schema.allOf = rules;
  return schema;
}

// Listed so the closed family admits them; checked once, by the shared record definition.
const RECORD_FIELDS: Record<string, Schema> = {status: {}, since: {}, until: {}, witness: {}};

/** A family: closed, the record fields admitted and checked by the shared `$defs/record`, then its facets and own rules. */
function expandFamily(name: string, family: Record<string, unknown>): Schema {
  const witness = family['=witness'];
  if (typeof witness !== 'string') throw new Error(`family ${name} declares no =witness`);
  const remark = family['=note'];
  const note = `Capability record${typeof remark === 'string' && remark ? `: ${remark}` : ''} (declared witness class: ${witness}).`;
  return expandObject(family, {description: note}, RECORD_FIELDS, [{$ref: '#/$defs/record'}]);
}

/**
 * The whole schema, in a fixed key order so the committed file is reproducible. Each family is a `$defs` entry the root
 * refers to: Ajv then generates one function per family instead of inlining all 73 into one (a 1 MB function that cost a
 * start ~120 ms to parse and compile; as separate functions V8 compiles only those a document reaches).
 */
export function expandCapabilitiesSource(source: CapabilitiesSource): Schema {
  const root = expandObject(source.metadata, {});
  const families = Object.entries(source.families).map(([name, family]) => [name, expandFamily(name, family)] as const);
  const defs = Object.entries(source.defs).map(([name, node]) => [name, expandNode(node)] as const);
  const clash = families.find(([name]) => Object.hasOwn(source.defs, name));
  if (clash) throw new Error(`family ${clash[0]} has the name of a $defs entry`);
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: source.id,
    title: source.title,
    description: source.note,
    type: 'object',
    additionalProperties: false,
    required: root.required,
    properties: {...(root.properties as Record<string, Schema>), ...Object.fromEntries(families.map(([name]) => [name, {$ref: `#/$defs/${name}`}]))},
    $defs: Object.fromEntries([...defs, ...families]),
  };
}

export const SCHEMA_FILE = new URL('../../schemas/v2/capabilities.schema.json', import.meta.url);

/** The committed file's text: source.yaml expanded, two-space JSON with a final newline. */
export function renderCapabilitiesSchema(): string {
  const source = parse(readFileSync(new URL('source.yaml', import.meta.url), 'utf8')) as CapabilitiesSource;
  return `${JSON.stringify(expandCapabilitiesSource(source), null, 2)}\n`;
}
