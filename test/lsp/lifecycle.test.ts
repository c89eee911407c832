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
    await client.connection.sendNotification(ExitNotification.type);
    expect(await client.exited).toBe(1);
    expect(client.protocolProblems()).toEqual([]);
  });
});
