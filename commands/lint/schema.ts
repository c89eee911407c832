import {Args, Flags} from '@oclif/core';
import {Chalk} from 'chalk';
import {parseRuleFlags} from '../../src/config/load.js';
import {explainRule, INPUT_RULES, LINT_TARGETS, lintSchemaInputs, listRules, RULES, suggestRules, type FixMode, type LintTarget} from '../../src/lint/index.js';
import {UserError} from '../../src/report/user-error.js';
import {CheckCommand, EXIT_CODES_HELP, READS_HELP, type CheckContext, type CheckOutcome} from '../_base.js';
import {BASELINE_HELP, baselineFlags, INPUT_SELECTION_HELP, inputSelection, inputSelectionFlags, LIST_FLAG, readScopeFlags} from '../_common.js';

export default class LintSchema extends CheckCommand {
  static override summary = 'Lint JSON Schemas against the Tier-1 structured-output subset and the reasoning-field rules (RFC 0030, RFC 0031).';

  static override description = `Checks envelope payload schemas and pack node schemas the way the OpenWOP conformance walker does (RFC 0030 §B), then further.

PROFILES (--profile)
  strict        (default) everything: closed objects, every property required, no string/number/array
                constraints, at most 100 properties — what strict structured outputs need.
  load-bearing  only what breaks generation: forbidden keywords (oneOf, allOf, not, if/then/else, …),
                depth over 5, undiscriminated anyOf, a non-object root, unresolved $ref.
The tier1/* rules reproduce upstream's walker exactly (same checks, one finding per offending keyword or property, as
upstream counts). tier1-ext/* are the same checks where upstream does not look: $ref targets, definitions,
additionalProperties/patternProperties sub-schemas, contains, tuple items, and the branches of the keywords Tier-1
forbids (oneOf, allOf, not, if/then/else, dependentSchemas): the forbidden keyword is reported, and what it holds.

TARGETS (--target, repeatable or comma-separated; default tier1)
  --target lists exactly what is checked: "--target openai" runs the OpenAI rules and not tier1; give both
  ("--target tier1,openai") for both. Each vendor target is one request field, modelled as the subset of JSON Schema
  it accepts; a vendor rule looks at every sub-schema the vendor reads (properties, items, every anyOf/oneOf/allOf
  branch, $defs, additionalProperties sub-schemas, $ref targets). Severity follows what the API does: refused
  (HTTP 400) → error, ignored → warning, read differently → info.
  tier1          the cross-vendor subset (tier1/*, tier1-ext/*, ref/recursive)
  openai         OpenAI strict structured outputs (response_format, text.format, strict tools): root object,
                 closed objects and all-required at any depth, no keyword outside its subset (oneOf, allOf,
                 examples, propertyNames, …), $ref without sibling keywords, a type on every sub-schema, formats, 5,000 properties, 10 levels,
                 120,000 characters, enum sizes
  anthropic      Anthropic strict tool use / structured outputs: a root with "type": "object" and no top-level
                 anyOf/oneOf/allOf, no recursion or external $ref, no numeric or length bounds, minItems 0 or 1,
                 formats, 24 optional and 16 union-typed properties
  gemini         Gemini responseJsonSchema: keywords it ignores (warnings), oneOf read as anyOf (info),
                 propertyOrdering
  gemini-legacy  Gemini responseSchema (OpenAPI 3.0 subset): any other field is refused (HTTP 400 "Unknown name":
                 $schema, $ref, $defs, additionalProperties, const, …), type lists (use "nullable")
reasoning/* and ref/unresolved, ref/remote-not-fetched run for every target. Vendor rules carry the month their fact was
last verified and the vendor's own answer (the API error text where one is known): see --explain RULE.
openwop export schema FILE --target T prints the request fragment that API takes, rewritten to be accepted.

INPUTS
  A file named on the command line is always linted (unless an ignore covers it: see CHOOSING FILES). From a folder (recursive) or a glob only the .json files that
  look like JSON Schemas are: a root with "$schema", "type", "properties" or "$defs", and not the shape of an AIEnvelope
  ("type", "payload", "meta"), a foxctl envelope ("status", "command") or a pack manifest ("name", "version" and
  "runtime", "nodes", "kind" or "engines"). A file that does not parse is linted, so its syntax error shows. The others
  are counted as skipped (summary.skipped; a line under the summary); --all-json lints every .json file.

KIND DETECTION (for reasoning/missing and reasoning/forbidden-on-ack)
  x-openwop-kind, else a $id ending in <kind>.schema.json, else the file name <kind>.schema.json, else a title
  that is itself a kind name (vendor.acme.plan.create).

$REF
  Local (#/…, #anchor) and relative file refs (resolved against the schema's folder; for stdin, that of --stdin-filename NAME, else the working directory)
  are followed; findings inside a referenced file name that file. http(s) refs are fetched only with --allow-remote-refs
  (otherwise ref/remote-not-fetched, info); a failed fetch is ref/unresolved with the reason. A $ref cycle is reported (ref/recursive) and not followed.
  A file ref is read only when it is a regular file inside a root (see READS): an absolute path, a file: URL, or a path
  leaving every root through ".." or a symbolic link is ref/outside-root; a FIFO or device is ref/not-regular. Neither
  is read. Referenced files count against --max-size.

FIXES
  --fix adds "additionalProperties": false where it is absent, lists optional properties in "required" with a null
  union (RFC 0030 §D: "string" becomes ["string", "null"], an enum gains null) and moves "reasoning" first. With a
  vendor target it also makes the lossless rewrites that vendor needs: a "oneOf" whose branches a discriminator tells
  apart becomes "anyOf"; a "$ref" with keywords beside it is inlined, those keywords winning (openai); "const" becomes
  a one-value "enum", ["T", "null"] becomes "nullable": true and local refs are inlined (gemini-legacy). Every finding
  it leaves says why it is not auto-fixable. Edits keep
  the file's formatting; running it twice changes nothing; a file that does not parse
  (or has duplicate keys) is never touched. Loosening changes (dropping pattern, format or bounds; flipping
  additionalProperties: true) are never automatic — the finding says what to do. --fix-dry-run prints the diff instead.
  A fixed file is replaced atomically (temp file, fsync, rename) and keeps its owner and mode; a file with several hard
  links is rewritten in place, so every link sees the fix; a symlink's target is written, the link stays. A read-only
  file is left alone (io/unwritable, exit 2) unless --force; anything but a regular file (a FIFO, a device) never.

Config (openwop.config.json): "rules" {"ID": "off|info|warn|error"}, "lint" {"profile", "targets",
"reasoningMissingMinProperties"}, "ignore" globs, "overrides" [{"files": [globs], "rules", "lint"}]. Command-line flags
win over the config; --rule wins over both.

${BASELINE_HELP}

${INPUT_SELECTION_HELP}

${READS_HELP}

${EXIT_CODES_HELP}`;

