// Post-tsc build step: generates the bundled schemas' validators (scripts/precompile-schemas.mjs), bundles the CLI
// (scripts/bundle.mjs), writes oclif.manifest.json so the CLI can list commands and parse their flags without loading
// every command, then writes the bundle's V8 code cache (scripts/code-cache.mjs).
// (The `oclif` packaging tool does the manifest through this same @oclif/core API, but brings a large dependency tree.)
import {spawnSync} from 'node:child_process';
import {readFileSync, writeFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {Plugin} from '@oclif/core/config';
import {BUNDLE_COMMANDS} from '../bin/load-bundle.cjs';
import {bundle} from './bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
await import('./precompile-schemas.mjs');
const bundled = await bundle(root);
console.log(`${bundled.file}: ${(bundled.bytes / 1024).toFixed(0)} KiB`);
// The manifest is made from the bundle, which is what bin/run.js runs.
const pjson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
pjson.oclif.commands = BUNDLE_COMMANDS;
const plugin = new Plugin({root, pjson, type: 'core', ignoreManifest: true, errorOnManifestCreate: true, isRoot: true});
await plugin.load();
const manifest = plugin.manifest;
writeFileSync(join(root, 'oclif.manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
console.log(`oclif.manifest.json: ${Object.keys(manifest.commands).length} commands`);
// In a process of its own: V8's cached data must come from a process started as the CLI's are (no flags, no loaders).
const cache = spawnSync(process.execPath, [join(root, 'scripts', 'code-cache.mjs')], {cwd: root, stdio: ['ignore', 'inherit', 'inherit']});
if (cache.status !== 0) process.exit(cache.status ?? 1);
