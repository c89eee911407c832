import type {Severity} from './severity.js';

/** The commands that report findings; a rule names the ones that can emit it. */
export type CheckingCommand = 'lint schema' | 'validate envelope' | 'validate pack' | 'validate bundle' | 'probe host' | 'simulate retry' | 'export schema' | 'scaffold kind';

/** Where a fact a rule rests on comes from, and the month it was last checked against it (`YYYY-MM`). */
export interface RuleSource {
  url: string;
  title?: string;
  verified: string;
}

/** What a vendor or upstream implementation does. `api-error` quotes what an API answered; `docs` and `sdk` paraphrase. */
export interface Evidence {
  kind: 'api-error' | 'docs' | 'sdk';
  text: string;
  url: string;
  verified: string;
}

/** Every rule id is `<family>/<name>`, each part lower-case words joined by hyphens. */
export const RULE_ID = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*\/[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** One rule, whichever command reports it: what `--list-rules`, `--explain`, the docs pages and SARIF read. */
export interface Rule {
  id: string;
  /** The part of `id` before the slash. */
  family: string;
  description: string;
  severity: Severity;
  /** The upstream error code a finding of this rule stands for, when there is one. */
  code?: string;
  /** Earlier ids and the upstream code: `--rule` and config accept them as well as `id`. */
  aliases: readonly string[];
  commands: readonly CheckingCommand[];
  /** Lint profiles and targets the rule runs under (lint rules only). */
  profiles?: readonly string[];
  targets?: readonly string[];
  sources: readonly RuleSource[];
  evidence: readonly Evidence[];
  /** Why the rule exists and what to do about a finding. */
  explanation: string;
  /** Short texts (JSON, or a command line) that pass and that fail the rule. */
  examples: {valid: readonly string[]; invalid: readonly string[]};
  fixable: boolean;
  /** Message templates by messageId; `{{name}}` is filled from a finding's `data`. */
  messages: Readonly<Record<string, string>>;
  /** The docs page, relative to the docs base URL package.json sets: `<family>/<name>.md`. */
  docsPath: string;
}

/** What a rule file writes; `defineRule` fills the rest. */
export type RuleSpec = Pick<Rule, 'id' | 'description'> & Partial<Omit<Rule, 'id' | 'description' | 'family' | 'docsPath'>>;

/** A rule with its defaults filled: severity error, no aliases, no sources, explanation = description. */
export function defineRule(spec: RuleSpec): Rule {
  if (!RULE_ID.test(spec.id)) throw new Error(`rule id "${spec.id}" is not <family>/<name>`);
  const [family, name] = spec.id.split('/') as [string, string];
  const aliases = [...(spec.aliases ?? [])];
  if (spec.code !== undefined && !aliases.includes(spec.code)) aliases.push(spec.code);
  return {
    severity: 'error',
    commands: [],
    sources: [],
    evidence: [],
    explanation: spec.description,
    examples: {valid: [], invalid: []},
    fixable: false,
    messages: {},
    ...spec,
    aliases,
    family,
    docsPath: `${family}/${name}.md`,
  };
}

/** The names `--rule` and config may use for a rule: its id, then its aliases. */
export function ruleNames(rule: Pick<Rule, 'id' | 'aliases'>): readonly string[] {
  return [rule.id, ...rule.aliases];
}

/** The values a message template's `{{name}}`s are filled with. */
export type MessageData = Readonly<Record<string, string | number | boolean>>;

/** `{{name}}` in a template, filled from `data`; a name `data` lacks stays as written, so a missing value shows. */
export function renderMessage(template: string, data: MessageData = {}): string {
  return compileMessage(template)(data);
}

/**
 * {@link renderMessage} with the template read once: for a checker that renders the same templates for thousands of
 * findings, where scanning each template again cost more than the checks.
 */
export function compileMessage(template: string): (data?: MessageData) => string {
  // Texts at even indexes, names at odd ones, each name followed by the text it stood for.
  const parts: string[] = [];
  let last = 0;
  for (const m of template.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) {
    parts.push(template.slice(last, m.index), m[1], m[0]);
    last = m.index + m[0].length;
  }
  if (parts.length === 0) return () => template;
  parts.push(template.slice(last));
  return (data = {}) => {
    let out = parts[0];
    for (let i = 1; i < parts.length; i += 3) {
      const key = parts[i];
      out += (Object.hasOwn(data, key) ? String(data[key]) : parts[i + 1]) + parts[i + 2];
    }
    return out;
  };
}