  static override examples = [
    {description: 'Lint every schema under a folder (strict profile, Tier-1 target)', command: '<%= config.bin %> <%= command.id %> schemas/envelopes'},
    {description: 'Every .json file under a folder, schema-shaped or not', command: '<%= config.bin %> <%= command.id %> contracts/ --all-json'},
    {description: 'Only what breaks generation, for OpenAI and Anthropic too', command: '<%= config.bin %> <%= command.id %> vendor.acme.plan.create.schema.json --profile load-bearing --target tier1,openai,anthropic'},
    {description: 'See what --fix would change, then apply it', command: '<%= config.bin %> <%= command.id %> schemas/ --fix-dry-run\n<%= config.bin %> <%= command.id %> schemas/ --fix'},
    {description: 'Lint a schema from stdin, SARIF for code scanning', command: 'cat payload.schema.json | <%= config.bin %> <%= command.id %> - --format sarif'},
    {description: 'Record the schemas\' current findings, then fail only on new ones', command: '<%= config.bin %> <%= command.id %> schemas/ --baseline openwop-baseline.json --update-baseline\n<%= config.bin %> <%= command.id %> schemas/ --baseline openwop-baseline.json'},
    {description: 'Turn one rule into a warning', command: '<%= config.bin %> <%= command.id %> schemas/ --rule tier1/string-constraint=warn'},
    {description: 'Explain a rule (sources, verified date, examples); list all rules', command: '<%= config.bin %> <%= command.id %> --explain tier1/all-required\n<%= config.bin %> <%= command.id %> --list-rules'},
  ];

  // oclif copies only a command's own static fields, so each command sets this itself (PATHS is variadic).
  static override strict = false;

  static override args = {
    paths: Args.string({description: 'Schema files, folders (recursively), globs, or - for stdin. From folders and globs only the files that look like JSON Schemas (see INPUTS).', required: false}),
  };

  static override flags = {
    profile: Flags.string({summary: 'strict (default) or load-bearing.', options: ['strict', 'load-bearing'], helpGroup: 'LINT'}),
    target: Flags.string({summary: 'What to check: tier1 (default) and/or vendor request fields. Lists exactly what runs (repeatable or comma-separated).', options: [...LINT_TARGETS], ...LIST_FLAG, helpGroup: 'LINT'}),
    fix: Flags.boolean({summary: 'Apply the safe fixes to the files (atomic write; owner, mode and hard links kept).', exclusive: ['fix-dry-run'], helpGroup: 'LINT'}),
    'fix-dry-run': Flags.boolean({summary: 'Print the diff --fix would make; change nothing. What the fixes leave is reported at its place in the file as it is on disk.', exclusive: ['fix'], helpGroup: 'LINT'}),
    force: Flags.boolean({summary: 'Let --fix rewrite read-only schema files (they stay read-only); let --update-baseline replace a file that is not a baseline.', relationships: [{type: 'some', flags: ['fix', 'update-baseline']}], helpGroup: 'LINT'}),
    explain: Flags.string({summary: 'Explain RULE: what, why, profiles, targets, sources with the month verified, the vendor\'s evidence (API error texts), examples.', helpValue: 'RULE', helpGroup: 'LINT'}),
    'list-rules': Flags.boolean({summary: 'List every rule (with --json: as JSON).', helpGroup: 'LINT'}),
    'all-json': Flags.boolean({summary: 'Lint every .json file folders and globs yield, not only those that look like JSON Schemas.', helpGroup: 'INPUT'}),
    'allow-remote-refs': Flags.boolean({summary: 'Fetch and check the schemas http(s) $refs name (10 s timeout, 5 MB cap, same-origin redirects, at most 20 documents).', helpGroup: 'LINT'}),
    'max-size': Flags.integer({summary: 'Largest schema file (or file a $ref names) to read, in MB.', default: 100, min: 1, helpGroup: 'INPUT'}),
    ...readScopeFlags(),
    ...inputSelectionFlags(),
    ...baselineFlags(),
  };

