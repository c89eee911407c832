import {type ChildProcessWithoutNullStreams, spawn} from 'node:child_process';
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import {
  type ClientCapabilities,
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  type InitializeResult,
  LogMessageNotification,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  PublishDiagnosticsNotification,
  type Registration,
  type RegistrationParams,
  type ShowMessageParams,
  RegistrationRequest,
  ShowMessageNotification,
  ShowMessageRequest,
  type ShowMessageRequestParams,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type TextDocumentContentChangeEvent,
  type TextEdit,
  type WorkspaceEdit,
  type WorkspaceFolder,
} from 'vscode-languageserver-protocol/node';
import {TextDocument} from 'vscode-languageserver-textdocument';
import {BIN} from '../helpers/cli.js';

/** What a full-featured editor declares: versioned edits with file creation, change annotations, dynamic file watching, code actions resolved when picked. */
export const FULL_CAPABILITIES: ClientCapabilities = {
  workspace: {
    workspaceEdit: {documentChanges: true, resourceOperations: ['create'], changeAnnotationSupport: {groupsOnLabel: true}},
    didChangeWatchedFiles: {dynamicRegistration: true},
  },
  textDocument: {publishDiagnostics: {versionSupport: true}, codeAction: {resolveSupport: {properties: ['edit']}}},
};

/**
 * The real `openwop lsp --stdio` process, driven through vscode-languageserver-protocol's client connection. Every byte
 * the server writes to stdout is kept, so {@link LspClient.stop} can check that it was nothing but framed messages.
 */
export class LspClient {
  readonly published: PublishDiagnosticsParams[] = [];
  readonly logs: string[] = [];
  readonly shown: string[] = [];
  readonly registrations: Registration[] = [];
  /** Reader, writer and connection errors: any is a failure of the protocol stream. */
  readonly streamErrors: string[] = [];
  private readonly stdout: Buffer[] = [];
  private readonly waiters: (() => void)[] = [];
  private readonly versions = new Map<string, number>();
  readonly exited: Promise<number | null>;

  private constructor(
    readonly root: string,
    readonly proc: ChildProcessWithoutNullStreams,
    readonly connection: ProtocolConnection,
  ) {
    this.exited = new Promise((resolve) =>
      proc.on('exit', (code) => {
        resolve(code);
        this.wake();
      }),
    );
  }

