import {NO_REASONING_DIRECTIVE} from '../lint/index.js';
import type {FieldNode} from './field-tree.js';
import {fillTemplate, fillText, kindTexts, loadTemplate} from './templates.js';

export interface PayloadSchemaOptions {
  kind: string;
  /** The schema's `$id`: `<idBase><kind>.schema.json`. */
  id: string;
  description: string;
  reasoning: boolean;
  /** Add Gemini's `propertyOrdering` to every object (`--target gemini`). */
  propertyOrdering: boolean;
}

export interface PayloadSchema {
  schema: Record<string, unknown>;
  /** Paths of the properties that got the placeholder description. */
  placeholders: string[];
}

type Json = Record<string, unknown>;

/**
 * The payload schema in RFC 0030 strict-mode emulation, so it is Tier-1 clean by construction: every object closed and
 * listing all its properties in `required`; an optional field typed `[T, "null"]` (an enum also admits null) instead
 * of being left out of `required`; `reasoning`, when wanted, first and nullable, and when not, declared absent on purpose.
 */
export function payloadSchema(roots: readonly FieldNode[], options: PayloadSchemaOptions): PayloadSchema {
  const texts = kindTexts();
  const placeholders: string[] = [];
  const describe = (node: FieldNode): string => {
    if (node.description) return node.description;
    placeholders.push(node.path);
    return fillText(texts.fieldDescription, {path: node.path, name: node.name});
  };

  const objectMembers = (children: readonly FieldNode[], reasoning: boolean): {properties: Json; required: string[]; propertyOrdering?: string[]} => {
    const properties: Json = {};
    if (reasoning) properties.reasoning = loadTemplate('reasoning.property.json');
    for (const child of children) properties[child.name] = propertySchema(child);
    const keys = Object.keys(properties);
    return {properties, required: keys, ...(options.propertyOrdering ? {propertyOrdering: keys} : {})};
  };

  const closedObject = (children: readonly FieldNode[]): Json => {
    const {properties, required, propertyOrdering} = objectMembers(children, false);
    return {properties, ...(propertyOrdering ? {propertyOrdering} : {}), required, additionalProperties: false};
  };

  /** The schema of one value of the field's base type (an array's items, or the field itself). */
  const valueSchema = (node: FieldNode): Json => {
    switch (node.type.base) {
      case 'enum':
        return {type: 'string', enum: [...(node.type.values ?? [])]};
      case 'object':
        return {type: 'object', ...closedObject(node.children)};
      default:
        return {type: node.type.base};
    }
  };

  const propertySchema = (node: FieldNode): Json => {
    const description = describe(node);
    const inner = node.type.list ? {type: 'array', items: valueSchema(node)} : valueSchema(node);
    const {type, ...rest} = inner;
    const out: Json = {type: node.optional ? [type, 'null'] : type, description, ...rest};
    if (node.optional && Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null];
    return out;
  };

  const {properties, required, propertyOrdering} = objectMembers(roots, options.reasoning);
  const schema = fillTemplate(loadTemplate('payload.schema.json'), {
    id: options.id,
    kind: options.kind,
    description: options.description,
    comment: options.reasoning ? undefined : fillText(texts.noReasoningComment, {directive: NO_REASONING_DIRECTIVE}),
    properties,
    propertyOrdering,
    required,
  }) as Json;
  return {schema, placeholders};
}
