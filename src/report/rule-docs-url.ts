import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import type {Rule} from '../core/rule.js';
import {packageRoot} from '../io/package-root.js';

let base: string | undefined;

/**
 * Where a rule's docs page lives: package.json's `ruleDocsBaseUrl` (so a fork can point at its own pages; not under the `openwop` key, which is the
 * config a project's package.json carries and would be read as ours when run inside this checkout) joined
 * with the rule's `<family>/<name>.md`. Read once, on first use: start-up does not pay for it.
 */
export function ruleDocsUrl(rule: Pick<Rule, 'docsPath'>): string {
  base ??= (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as {ruleDocsBaseUrl: string}).ruleDocsBaseUrl;
  return new URL(rule.docsPath, base).href;
}
