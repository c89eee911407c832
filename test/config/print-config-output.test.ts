import {mkdirSync, realpathSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {runCli, tempDir} from '../helpers/cli.js';

/** A config from a stranger's repository: a key in a URL and a glob, a bidi override and an ESC in a pattern. */
const KEY = 'sk-proj-abc123def456ghi789jkl012mno';
const CONFIG = {
  capabilities: `https://user:s3cretpw@example.com/c.json?api_key=${KEY}`,
  ignore: ['x\u001b[31mRED\u202eevil'],
  kindSchemas: [`${KEY}/*.json`],
};

describe('--print-config output is written as the json formatter writes a report', () => {
  it.each([
    ['validate', 'envelope'],
    ['lint', 'schema'],
    ['scaffold', 'kind'],
  ])('%s %s: secrets masked, control and bidi characters escaped, still JSON that parses', async (...command) => {
    const dir = realpathSync(tempDir());
    mkdirSync(join(dir, '.git'));
    writeFileSync(join(dir, 'openwop.config.json'), JSON.stringify(CONFIG));
    const r = await runCli([...command, '--print-config', 'a.json'], {cwd: dir});
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('s3cretpw');
    expect(r.stdout).not.toContain(KEY);
    expect(r.stdout).not.toMatch(/[\u001b\u202e]/);
    expect(r.stdout).toContain('\\u202e');
    const printed = JSON.parse(r.stdout) as {config: {ignore: string[]}};
    expect(printed.config.ignore).toEqual(['x\u001b[31mRED\u202eevil']);
  });
});
