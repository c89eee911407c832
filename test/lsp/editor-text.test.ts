import {describe, expect, it} from 'vitest';
import {tempProject} from '../helpers/cli.js';
import {LspClient} from './client.js';

const TOKEN = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';

describe('openwop lsp: a config problem in the pop-up', () => {
  it("shows the config's text escaped and its secrets masked, as the CLI prints it", async () => {
    const root = tempProject({'openwop.config.json': {rules: {[`x\u001b[31mEVIL\u202e${TOKEN}`]: 'off'}}, 'a.schema.json': {type: 'object'}});
    const {client} = await LspClient.start(root);
    await client.open('a.schema.json');
    const shown = await client.until(() => client.shown.find((m) => m.includes('the config cannot be used')));
    expect(shown).not.toMatch(/[\u001b\u202e]/);
    expect(shown).toContain('x\\u001b[31mEVIL\\u202e');
    expect(shown).not.toContain(TOKEN);
    expect(shown).toContain('ghp_');
    expect(await client.stop()).toBe(0);
  });
});