  /** `folders`: the workspace folders the client names (default: the project root alone); `initializationOptions`: the user's server settings. */
  static async start(
    root: string,
    capabilities: ClientCapabilities = FULL_CAPABILITIES,
    {folders, initializationOptions}: {folders?: WorkspaceFolder[]; initializationOptions?: unknown} = {},
  ): Promise<{client: LspClient; init: InitializeResult}> {
    const proc = spawn(process.execPath, [BIN, 'lsp', '--stdio'], {cwd: root, env: {...process.env, NO_COLOR: '1'}});
    const reader = new StreamMessageReader(proc.stdout);
    const writer = new StreamMessageWriter(proc.stdin);
    const connection = createProtocolConnection(reader, writer);
    const client = new LspClient(root, proc, connection);
    proc.stdout.on('data', (d: Buffer) => client.stdout.push(d));
    proc.stderr.on('data', (d: Buffer) => client.logs.push(`stderr: ${d.toString()}`));
    proc.stdin.on('error', () => {});
    reader.onError((e) => client.streamErrors.push(`reader: ${e.message}`));
    // A broken stream fails whatever waits on it rather than leaving it hanging.
    reader.onError(() => client.wake());
    writer.onError(([e]) => client.streamErrors.push(`writer: ${e.message}`));
    connection.onError(([e]) => client.streamErrors.push(`connection: ${e.message}`));
    connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
      client.published.push(p);
      client.wake();
    });
    connection.onNotification(LogMessageNotification.type, (p) => {
      client.logs.push(p.message);
      client.wake();
    });
    connection.onNotification(ShowMessageNotification.method, (p: ShowMessageParams) => {
      client.shown.push(p.message);
      client.wake();
    });
    connection.onRequest(ShowMessageRequest.method, (p: ShowMessageRequestParams) => {
      client.shown.push(p.message);
      client.wake();
      return null;
    });
    connection.onRequest(RegistrationRequest.method, (p: RegistrationParams) => {
      client.registrations.push(...p.registrations);
      client.wake();
      return null;
    });
    connection.listen();
    const folder = pathToFileURL(root).href;
    const workspaceFolders = folders ?? [{uri: folder, name: 'project'}];
    const init = await client.request(
      connection.sendRequest(InitializeRequest.type, {processId: process.pid, rootUri: workspaceFolders[0].uri, capabilities, initializationOptions, workspaceFolders}),
    );
    await connection.sendNotification(InitializedNotification.type, {});
    return {client, init};
  }

  uri(rel: string): string {
    return pathToFileURL(join(this.root, rel)).href;
  }

  /** Opens `rel` with `text` (default: the file on disk) at version 1; resolves to its uri. */
  async open(rel: string, text = readFileSync(join(this.root, rel), 'utf8')): Promise<string> {
    const uri = this.uri(rel);
    this.versions.set(uri, 1);
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, {textDocument: {uri, languageId: 'json', version: 1, text}});
    return uri;
  }

  /** Sends one didChange with `changes` (incremental or whole-text); resolves to the new version. */
  async change(uri: string, changes: TextDocumentContentChangeEvent[]): Promise<number> {
    const version = (this.versions.get(uri) ?? 0) + 1;
    this.versions.set(uri, version);
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, {textDocument: {uri, version}, contentChanges: changes});
    return version;
  }

  async close(uri: string): Promise<void> {
    this.versions.delete(uri);
    await this.connection.sendNotification(DidCloseTextDocumentNotification.type, {textDocument: {uri}});
  }

  /** The diagnostics published for `uri` at `version` (undefined: a publish without a version, as after a close), after the `after`-th publish. */
  diagnostics(uri: string, version: number | undefined, after = 0): Promise<PublishDiagnosticsParams> {
    return this.until(() => this.published.slice(after).find((p) => p.uri === uri && p.version === version));
  }

  /** `pending` (a request's answer), or a failure as soon as the protocol stream breaks or the server exits. */
  request<T>(pending: Promise<T>): Promise<T> {
    return Promise.race([pending, this.until<never>(() => undefined)]);
  }

  /** Resolves when `probe` returns something; fails on the first protocol-stream error or when the server exits. */
  until<T>(probe: () => T | undefined): Promise<T> {
    return new Promise((resolve, reject) => {
      const attempt = () => {
        if (this.streamErrors.length > 0) return reject(new Error(this.streamErrors.join('\n')));
        if (this.proc.exitCode !== null) return reject(new Error(`the server exited (${this.proc.exitCode}); log:\n${this.logs.join('\n')}`));
        const value = probe();
        if (value === undefined) return this.waiters.push(attempt);
        resolve(value);
      };
      attempt();
    });
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** shutdown + exit; resolves to the exit code. */
  async stop(): Promise<number | null> {
    if (this.proc.exitCode === null) {
      await this.connection.sendRequest(ShutdownRequest.type);
      await this.connection.sendNotification(ExitNotification.type);
    }
    const code = await this.exited;
    this.connection.dispose();
    return code;
  }

  /** Everything the server wrote to stdout, checked to be a sequence of Content-Length framed JSON-RPC messages. */
  protocolProblems(): string[] {
    const out = Buffer.concat(this.stdout);
    const problems = [...this.streamErrors];
    let at = 0;
    while (at < out.length) {
      const headerEnd = out.indexOf('\r\n\r\n', at);
      const header = headerEnd === -1 ? '' : out.subarray(at, headerEnd).toString('ascii');
      const length = /^Content-Length: (\d+)$/im.exec(header)?.[1];
      if (length === undefined || header.split('\r\n').some((l) => !/^[A-Za-z-]+: /.test(l))) {
        problems.push(`not a protocol header at byte ${at}: ${JSON.stringify(out.subarray(at, at + 80).toString('utf8'))}`);
        break;
      }
      const body = out.subarray(headerEnd + 4, headerEnd + 4 + Number(length));
      try {
        if ((JSON.parse(body.toString('utf8')) as {jsonrpc?: string}).jsonrpc !== '2.0') problems.push(`not JSON-RPC 2.0 at byte ${at}`);
      } catch {
        problems.push(`a message body that is not JSON at byte ${at}`);
      }
      at = headerEnd + 4 + Number(length);
    }
    return problems;
  }
}

/** The text edits `edit` makes to `uri` (from `changes` or `documentChanges`), and whether it creates the file first. */
export function editsFor(edit: WorkspaceEdit, uri: string): {edits: TextEdit[]; creates: boolean} {
  const edits: TextEdit[] = [...(edit.changes?.[uri] ?? [])];
  let creates = false;
  for (const change of edit.documentChanges ?? []) {
    if ('kind' in change) creates ||= change.kind === 'create' && change.uri === uri;
    else if (change.textDocument.uri === uri) edits.push(...change.edits.filter((e): e is TextEdit => 'newText' in e));
  }
  return {edits, creates};
}

/** `text` with `edits` applied, as an editor applies a WorkspaceEdit's edits to one document. */
export function applyEdits(text: string, edits: TextEdit[]): string {
  return TextDocument.applyEdits(TextDocument.create('file:///x', 'json', 0, text), edits);
}

/** Applies `edit`'s changes to the file at `path` on disk (creating it when the edit says so), as an editor saving it would. */
export function applyEditToDisk(edit: WorkspaceEdit, path: string): string {
  const {edits, creates} = editsFor(edit, pathToFileURL(path).href);
  const before = creates && !existsSync(path) ? '' : readFileSync(path, 'utf8');
  const after = applyEdits(before, edits);
  writeFileSync(path, after);
  return after;
}
