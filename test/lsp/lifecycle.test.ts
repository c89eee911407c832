import {ExitNotification} from 'vscode-languageserver-protocol/node';
import {describe, expect, it} from 'vitest';
import {tempProject} from '../helpers/cli.js';
import {LspClient} from './client.js';

describe('openwop lsp: shutdown and exit', () => {
  it('exits with code 0 on exit after shutdown', async () => {
    const {client} = await LspClient.start(tempProject({}));
    expect(await client.stop()).toBe(0);
    expect(client.protocolProblems()).toEqual([]);
  });

  it('exits with code 1 on exit without shutdown', async () => {
    const {client} = await LspClient.start(tempProject({}));
    // The server asks to watch config files once initialized; answering that after it has exited would be the
    // client's broken pipe, not the server's, so the exit goes after the answer.
    await client.until(() => client.registrations[0]);
    await client.connection.sendNotification(ExitNotification.type);
    expect(await client.exited).toBe(1);
    expect(client.protocolProblems()).toEqual([]);
  });

  it('starts with a workspace folder that is not on disk (a virtual one) and checks files by their own folder', async () => {
    const root = tempProject({'s.schema.json': '{"type": "object", "properties": {}}\n'});
    const {client} = await LspClient.start(root, undefined, {folders: [{uri: 'vscode-vfs://github/acme/repo', name: 'remote'}]});
    const uri = await client.open('s.schema.json');
    expect((await client.diagnostics(uri, 1)).diagnostics.map((d) => d.code)).toEqual(['tier1/additional-properties']);
    expect(await client.stop()).toBe(0);
    expect(client.protocolProblems()).toEqual([]);
  });
});
