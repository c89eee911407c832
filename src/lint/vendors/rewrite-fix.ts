import type {Fix} from '../../report/finding.js';
import {has} from '../schema-util.js';
import {discriminatorOf, inlineRef} from '../transforms/index.js';
import type {SchemaNode} from '../types.js';
import {fixConstToEnum, fixOneOfToAnyOf, fixReplaceSchema} from './fixes.js';
import type {Rewrite} from './model.js';

/** What `--fix` can do about one reported keyword: a fix to offer, or why there is none (said in the finding). */
export type FixOrWhy = {fix: () => Fix | undefined; why?: undefined} | {fix?: undefined; why: string};

const WHY: Record<Rewrite, FixOrWhy> = {
  'oneof-to-anyof': {why: 'not auto-fixable: its branches are not told apart by a discriminator, so "anyOf" would accept more'},
  'const-to-enum': {why: 'not auto-fixable here'},
  'inline-ref': {why: 'not auto-fixable: the reference is recursive or not local, so it has no finite copy'},
  'type-list-to-nullable': {why: 'not auto-fixable: only ["T", "null"] has a "nullable" spelling'},
  'into-description': {why: 'not auto-fixable: removing it would loosen the schema; export schema moves it into "description"'},
  drop: {why: 'not auto-fixable: other targets may read it; export schema leaves it out'},
};

const NO_EQUIVALENT: FixOrWhy = {why: 'not auto-fixable: there is no equivalent the vendor accepts'};

/** The fix a keyword's rewrite allows here, or the reason `--fix` leaves the finding. */
export function rewriteFix(rewrite: Rewrite | undefined, node: SchemaNode): FixOrWhy {
  switch (rewrite) {
    case 'const-to-enum':
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
  if (node.isRoot) return undefined;
  const inlined = inlineRef(node.schema, node.doc.value, {allowRecursive: oneLevel});
  if (!inlined) return undefined;
  return {fix: () => fixReplaceSchema(node.doc, node.pointer, inlined, `inline "$ref": ${JSON.stringify(node.schema.$ref)}`)};
}
