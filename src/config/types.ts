import type {RuleLevel} from '../core/severity.js';

export type LintProfile = 'strict' | 'load-bearing';
/** `gemini` is the responseJsonSchema request field; `gemini-legacy` the older responseSchema (an OpenAPI 3.0 subset). */
export type LintTarget = 'tier1' | 'openai' | 'anthropic' | 'gemini' | 'gemini-legacy';

export interface LintConfig {
  profile?: LintProfile;
  targets?: LintTarget[];
  /** `reasoning/missing` fires for vendor kinds with at least this many payload properties and no `reasoning`. */
  reasoningMissingMinProperties?: number;
}

export interface Override {
  files: string[];
  rules?: Record<string, RuleLevel>;
  lint?: LintConfig;
}

/** The shape of openwop.config.json, .openwoprc.json and the `openwop` key of package.json. */
export interface OpenwopConfig {
  rules?: Record<string, RuleLevel>;
  ignore?: string[];
  overrides?: Override[];
  lint?: LintConfig;
  /** Extra folders holding `<kind>.schema.json` payload schemas for vendor kinds. */
  kindSchemas?: string[];
  /** Default capabilities document (a file path or URL) for validate envelope and simulate retry. */
  capabilities?: string;
  scaffold?: {idBase?: string; out?: string; examplesOut?: string};
  packs?: {idBase?: string};
}

export interface LoadedConfig {
  config: OpenwopConfig;
  /** The file it came from, or undefined when none was found. */
  path?: string;
  /** Folder that relative paths in the config resolve against. */
  baseDir: string;
  /** The project root: the folder holding the config file found, or `.git`, else the working directory. */
  root: string;
}
