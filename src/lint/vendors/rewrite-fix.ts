import type {Fix} from '../../core/finding.js';
import {has} from '../schema-util.js';
import {canInline, constToEnum, discriminatorOf, inlineRef, sayable} from '../transforms/index.js';
import type {SchemaNode} from '../types.js';
import {fixConstToEnum, fixOneOfToAnyOf, fixReplaceSchema} from './fixes.js';
import type {Rewrite} from './model.js';

/** What `--fix` can do about one reported keyword: a fix to offer, or why there is none (said in the finding). */
export type FixOrWhy = {fix: () => Fix | undefined; why?: undefined} | {fix?: undefined; why: string};

const WHY_TEXT: Record<Rewrite, string> = {
  'oneof-to-anyof': 'not auto-fixable: its branches are not told apart by a discriminator, so "anyOf" would accept more',
  'const-to-enum': 'not auto-fixable: the text around it could not be edited safely',
  'inline-ref': 'not auto-fixable: the reference is recursive or not local (no finite copy), or a keyword beside it also constrains the target',
  'type-list-to-nullable': 'not auto-fixable: only ["T", "null"] has a "nullable" spelling',
  'into-description': 'not auto-fixable: removing it would loosen the schema; export schema moves it into "description"',
  drop: 'not auto-fixable: other targets may read it; export schema leaves it out',
};

const NO_EQUIVALENT_TEXT = 'not auto-fixable: there is no equivalent the vendor accepts';
// Made once: a finding without a fix shares its reason object.
const WHY = Object.fromEntries(Object.entries(WHY_TEXT).map(([rewrite, why]) => [rewrite, {why}])) as Record<Rewrite, FixOrWhy>;
const NO_EQUIVALENT: FixOrWhy = {why: NO_EQUIVALENT_TEXT};
const HOLDS_SCHEMA: FixOrWhy = {why: 'not auto-fixable: it holds a schema the target cannot express; restate it with keywords the target reads, or check it in the host'};
const CONST_OUTSIDE_ENUM: FixOrWhy = {why: 'not auto-fixable: the "enum" beside it does not hold the "const", so no value passes both'};

/** Why `--fix` leaves a keyword whose rewrite only export schema makes (or that has none). */
export function whyNotFixed(rewrite: Rewrite | undefined): string {
  return rewrite ? WHY_TEXT[rewrite] : NO_EQUIVALENT_TEXT;
}

/** The fix a keyword's rewrite allows here, or the reason `--fix` leaves the finding. */
export function rewriteFix(rewrite: Rewrite | undefined, node: SchemaNode, key: string): FixOrWhy {
  switch (rewrite) {
    case 'into-description':
      // Only plain values can be said in prose; a sub-schema there is the author's to restate.
      return sayable(node.schema[key]) ? WHY[rewrite] : HOLDS_SCHEMA;
    case 'const-to-enum':
      if (has(node.schema, 'enum')) {
        const merged = constToEnum(node.schema);
        if (!merged) return CONST_OUTSIDE_ENUM;
        return {fix: () => fixReplaceSchema(node.doc, node.pointer, merged, 'merge "const" into the "enum" beside it')};
      }
      return {fix: () => fixConstToEnum(node.doc, node.pointer)};
    case 'oneof-to-anyof':
      if (has(node.schema, 'anyOf') || discriminatorOf(node.schema.oneOf, node.doc.value) === undefined) return WHY[rewrite];
      return {fix: () => fixOneOfToAnyOf(node.doc, node.pointer)};
    case 'inline-ref':
      return inlineFix(node, false) ?? WHY[rewrite];
    case undefined:
      return NO_EQUIVALENT;
    default:
      return WHY[rewrite];
  }
}

/**
 * The sub-schema's `$ref` replaced by a copy of its local target, its own keywords winning. `oneLevel` inlines a
 * recursive target once (its copy keeps its own refs, which still resolve): what OpenAI's Python SDK does with a
 * `$ref` that has siblings. Undefined when there is nothing to inline.
 */
export function inlineFix(node: SchemaNode, oneLevel: boolean): FixOrWhy | undefined {
  const options = {allowRecursive: oneLevel};
  if (node.isRoot || !canInline(node.schema, node.doc.value, options)) return undefined;
  return {
    fix: () => {
      const inlined = inlineRef(node.schema, node.doc.value, options);
      return inlined && fixReplaceSchema(node.doc, node.pointer, inlined, `inline "$ref": ${JSON.stringify(node.schema.$ref)}`);
    },
  };
}
