/**
 * The config `openwop init` writes. The loader reads strict JSON (no comments), so the explanations are a root
 * `$comment`, which the config schema allows and every command ignores; the values are the defaults, written out so
 * each can be edited in place.
 */
export function starterConfig(): string {
  const config = {
    $schema: './node_modules/openwop/schemas/openwop-config.schema.json',
    $comment: [
      'openwop configuration. Every key is optional; those below hold the defaults. `openwop <command> --print-config FILE` shows what applies to FILE.',
      'rules: a rule id, or a family such as "tier1/*", set to "off", "info", "warn" or "error"; --rule on the command line wins; each command\'s --list-rules lists its rules, and --explain RULE says what one checks.',
      "ignore: globs, relative to this file's folder, of paths no command checks.",
      'overrides: entries {"files": [globs], "rules": {...}, "lint": {...}} applied to the files they match, later entries over earlier ones.',
      'lint: the profile ("strict": every property required, as OpenAI\'s strict mode wants; or "load-bearing") and the targets ("tier1", "openai", "anthropic", "gemini", "gemini-legacy") `lint schema` checks.',
      'scaffold: where `openwop scaffold kind` writes payload schemas (out) and example envelopes (examplesOut); the pre-commit hooks look there.',
      "Also accepted: kindSchemas (folders of <kind>.schema.json for vendor kinds), capabilities (a host's saved capabilities document), packs.idBase. See the README's Configuration section.",
    ],
    rules: {},
    ignore: [],
    overrides: [],
    lint: {profile: 'strict', targets: ['tier1']},
    // scaffold kind's defaults (a test holds them together), the layout the pre-commit hooks' patterns expect.
    scaffold: {out: 'schemas/envelopes', examplesOut: 'examples/envelopes'},
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}
