/** Value-level rewrites of one sub-schema, shared by `export schema` (and `--fix`): each keeps the schema's meaning, or says so. */
export {constToEnum} from './const-to-enum.js';
export {canInline, inlineRef, type InlineRefOptions} from './inline-ref.js';
export {intoDescription, sayable} from './into-description.js';
export {isLocalPointerRef, isRecursiveRef, valueAt} from './local-ref.js';
export {discriminatorOf, oneOfToAnyOf} from './oneof-to-anyof.js';
export {nullBranchToNullable, openApiToJsonSchemaTypes, typeListToAnyOf, typeListToNullable} from './type-list-to-nullable.js';
export {mergeSingleAllOf} from './merge-all-of.js';