  protected readonly commandName = 'lint schema';

  override async run(): Promise<void> {
    const {flags} = await this.parse(LintSchema);
    if (flags.explain !== undefined) {
      try {
        process.stdout.write(explainRule(flags.explain));
      } catch (error) {
        throw new UserError((error as Error).message);
      }
      return;
    }
    if (flags['list-rules']) {
      const rules = listRules();
      if (flags.json || flags.format === 'json') {
        process.stdout.write(`${JSON.stringify(rules, null, 2)}\n`);
        return;
      }
      const width = Math.max(...rules.map((r) => r.id.length));
      for (const r of rules) {
        const tags = [r.severity, r.profiles.length === 2 ? 'both profiles' : r.profiles[0], r.targets.join('/'), r.fixable ? 'fixable' : '', r.extension ? 'extension' : 'upstream'].filter(Boolean).join(', ');
        process.stdout.write(`${r.id.padEnd(width)}  ${r.description}\n${' '.repeat(width)}  (${tags})\n`);
      }
      return;
    }
    return super.run();
  }

  protected async check(ctx: CheckContext): Promise<CheckOutcome> {
    const {argv, flags} = await this.parse(LintSchema);
    const paths = argv as string[];
    if (paths.length === 0) throw new UserError('no input: give schema files, folders or globs, or - for stdin', 'e.g. openwop lint schema schemas/envelopes (see --help)');
    if (flags.fix && paths.includes('-')) throw new UserError('--fix cannot write back to stdin', 'use --fix-dry-run to see the diff');
    const rules = parseRuleFlags(flags.rule ?? []);
    for (const id of Object.keys(rules)) checkRuleId(id);
    const fix: FixMode | undefined = flags.fix ? 'write' : flags['fix-dry-run'] ? 'dry-run' : undefined;
    const scope = this.readScope(ctx, flags, paths);
    const outcome = await lintSchemaInputs(paths, {
      cwd: ctx.cwd,
      config: ctx.config.config,
      configBaseDir: ctx.config.baseDir,
      cli: {
        ...(flags.profile ? {profile: flags.profile as 'strict' | 'load-bearing'} : {}),
        ...(flags.target?.length ? {targets: flags.target as LintTarget[]} : {}),
        rules,
        ...(flags['allow-remote-refs'] ? {allowRemoteRefs: true} : {}),
      },
      fix,
      force: flags.force,
      maxDocumentBytes: scope.maxBytes,
      scope,
      selection: inputSelection(flags),
      allJson: flags['all-json'],
    });
    return {
      ...outcome,
      renderSummaryExtras: (summary) => {
        const skipped = typeof summary.skipped === 'number' ? summary.skipped : 0;
        return skipped > 0 ? [`${skipped} .json file${skipped === 1 ? '' : 's'} skipped: not JSON Schemas (envelopes, pack manifests, other JSON); --all-json lints them too`] : [];
      },
      renderExtras: (result, fctx) => {
        const c = new Chalk({level: fctx.color ? 1 : 0});
        const lines: string[] = [];
        if (typeof result.fixed === 'number' && result.fixed > 0) lines.push(c.green(`${result.fixed} fix${result.fixed === 1 ? '' : 'es'} ${fix === 'dry-run' ? 'would be applied' : 'applied'}`));
        if (typeof result.diff === 'string') {
          for (const line of result.diff.replace(/\n$/, '').split('\n')) {
            lines.push(line.startsWith('+') ? c.green(line) : line.startsWith('-') ? c.red(line) : line.startsWith('@@') ? c.cyan(line) : line);
          }
        }
        return lines;
      },
    };
  }
}

function checkRuleId(id: string): void {
  const known = [...RULES.map((r) => r.meta.id), ...INPUT_RULES.map((r) => r.id)];
  if (id === '*' || known.includes(id)) return;
  if (id.endsWith('/*') && known.some((k) => k.startsWith(id.slice(0, -1)))) return;
  const s = suggestRules(id);
  throw new UserError(`unknown rule "${id}" in --rule${s.length ? `; did you mean ${s.join(', ')}?` : ''}`, 'openwop lint schema --list-rules lists them');
}
