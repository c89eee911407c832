// Writes oclif.manifest.json so the CLI can list and load commands without importing every command module.
// (The `oclif` packaging tool does the same through this @oclif/core API, but brings a large dependency tree.)
import {writeFileSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {Plugin} from '@oclif/core/config';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const plugin = new Plugin({root, type: 'core', ignoreManifest: true, errorOnManifestCreate: true, isRoot: true});
await plugin.load();
const manifest = plugin.manifest;
writeFileSync(join(root, 'oclif.manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
console.log(`oclif.manifest.json: ${Object.keys(manifest.commands).length} commands`);
