import {dirname, resolve} from 'node:path';
import {Readable} from 'node:stream';
import {settleReport} from '../check-report.js';
import {loadConfig} from '../config/load.js';
import {configCapabilities, configKindSchemaDirs} from '../config/paths.js';
import type {LoadedConfig} from '../config/types.js';
import type {Finding} from '../core/finding.js';
import type {CheckingCommand} from '../core/rule.js';
import {UserError} from '../core/user-error.js';
import {type HostProfile, validateEnvelopeInputs} from '../envelope/index.js';
import {loadHostProfile} from '../envelope/host.js';
import {isCapabilitiesUrl} from '../capabilities/load.js';
import {DEFAULT_MAX_DOCUMENT_BYTES} from '../io/read-documents.js';
import {ReadScope} from '../io/read-scope.js';
import {knownRuleIds} from '../rule-catalog.js';
import {fixSchemaText, lintSchemaInputs, resolveLintOptions} from '../lint/index.js';
import {validatePackInputs} from '../pack/index.js';
import type {CheckOutcome} from '../report/outcome.js';
import {documentKind, type DocumentKind} from './document-kind.js';

/** An open document as the editor has it: its path on disk (it may not be saved) and its text. */
export interface DocumentInput {
  path: string;
  text: string;
  /** The workspace folder holding the document: where CI would run the CLI, so where its config is looked for. */
  root?: string;
  previousKind?: DocumentKind;
  /**
   * What the user, not the repository, lets the config turn on: opening a file must not make the editor fetch URLs a
   * stranger's config chose. Without it, `lint.allowRemoteRefs` and a capabilities URL in the config are ignored.
   */
  network?: NetworkConsent;
}

/** The language server's `initializationOptions`: which of the config's network settings it honours. */
export interface NetworkConsent {
  allowRemoteRefs?: boolean;
  allowCapabilitiesUrl?: boolean;
}

export interface DocumentCheck {
  kind?: DocumentKind;
  /** The findings on this document, with the config's and overrides' levels applied; lint findings carry their fixes. */
  findings: Finding[];
  /** The config file the check used, if any (a "disable rule" edit goes there). */
  configPath?: string;
  configBaseDir: string;
  /** The config could not be used (a syntax error, an unknown rule id): nothing was checked. */
  configProblem?: string;
  /** A network setting the config asks for and the user has not allowed, so the check went without it. */
  networkIgnored?: 'lint.allowRemoteRefs' | 'capabilities';
}

const COMMAND: Record<DocumentKind, CheckingCommand> = {schema: 'lint schema', envelope: 'validate envelope', pack: 'validate pack'};

/** A document the CLI would not check (an ignore pattern covers it) is not reported on in the editor either. */
const NOT_CHECKED = new Set(['io/ignored']);

/**
 * Configs by the folder they were looked for from; a language server checks the same few folders again on every
 * keystroke. {@link forgetConfigs} empties it when a config file changes.
 */
const configs = new Map<string, Promise<LoadedConfig>>();

export function forgetConfigs(): void {
  configs.clear();
}

function configFor(cwd: string): Promise<LoadedConfig> {
  let loaded = configs.get(cwd);
  if (!loaded) {
    loaded = loadConfig({cwd, knownRules: knownRuleIds});
    configs.set(cwd, loaded);
    // A broken config is read again next time: the user is fixing it.
    loaded.catch(() => configs.delete(cwd));
  }
  return loaded;
}

/**
 * A config's capabilities URL, fetched once per config load rather than on every keystroke; a failed fetch is not
 * retried until the config is loaded again ({@link forgetConfigs}). A capabilities file is read on every check, as
 * the CLI reads it: it is local, and the user may be editing it.
 */
const hosts = new WeakMap<LoadedConfig, Promise<HostProfile>>();

function fetchedOnce(loaded: LoadedConfig, capabilities: string, cwd: string): Promise<HostProfile> | undefined {
  if (!isCapabilitiesUrl(capabilities)) return undefined;
  let host = hosts.get(loaded);
  if (!host) hosts.set(loaded, (host = loadHostProfile(capabilities, cwd)));
  return host;
}

/**
 * Checks one document exactly as `openwop <command> - --stdin-filename PATH` run from `root` would (the same config,
 * overrides, rule levels and read scope), with the document's text in place of the file on disk.
 */
