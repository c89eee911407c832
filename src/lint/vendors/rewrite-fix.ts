import type {Fix} from '../../report/finding.js';
import type {SchemaNode} from '../types.js';
import {fixConstToEnum} from './fixes.js';
import type {Rewrite} from './model.js';

/** What `--fix` can do about one reported keyword: a fix to offer, or why there is none (said in the finding). */
export type FixOrWhy = {fix: () => Fix | undefined; why?: undefined} | {fix?: undefined; why: string};

const WHY: Record<Exclude<Rewrite, 'const-to-enum'>, FixOrWhy> = {
  'oneof-to-anyof': {why: 'not auto-fixable: its branches are not told apart by a discriminator, so "anyOf" would accept more'},
  'inline-ref': {why: 'not auto-fixable: the reference cannot be inlined (it is recursive, or not local)'},
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
    case undefined:
      return NO_EQUIVALENT;
    default:
      return WHY[rewrite];
  }
}
