import {type FSWatcher, readFileSync, watch} from 'node:fs';
import {basename, join, sep} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {
  type CodeAction,
  CodeActionKind,
  type CodeActionParams,
  type Connection,
  createConnection,
  DidChangeWatchedFilesNotification,
  type Hover,
  type HoverParams,
  type InitializeParams,
  type InitializeResult,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
} from 'vscode-languageserver/node';
import {TextDocument} from 'vscode-languageserver-textdocument';
import {CONFIG_FILES} from '../config/load.js';
import {packageRoot} from '../io/package-root.js';
import {findRule} from '../rule-catalog.js';
import type {Rule} from '../core/rule.js';
import type {DocumentCheck, NetworkConsent} from './check-document.js';
import {CheckRunner, type Pending} from './check-runner.js';
import {disableRuleAction, type EditSupport, FIX_ALL_KIND, fixAllAction, type FixAllData, lazyFixAllAction, quickFix} from './code-actions.js';
import {contains, type DiagnosticData, findingRange, overlaps, toDiagnostic} from './diagnostics.js';
import {disableRuleEdit} from './disable-rule-edit.js';
import {editorText} from './editor-text.js';
import {ruleHover} from './hover.js';

/** Quiet time after an edit before a check, growing with the document (a 5 MB one waits about a second). */
export const debounceMs = (length: number) => 150 + Math.min(1500, Math.floor(length / 5000));

interface DocumentState {
  /** The last check published for this document, and the version it was of. */
  check?: DocumentCheck;
  checkedVersion?: number;
  timer?: NodeJS.Timeout;
  /** The version the waiting timer will check. */
  scheduled?: number;
  pending?: Pending<DocumentCheck>;
}

export interface ServerStreams {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
}

/**
 * `openwop lsp`: diagnostics, quick fixes and hovers for JSON Schemas, envelope files and pack manifests, from the same
 * checks, config and rule levels as the CLI. Checks run on a worker thread (check-worker.ts); this thread only speaks
 * the protocol, so it answers while a large document is checked. Nothing but protocol messages goes to the output:
 * logs are `window/logMessage`.
 */