export async function checkDocument(input: DocumentInput): Promise<DocumentCheck> {
  const cwd = input.root ?? dirname(input.path);
  let loaded: LoadedConfig;
  try {
    loaded = await configFor(cwd);
  } catch (error) {
    if (error instanceof UserError) return {findings: [], configBaseDir: cwd, configProblem: error.message};
    throw error;
  }
  const base = {configPath: loaded.path, configBaseDir: loaded.baseDir};
  const kind = documentKind(input.path, input.text, loaded.config, loaded.baseDir, input.previousKind);
  if (kind === undefined) return {findings: [], ...base};
  let outcome: CheckOutcome;
  const networkIgnored = ignoredNetworkSetting(kind, input, loaded);
  try {
    outcome = await runCheck(kind, input, cwd, loaded, networkIgnored);
  } catch (error) {
    // What stops the CLI before any file is checked (the config's capabilities document cannot be loaded) is the
    // config's problem here too, not the server's.
    if (error instanceof UserError) return {kind, findings: [], ...base, configProblem: error.message};
    throw error;
  }
  const {report} = await settleReport(COMMAND[kind], '', outcome, loaded.config.rules, {});
  const path = resolve(input.path);
  const findings = report.results.flatMap((r) => r.findings).filter((f) => resolve(cwd, f.file) === path && !NOT_CHECKED.has(f.ruleId));
  return {kind, findings, ...base, ...(networkIgnored ? {networkIgnored} : {})};
}

function ignoredNetworkSetting(kind: DocumentKind, input: DocumentInput, loaded: LoadedConfig): DocumentCheck['networkIgnored'] {
  if (kind === 'schema' && !input.network?.allowRemoteRefs && resolveLintOptions(loaded.config, input.path, {}, loaded.baseDir).allowRemoteRefs) return 'lint.allowRemoteRefs';
  const capabilities = configCapabilities(loaded);
  if (kind === 'envelope' && !input.network?.allowCapabilitiesUrl && capabilities !== undefined && isCapabilitiesUrl(capabilities)) return 'capabilities';
  return undefined;
}

/** The text `--fix` would leave, with the lint settings for the document's path; undefined when no fix applies. */
export async function fixAllText(input: DocumentInput): Promise<{text: string; fixed: number} | undefined> {
  const cwd = input.root ?? dirname(input.path);
  const loaded = await configFor(cwd);
  const options = {...resolveLintOptions(loaded.config, input.path, {}, loaded.baseDir), cwd, path: input.path, scope: scopeFor(cwd, loaded, input.path)};
  const outcome = fixSchemaText(input.text.replace(/^\uFEFF/, ''), input.path, options);
  return outcome.fixed > 0 && !outcome.refused ? {text: outcome.text, fixed: outcome.fixed} : undefined;
}

function scopeFor(cwd: string, loaded: LoadedConfig, path: string): ReadScope {
  return new ReadScope({cwd, projectRoot: loaded.root, named: [path], maxBytes: DEFAULT_MAX_DOCUMENT_BYTES});
}

async function runCheck(kind: DocumentKind, input: DocumentInput, cwd: string, loaded: LoadedConfig, networkIgnored: DocumentCheck['networkIgnored']): Promise<CheckOutcome> {
  const {config, baseDir} = loaded;
  const stdin = () => Readable.from([input.text]);
  const common = {
    cwd,
    selection: {stdinFilename: input.path},
    scope: scopeFor(cwd, loaded, input.path),
    ignore: config.ignore,
    ignoreBase: baseDir,
  };
  switch (kind) {
    case 'schema':
      return lintSchemaInputs(['-'], {...common, stdin: stdin(), config, configBaseDir: baseDir, cli: {rules: {}, ...(networkIgnored ? {allowRemoteRefs: false} : {})}, withFixes: true});
    case 'envelope': {
      const capabilities = networkIgnored ? undefined : configCapabilities(loaded);
      const hostProfile = capabilities === undefined ? undefined : await fetchedOnce(loaded, capabilities, cwd);
      return validateEnvelopeInputs(['-'], {...common, stdin: stdin(), schemaDirs: configKindSchemaDirs(loaded), capabilities, hostProfile});
    }
    case 'pack':
      return validatePackInputs(['-'], {...common, stdin: stdin(), idBase: config.packs?.idBase});
  }
}
