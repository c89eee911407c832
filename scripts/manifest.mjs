// Post-tsc build step: bundles the CLI into dist/cli (scripts/bundle.mjs), then writes oclif.manifest.json so the CLI
// can list commands and parse their flags without importing every command module.
// (The `oclif` packaging tool does the manifest through this same @oclif/core API, but brings a large dependency tree.)
import {readFileSync, writeFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {Plugin} from '@oclif/core/config';
import {BUNDLE_DIR, bundle} from './bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundled = await bundle(root);
console.log(`${BUNDLE_DIR}: ${bundled.files} files, ${(bundled.bytes / 1024).toFixed(0)} KiB`);
// The manifest names each command's file: the bundled one, which bin/run.js runs.
const pjson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
pjson.oclif.commands = {...pjson.oclif.commands, target: `./${BUNDLE_DIR}/commands`};
const plugin = new Plugin({root, pjson, type: 'core', ignoreManifest: true, errorOnManifestCreate: true, isRoot: true});
await plugin.load();
const manifest = plugin.manifest;
writeFileSync(join(root, 'oclif.manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
console.log(`oclif.manifest.json: ${Object.keys(manifest.commands).length} commands`);
