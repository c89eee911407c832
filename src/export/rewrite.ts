import {has, propertiesOf} from '../lint/schema-util.js';
import {isObject, type JsonObject} from '../core/json.js';
import {
  constToEnum,
  inlineRef,
  intoDescription,
  mergeSingleAllOf,
  nullBranchToNullable,
  oneOfToAnyOf,
  openApiToJsonSchemaTypes,
  typeListToAnyOf,
  typeListToNullable,
  sayable,
} from '../lint/transforms/index.js';
import {treatmentOf, type VendorModel} from '../lint/vendors/index.js';

/** Keywords whose value is one sub-schema, a map of them, or a list of them: every one is rewritten. */
const ONE = ['additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties', 'additionalItems'];
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const LIST = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];

/** Keys that stay beside a `$ref` without making it a "$ref with siblings" (OpenAI reads them as the document's). */
const NOT_SIBLINGS = new Set(['$ref', '$defs', 'definitions']);

/** Passes over one node before giving up: each rewrite removes what it rewrites, so two or three suffice. */
const MAX_NODE_PASSES = 8;

/**
 * The schema as `model`'s vendor can take it, rewritten over every sub-schema by the treatment the model names for each
 * keyword: the lossless rewrites (oneOf→anyOf when disjoint, const→enum, inlined refs, type lists as nullable, a lone
 * allOf merged, Gemini's OpenAPI spellings read as JSON Schema where JSON Schema is read), the
 * constraints it cannot express moved into `description`, the keys it does not read dropped. What has no rewrite
 * stays, for the lint to refuse. `root` is the document local refs resolve in; the input is never changed.
 */
export function rewriteForModel(schema: unknown, model: VendorModel, root: unknown = schema): unknown {
  return rewriteBelow(schema, model, root, new Set(), {left: MAX_REWRITTEN});
}

/**
 * Sub-schemas one export may write. Inlining refs can multiply a schema (a few definitions each naming the next twice
 * reach millions of copies from 2 KB); past this the export stops with {@link RewriteTooLarge}.
 */
export const MAX_REWRITTEN = 50_000;

/** Thrown when a rewrite would write more than {@link MAX_REWRITTEN} sub-schemas. */
export class RewriteTooLarge extends Error {}

/** `inlining`: the refs inlined on the way here; one of them met again stays a ref (else a copy would hold itself). */
function rewriteBelow(schema: unknown, model: VendorModel, root: unknown, inlining: ReadonlySet<string>, budget: {left: number}): unknown {
  if (!isObject(schema)) return schema;
  if (--budget.left < 0) throw new RewriteTooLarge(`the rewritten schema would have more than ${MAX_REWRITTEN} sub-schemas`);
  const inlined = new Set(inlining);
  let node = rewriteNode(schema, model, root, inlined);
  node = mapChildren(node, (child) => rewriteBelow(child, model, root, inlined, budget));
  // Again, now that the refs below are inlined: definitions no ref needs any more can go.
  node = rewriteNode(node, model, root, inlined);
  if ((model.target === 'gemini' || model.target === 'gemini-legacy') && !has(node, 'propertyOrdering')) node = withPropertyOrdering(node);
  return node;
}

function rewriteNode(schema: JsonObject, model: VendorModel, root: unknown, inlined: Set<string>): JsonObject {
  let node = schema;
  for (let pass = 0; pass < MAX_NODE_PASSES; pass++) {
    const next = rewriteOnce(node, model, root, inlined);
    if (next === node) return node;
    node = next;
  }
  return node;
}