export function startLanguageServer(streams: ServerStreams): Connection {
  const connection = createConnection(ProposedFeatures.all, streams.input, streams.output);
  const documents = new TextDocuments(TextDocument);
  const states = new Map<string, DocumentState>();
  const log = (message: string) => connection.console.log(message);
  const runner = new CheckRunner(join(packageRoot(), 'dist', 'src', 'lsp', 'check-worker.js'), log);
  let folders: string[] = [];
  let support: EditSupport = {documentChanges: false, create: false, confirm: false};
  let clientWatches = false;
  let resolvesEdits = false;
  const watchers = new Map<string, FSWatcher>();
  const shownProblems = new Set<string>();
  let network: NetworkConsent = {};
  const networkNoted = new Set<string>();

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    // Only folders on disk: a virtual one (vscode-vfs://, untitled:) has no config or files the checks could read.
    const onDisk = (uris: (string | null | undefined)[]) => uris.flatMap((u) => (u?.startsWith('file:') ? [fileURLToPath(u)] : []));
    folders = onDisk((params.workspaceFolders ?? []).map((f) => f.uri));
    if (folders.length === 0 && params.workspaceFolders == null) folders = onDisk([params.rootUri]);
    const edit = params.capabilities.workspace?.workspaceEdit;
    support = {
      documentChanges: edit?.documentChanges === true,
      create: edit?.resourceOperations?.includes('create') === true,
      confirm: edit?.changeAnnotationSupport !== undefined,
    };
    clientWatches = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    resolvesEdits = params.capabilities.textDocument?.codeAction?.resolveSupport?.properties.includes('edit') === true;
    const options = (params.initializationOptions ?? {}) as Record<string, unknown>;
    network = {allowRemoteRefs: options.allowRemoteRefs === true, allowCapabilitiesUrl: options.allowCapabilitiesUrl === true};
    return {
      capabilities: {
        textDocumentSync: {openClose: true, change: TextDocumentSyncKind.Incremental, save: {includeText: false}},
        codeActionProvider: {codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND], resolveProvider: true},
        hoverProvider: true,
      },
      serverInfo: {name: 'openwop'},
    };
  });

  connection.onInitialized(() => {
    if (clientWatches) {
      void connection.client.register(DidChangeWatchedFilesNotification.type, {watchers: CONFIG_FILES.map((name) => ({globPattern: `**/${name}`}))});
    }
  });

  /** The workspace folder a file lies in (the innermost): CI runs the CLI there, so the config is looked for from there. */
  const rootOf = (path: string): string | undefined => folders.filter((f) => path === f || path.startsWith(f.endsWith(sep) ? f : f + sep)).sort((a, b) => b.length - a.length)[0];

  const pathOf = (uri: string): string | undefined => (uri.startsWith('file:') ? fileURLToPath(uri) : undefined);

  const stateOf = (uri: string): DocumentState => {
    let state = states.get(uri);
    if (!state) states.set(uri, (state = {}));
    return state;
  };

  const schedule = (uri: string, delay: number) => {
    const state = stateOf(uri);
    state.scheduled = documents.get(uri)?.version;
    clearTimeout(state.timer);
    // A newer text makes a running check of an older one worthless: it is dropped (or stopped, if it runs long).
    state.pending?.cancel();
    state.pending = undefined;
    state.timer = setTimeout(() => void check(uri), delay);
  };

  const check = async (uri: string) => {
    const doc = documents.get(uri);
    const path = pathOf(uri);
    const state = states.get(uri);
    if (!doc || path === undefined || !state) return;
    state.timer = undefined;
    const version = doc.version;
    const pending = runner.run('check', {path, text: doc.getText(), root: rootOf(path), previousKind: state.check?.kind, network});
    state.pending = pending;
    let result: DocumentCheck | undefined;
    try {
      result = await pending.result;
    } catch (error) {
      connection.console.error(editorText(`openwop: checking ${path} failed: ${(error as Error).message}`, true));
      return;
    } finally {
      if (state.pending === pending) state.pending = undefined;
    }
    // Closed, or changed since: a newer check is on its way.
    if (result === undefined || states.get(uri) !== state || documents.get(uri)?.version !== version) return;
    state.check = result;
    state.checkedVersion = version;
    if (result.configProblem !== undefined) reportConfigProblem(result.configProblem);
    if (result.configPath !== undefined) watchConfig(result.configPath);
    if (result.networkIgnored !== undefined) noteNetworkIgnored(result.networkIgnored, result.configPath ?? '');
    const bom = doc.getText().startsWith('\uFEFF');
    void connection.sendDiagnostics({uri, version, diagnostics: result.findings.map((f, i) => toDiagnostic(f, i, bom))});
  };

  const reportConfigProblem = (problem: string) => {
    if (shownProblems.has(problem)) return;
    shownProblems.add(problem);
    void connection.window.showErrorMessage(editorText(`openwop: the config cannot be used, so nothing is checked: ${problem}`));
  };

  const noteNetworkIgnored = (setting: string, config: string) => {
    if (networkNoted.has(`${setting}\0${config}`)) return;
    networkNoted.add(`${setting}\0${config}`);
    const option = setting === 'capabilities' ? 'allowCapabilitiesUrl' : 'allowRemoteRefs';
    log(
      editorText(
        `openwop: ${config} sets ${setting === 'capabilities' ? 'a capabilities URL' : setting}; the editor fetches nothing a repository's config names unless the server is started with the initialization option {"${option}": true}`,
      ),
    );
  };

  /** Clients that cannot watch files for the server: the server watches each config it read itself. */
  const watchConfig = (path: string) => {
    if (clientWatches || watchers.has(path)) return;
    try {
      const watcher = watch(path, () => configChanged());
      watcher.on('error', () => watchers.delete(path));
      watchers.set(path, watcher);
    } catch {
      // A config that vanished is found missing by the next check.
    }
  };

  let reloading: NodeJS.Timeout | undefined;
  const configChanged = () => {
    clearTimeout(reloading);
    // One reload for the several events a save makes.
    reloading = setTimeout(() => {
      shownProblems.clear();
      for (const w of watchers.values()) w.close();
      watchers.clear();
      log('openwop: a config file changed; checking the open documents again');
      void runner.run('forget-configs', undefined).result.then(() => {
        for (const doc of documents.all()) schedule(doc.uri, 0);
      });
    }, 50);
  };

  connection.onDidChangeWatchedFiles(() => configChanged());

  documents.onDidOpen(({document}) => schedule(document.uri, 0));
  documents.onDidChangeContent(({document}) => {
    // didOpen is followed by a content change for the same version: the open already scheduled the check.
    const state = states.get(document.uri);
    if (state?.timer !== undefined && state.scheduled === document.version) return;
    schedule(document.uri, debounceMs(document.getText().length));
  });
  documents.onDidSave(({document}) => {
    const path = pathOf(document.uri);
    if (path !== undefined && (CONFIG_FILES as readonly string[]).includes(basename(path))) configChanged();
    else schedule(document.uri, 0);
  });
  documents.onDidClose(({document}) => {
    const state = states.get(document.uri);
    clearTimeout(state?.timer);
    state?.pending?.cancel();
    states.delete(document.uri);
    void connection.sendDiagnostics({uri: document.uri, diagnostics: []});
  });

  connection.onCodeAction(async (params: CodeActionParams): Promise<CodeAction[]> => {
    const doc = documents.get(params.textDocument.uri);
    const state = states.get(params.textDocument.uri);
    const path = pathOf(params.textDocument.uri);
    if (!doc || !state?.check || path === undefined) return [];
    const only = params.context.only;
    const wants = (kind: string) => !only || only.some((k) => kind === k || kind.startsWith(`${k}.`));
    // Fix-on-save asks just before saving, usually inside the debounce of the last edit: "fix all" runs the fixer on the
    // text as it is now, so it needs no check of this version, only to know the document is a schema.
    if (state.checkedVersion !== doc.version) return state.check.kind === 'schema' && only !== undefined && wants(FIX_ALL_KIND) ? fixAllActions(doc, FIX_ALL_KIND) : [];
    const {findings} = state.check;
    const bom = doc.getText().startsWith('\uFEFF');
    const actions: CodeAction[] = [];
    if (wants(CodeActionKind.QuickFix)) {
      for (const diagnostic of params.context.diagnostics) {
        if (diagnostic.source !== 'openwop') continue;
        const finding = findings[(diagnostic.data as DiagnosticData | undefined)?.finding ?? -1];
        if (!finding || finding.ruleId !== diagnostic.code) continue;
        const fix = quickFix(doc, finding, diagnostic, bom, support.documentChanges);
        if (fix) actions.push(fix);
        const edit = disableRuleEdit(configTarget(state.check), path, finding.ruleId);
        const disable = edit && disableRuleAction(edit, state.check.configPath && configText(state.check.configPath), finding.ruleId, diagnostic, support);
        if (disable) actions.push(disable);
      }
    }
    const fixable = findings.some((f) => f.fix && (params.context.diagnostics.length === 0 || overlaps(findingRange(f, bom), params.range)));
    const allKind = wants(FIX_ALL_KIND) ? FIX_ALL_KIND : wants(CodeActionKind.QuickFix) && actions.length > 0 ? CodeActionKind.QuickFix : undefined;
    if (state.check.kind === 'schema' && fixable && allKind) actions.push(...(await fixAllActions(doc, allKind)));
    return actions;
  });

  /**
   * "Fix all", as `kind`. Fixing runs on the worker, behind any check of a large document: a client that can resolve
   * gets the edit only when it picks the action, so the light-bulb list never waits for it.
   */
  const fixAllActions = async (doc: TextDocument, kind: string): Promise<CodeAction[]> => {
    if (resolvesEdits) return [lazyFixAllAction(doc, kind)];
    const fixAll = await fixAllFor(doc.uri, doc.version, kind);
    return fixAll ? [fixAll] : [];
  };

  const fixAllFor = async (uri: string, version: number, kind: string): Promise<CodeAction | undefined> => {
    const doc = documents.get(uri);
    const path = pathOf(uri);
    if (doc?.version !== version || path === undefined) return undefined;
    const fixed = await runner.run('fix-all', {path, text: doc.getText(), root: rootOf(path)}).result;
    if (!fixed || documents.get(uri)?.version !== version) return undefined;
    return fixAllAction(doc, fixed, doc.getText().startsWith('\uFEFF'), kind, support.documentChanges);
  };

  connection.onCodeActionResolve(async (action: CodeAction): Promise<CodeAction> => {
    const data = action.data as FixAllData | undefined;
    if (!data || action.kind === undefined) return action;
    const resolved = await fixAllFor(data.uri, data.version, action.kind);
    // The document changed since the list was made: no edit, and the client shows nothing was done.
    return resolved ? {...resolved, title: action.title} : action;
  });

  /** The config's text as the editor holds it when open, else as on disk. */
  const configText = (path: string): string | undefined => {
    const open = documents.get(pathToFileURL(path).href);
    if (open) return open.getText();
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
  };
  const configTarget = (check: DocumentCheck) => ({path: check.configPath, text: check.configPath && configText(check.configPath), baseDir: check.configBaseDir});

  connection.onHover(async (params: HoverParams): Promise<Hover | null> => {
    const doc = documents.get(params.textDocument.uri);
    const state = states.get(params.textDocument.uri);
    const check = state?.check;
    // Ranges of an older text may sit on other words now: nothing is said until the new text is checked.
    if (!doc || !check || state.checkedVersion !== doc.version) return null;
    const bom = doc.getText().startsWith('\uFEFF');
    const ids = [...new Set(check.findings.filter((f) => contains(findingRange(f, bom), params.position)).map((f) => f.ruleId))];
    const rules = (await Promise.all(ids.map((id) => findRule(id)))).filter((r): r is Rule => r !== undefined);
    return rules.length === 0 ? null : {contents: ruleHover(rules)};
  });

  connection.onShutdown(async () => {
    for (const state of states.values()) clearTimeout(state.timer);
    for (const w of watchers.values()) w.close();
    clearTimeout(reloading);
    await runner.close();
  });

  documents.listen(connection);
  connection.listen();
  return connection;
}
