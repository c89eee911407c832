import {readFile} from 'node:fs/promises';
import {dirname, join, resolve} from 'node:path';
import {noteFileUsed} from '../io/files-used.js';
import {JsonDocument} from '../io/json-document.js';
import {UserError} from '../report/user-error.js';
import type {LoadedConfig, OpenwopConfig, RuleSetting} from './types.js';
import {validateConfigShape} from './validate.js';

/** Looked for in this order in each folder, from the working directory up to the filesystem root. */
export const CONFIG_FILES = ['openwop.config.json', '.openwoprc.json', 'package.json'] as const;

export async function loadConfig(options: {cwd: string; explicitPath?: string}): Promise<LoadedConfig> {
  if (options.explicitPath) {
    const path = resolve(options.cwd, options.explicitPath);
    const text = (await readText(path, true)) as string;
    return (await parseConfig(text, path, false)) ?? {config: {}, path, baseDir: dirname(path)};
  }
  for (let dir = resolve(options.cwd); ; dir = dirname(dir)) {
    for (const name of CONFIG_FILES) {
      const path = join(dir, name);
      const text = await readText(path, false);
      if (text === undefined) continue;
      const loaded = await parseConfig(text, path, name === 'package.json');
      if (loaded) return loaded;
    }
    if (dirname(dir) === dir) return {config: {}, baseDir: resolve(options.cwd)};
  }
}

async function readText(path: string, required: boolean): Promise<string | undefined> {
  try {
    const text = await readFile(path, 'utf8');
    noteFileUsed(path);
    return text;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (!required && (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR')) return undefined;
    throw new UserError(`cannot read config file ${path}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
}

/** undefined for a package.json without an `openwop` key. */
async function parseConfig(text: string, path: string, isPackageJson: boolean): Promise<LoadedConfig | undefined> {
  const doc = JsonDocument.parse(text.replace(/^\uFEFF/, ''), {file: path});
  const broken = doc.problemFindings().find((f) => f.severity === 'error');
  if (broken) throw new UserError(`invalid config ${path}:${broken.line}:${broken.column}: ${broken.message}`);
  let value = doc.value;
  let pointerBase = '';
  if (isPackageJson) {
    const pkg = value as Record<string, unknown> | null;
    if (!pkg || typeof pkg !== 'object' || !Object.hasOwn(pkg, 'openwop')) return undefined;
    value = pkg.openwop;
    pointerBase = '/openwop';
  }
  const problem = await validateConfigShape(value);
  if (problem) {
    const at = doc.locate(pointerBase + problem.pointer);
    throw new UserError(`invalid config ${path}:${at.line}:${at.column}: ${problem.message}`);
  }
  return {config: value as OpenwopConfig, path, baseDir: dirname(path)};
}

/** `--rule tier1/max-depth=off` → {"tier1/max-depth": "off"}. */
export function parseRuleFlags(flags: readonly string[]): Record<string, RuleSetting> {
  const out: Record<string, RuleSetting> = Object.create(null);
  for (const flag of flags) {
    const m = /^([^=\s]+)=(off|warn|error)$/.exec(flag.trim());
    if (!m) throw new UserError(`invalid --rule "${flag}": expected RULE=off|warn|error, e.g. --rule tier1/max-depth=warn`);
    out[m[1]] = m[2] as RuleSetting;
  }
  return out;
}