/** One rewrite of the node, or the node itself when nothing applies. */
function rewriteOnce(node: JsonObject, model: VendorModel, root: unknown, inlined: Set<string>): JsonObject {
  if (typeof node.$ref === 'string' && !inlined.has(node.$ref)) {
    const legacy = model.target === 'gemini-legacy';
    const siblings = Object.keys(node).some((k) => !NOT_SIBLINGS.has(k));
    // gemini-legacy reads no $ref at all; OpenAI refuses one with keywords beside it and its SDK inlines those.
    if (legacy || (model.target === 'openai' && siblings)) {
      const out = inlineRef(node, root, {allowRecursive: !legacy});
      if (out) {
        inlined.add(node.$ref);
        return out;
      }
    }
  }
  if (model.target === 'gemini-legacy') {
    const nullable = typeListToNullable(node) ?? typeListToAnyOf(node) ?? nullBranchToNullable(node);
    if (nullable) return nullable;
  } else {
    // A schema written for responseSchema ("OBJECT", nullable), sent where JSON Schema is read.
    const typed = openApiToJsonSchemaTypes(node);
    if (typed) return typed;
  }
  if (treatmentOf(model, 'allOf')) {
    const merged = mergeSingleAllOf(node);
    if (merged) return merged;
  }
  // An OpenAPI annotation naming the discriminator property: it constrains nothing, the branches do.
  if (has(node, 'discriminator') && treatmentOf(model, 'discriminator') && isObject(node.discriminator)) {
    const {discriminator: _d, ...rest} = node;
    return rest;
  }
  const describe: string[] = [];
  let dropped: JsonObject | undefined;
  for (const key of Object.keys(node)) {
    const t = key === 'format' ? formatTreatment(node.format, model) : treatmentOf(model, key);
    switch (key === 'const' && t && treatmentOf(model, 'enum') === undefined ? 'const-to-enum' : t?.rewrite) {
      case 'oneof-to-anyof': {
        const out = oneOfToAnyOf(node, root);
        if (out) return out;
        break;
      }
      case 'const-to-enum': {
        const out = constToEnum(node);
        if (out) return out;
        break;
      }
      case 'into-description':
        // Only values a sentence can carry: a sub-schema said as JSON text would guide no one; it stays for the lint.
        if (sayable(node[key])) describe.push(key);
        break;
      case 'drop':
        // Definitions stay while a $ref may still need them (a recursive one gemini-legacy refuses anyway).
        if ((key === '$defs' || key === 'definitions') && hasLocalRef(node)) break;
        dropped ??= {...node};
        delete dropped[key];
        break;
      default:
        break;
    }
  }
  // Anthropic takes minItems 0 or 1 only (anthropic/min-items); the model lists the keyword as accepted.
  if (model.target === 'anthropic' && typeof node.minItems === 'number' && node.minItems > 1) describe.push('minItems');
  if (dropped) return dropped;
  return (describe.length > 0 ? intoDescription(node, describe) : undefined) ?? node;
}

function formatTreatment(format: unknown, model: VendorModel) {
  if (model.formats === 'any' || (typeof format === 'string' && model.formats.includes(format))) return undefined;
  return model.otherFormats;
}

/** Any local `$ref` left in the document below `node` (after inlining: the ones that could not be). */
function hasLocalRef(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasLocalRef);
  if (!isObject(node)) return false;
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#')) return true;
  return Object.entries(node).some(([k, v]) => k !== '$defs' && k !== 'definitions' && hasLocalRef(v));
}

/** A copy of the node with each sub-schema replaced by `f` of it. */
export function mapChildren(node: JsonObject, f: (child: unknown) => unknown): JsonObject {
  const out: JsonObject = {...node};
  for (const key of ONE) if (has(node, key) && isObject(node[key])) out[key] = f(node[key]);
  for (const key of MAP) if (has(node, key) && isObject(node[key])) out[key] = Object.fromEntries(Object.entries(node[key]).map(([k, v]) => [k, f(v)]));
  for (const key of LIST) if (Array.isArray(node[key])) out[key] = (node[key] as unknown[]).map(f);
  if (has(node, 'items')) out.items = Array.isArray(node.items) ? node.items.map(f) : f(node.items);
  return out;
}

/** Gemini emits properties in `propertyOrdering` order (alphabetically without it): the order the schema gives. */
function withPropertyOrdering(node: JsonObject): JsonObject {
  const props = propertiesOf(node);
  if (!props || Object.keys(props).length === 0) return node;
  return {...node, propertyOrdering: Object.keys(props)};
}
