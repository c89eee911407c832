/**
 * openwop as a library: the same checks the CLI runs, for a host's own test suite. Every function takes paths (files,
 * folders, globs, `-`) or documents and returns findings in the shape the CLI's `--format json` prints
 * (`{results: [{file, findings: [...]}], fatal, summary}`); none of them prints or exits.
 */

export {validateEnvelopeInputs as validateEnvelopes, type ValidateEnvelopeOptions, type ValidateEnvelopeOutcome} from './envelope/index.js';
export {lintSchemaDocument, lintSchemaFile, lintSchemaInputs as lintSchema, type LintInputsOptions, type LintInputsOutcome, type LintOptions, type SchemaSource} from './lint/index.js';
export {evaluateGate, validatePackInputs as validatePack, type GateResult} from './pack/index.js';
export {canonicalJson, validateBundle, type BundleResult, type ValidateBundleOptions, type ValidateBundleOutcome, type VerificationOutcome} from './bundle/index.js';
export {loadCapabilities, type LoadedCapabilities} from './capabilities/load.js';
export {probeHost, type ProbeHostOptions, type ProbeOutcome} from './probe/index.js';
export {simulateRetry, type SimulateRetryOptions, type SimulateRetryOutcome} from './retry/index.js';
export {scaffoldKind, type ScaffoldKindOptions, type ScaffoldResult} from './scaffold/index.js';
export {exportSchema, formsOf, renderFragment, EXPORT_TARGETS, type ExportOptions, type ExportResult, type FragmentFormat} from './export/index.js';

export {allRules, findRule, rulesForCommand} from './rule-catalog.js';
export {explainRule} from './report/explain-rules.js';
export type {CheckingCommand, Rule} from './core/rule.js';
export {JsonDocument} from './io/json-document.js';
export {loadConfig} from './config/load.js';
export type {OpenwopConfig} from './config/types.js';
export {createAjv, getValidator, type BundledSchemaName} from './schemas/index.js';
export {getFormatter, FORMATS, type FormatName} from './report/formatters/index.js';
export {buildReport} from './report/report.js';
export {exitCodeFor} from './report/exit-code.js';
export type {FileResult, Finding, Report, Severity} from './core/finding.js';
export type {CheckOutcome} from './report/outcome.js';
