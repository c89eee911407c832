import {Command, Flags} from '@oclif/core';
import {startLanguageServer} from '../src/lsp/server.js';
import {reportCommandError, screenExamples} from './_common.js';

export default class Lsp extends Command {
  static override summary = 'Run the openwop Language Server over stdio: diagnostics, quick fixes and rule hovers in your editor, with the rules and config the CLI uses.';

  static override usage = '<%= command.id %> [--stdio]';

  static override description = `Speaks the Language Server Protocol on standard input and output; an editor starts it. It checks JSON Schemas (*.schema.json, files an "overrides" entry with "lint" settings names, other .json that look like schemas) as lint schema does, envelope files (.ndjson, .jsonl, .json that look like envelopes) as validate envelope does, and pack manifests (pack.json, *.pack.json) as validate pack does. The config is looked for from the workspace folder holding the file, as a CI run from there finds it. Editor set-up (VS Code, Neovim, Helix): README, "In your editor".`;

  static override examples = screenExamples('lsp', ['<%= config.bin %> lsp --stdio']);

  static override flags = {
    stdio: Flags.boolean({summary: 'Talk over stdin/stdout (the default and only transport; accepted because editors pass it).'}),
  };

  async run(): Promise<void> {
    await this.parse(Lsp);
    const connection = startLanguageServer({input: process.stdin, output: process.stdout});
    // The connection exits the process on the client's `exit` notification; until then the server runs.
    await new Promise<void>((resolve) => connection.onExit(resolve));
  }

  protected override async catch(error: Error & {oclif?: {exit?: number}}): Promise<unknown> {
    if (!reportCommandError(error, this.argv)) return super.catch(error);
  }
}
