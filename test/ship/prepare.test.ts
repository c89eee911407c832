// scripts/prepare.mjs (npm's prepare and prepack): builds from clean once per set of inputs, whichever route runs it
// (pre-commit 4's global git install runs it twice, pre-commit 3 runs install then pack), and not at all for `npm ci`.
// Run on a stand-in package whose build only counts itself, so these take a second rather than a real build each.
import {copyFileSync, existsSync, mkdirSync, readFileSync, unlinkSync, utimesSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {ROOT, runProgram, tempDir} from '../helpers/cli.js';

/** A package with scripts/prepare.mjs, stand-ins for the build tools, one source file and a build that logs each run. */
function standIn(): {pkg: string; log: string} {
  const pkg = tempDir('openwop-prepare-');
  const log = join(tempDir('openwop-prepare-log-'), 'builds.log');
  mkdirSync(join(pkg, 'scripts'));
  copyFileSync(join(ROOT, 'scripts', 'prepare.mjs'), join(pkg, 'scripts', 'prepare.mjs'));
  for (const tool of ['typescript', 'esbuild']) {
    mkdirSync(join(pkg, 'node_modules', tool), {recursive: true});
    writeFileSync(join(pkg, 'node_modules', tool, 'package.json'), JSON.stringify({name: tool, version: '0.0.0'}));
  }
  mkdirSync(join(pkg, 'src'));
  writeFileSync(join(pkg, 'src', 'index.ts'), 'export const a = 1;\n');
  const build = `node -e "const fs=require('fs');fs.mkdirSync('dist/cli',{recursive:true});fs.writeFileSync('oclif.manifest.json','{}');fs.appendFileSync(process.env.BUILD_LOG,'built\\\\n')"`;
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({name: 'stand-in', version: '1.0.0', private: true, scripts: {build}}));
  return {pkg, log};
}

function builds(log: string): number {
  return existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0;
}

async function prepare(pkg: string, log: string, npmCommand: string, event = 'prepare') {
  const r = await runProgram(process.execPath, [join(pkg, 'scripts', 'prepare.mjs')], {cwd: pkg, env: {...process.env, BUILD_LOG: log, npm_command: npmCommand, npm_lifecycle_event: event}});
  if (r.code !== 0) throw new Error(`prepare exited ${r.code}: ${r.stderr}`);
  return r;
}

describe('scripts/prepare.mjs', () => {
  it('builds once for a set of inputs; a repeat says the build is current', async () => {
    const {pkg, log} = standIn();
    await prepare(pkg, log, 'install');
    expect(builds(log)).toBe(1);
    expect(existsSync(join(pkg, 'dist', '.clean-build.json'))).toBe(true);
    const again = await prepare(pkg, log, 'pack', 'prepack');
    expect(again.stdout).toContain('prepack: the build is current');
    expect(builds(log)).toBe(1);
  });

  it('builds again after a source edit, an added or deleted file, or a plain build since; a touched but unchanged file is no change', async () => {
    const {pkg, log} = standIn();
    await prepare(pkg, log, 'install');
    const later = new Date(Date.now() + 5000);
    utimesSync(join(pkg, 'src', 'index.ts'), later, later);
    await prepare(pkg, log, 'install');
    expect(builds(log)).toBe(1);

    writeFileSync(join(pkg, 'src', 'index.ts'), 'export const a = 2;\n');
    await prepare(pkg, log, 'install');
    expect(builds(log)).toBe(2);

    writeFileSync(join(pkg, 'src', 'extra.ts'), '');
    await prepare(pkg, log, 'install');
    expect(builds(log)).toBe(3);
    unlinkSync(join(pkg, 'src', 'extra.ts'));
    await prepare(pkg, log, 'install');
    expect(builds(log)).toBe(4);

    // A plain `npm run build` after the clean one: the build may hold leftovers, so the next pack builds from clean.
    // Taken now, not at the start: under load the builds above can outlast a timestamp taken then.
    const laterStill = new Date(Date.now() + 5000);
    utimesSync(join(pkg, 'oclif.manifest.json'), laterStill, laterStill);
    await prepare(pkg, log, 'pack', 'prepack');
    expect(builds(log)).toBe(5);
  });

  it('does nothing for npm ci, whose users build when they run the demo or the tests', async () => {
    const {pkg, log} = standIn();
    await prepare(pkg, log, 'ci');
    expect(builds(log)).toBe(0);
    expect(existsSync(join(pkg, 'dist'))).toBe(false);
  });
});
