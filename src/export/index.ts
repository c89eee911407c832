/** `openwop export schema`: the request fragment each vendor API takes for a schema, as a library. */
export {EXPORT_RULES, EXPORT_TARGETS, exportSchema, formsOf, type ExportOptions, type ExportResult} from './export-schema.js';
export {renderFragment, type FragmentFormat} from './render.js';
