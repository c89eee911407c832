import {Command, Flags} from '@oclif/core';
import {init} from '../src/init/index.js';
import {packageVersion} from '../src/io/package-root.js';
import {reportCommandError, verboseFlag} from './_common.js';

export default class Init extends Command {
  static override summary = 'Write a starter openwop.config.json (and, with --pre-commit, the pre-commit hooks config).';

  static override description = `Writes openwop.config.json in the working directory: every setting at its default, with what each
means in the file's "$comment" (the config is plain JSON, which allows no comments; "$comment" is ignored by every
command, and "$schema" points editors at the config's schema). The written config loads as it is.

--pre-commit also sets up pre-commit (https://pre-commit.com) with this repository's three hooks (openwop-lint-schema,
openwop-validate-envelope, openwop-validate-pack) at rev v<this version>:
  no .pre-commit-config.yaml   it is written
  one exists                   it is left alone and the entry to add under its repos: is printed;
                               with --force the entry is added to its repos: list (comments and layout kept)
  one that lists them already  nothing to do

NOTHING IS OVERWRITTEN
  A config already in this folder (openwop.config.json, .openwoprc.json, or package.json with an "openwop" key) is
  exit 2 and nothing is written; with --pre-commit it is kept ("kept NAME" on stdout) and the hooks are set up as
  below. --force replaces openwop.config.json (one in .openwoprc.json or package.json is kept,
  and openwop.config.json is read before it). Every refusal is checked before the first file is written.
  A symbolic link at openwop.config.json or .pre-commit-config.yaml is written through only when it leads to a file
  inside the project; one leading out of it is refused (exit 2), with or without --force.

EXIT CODES
  0  written (or, for an existing pre-commit config, the entry to add printed; with --pre-commit, a config kept)
  2  a config exists (without --force), a file could not be written, or a usage error`;

  static override examples = [
    {description: 'A starter config in the current folder:', command: '<%= config.bin %> init'},
    {description: 'The config and the pre-commit hooks:', command: '<%= config.bin %> init --pre-commit'},
    {description: 'Replace the config, and add the hooks to an existing .pre-commit-config.yaml:', command: '<%= config.bin %> init --pre-commit --force'},
    {description: 'What a file in the project then gets:', command: '<%= config.bin %> lint schema --print-config schemas/envelopes/x.schema.json'},
  ];

  static override flags = {
    'pre-commit': Flags.boolean({summary: 'Also write .pre-commit-config.yaml with openwop\'s hooks (an existing one: print the entry to add).'}),
    force: Flags.boolean({summary: 'Replace an existing openwop.config.json; add the hooks to an existing .pre-commit-config.yaml.'}),
    verbose: verboseFlag(),
  };

  async run(): Promise<void> {
    const {flags} = await this.parse(Init);
    const result = await init({cwd: process.cwd(), preCommit: flags['pre-commit'], force: flags.force, version: packageVersion()});
    if (result.kept !== undefined) this.log(`kept ${result.kept}: an openwop config is already here (--force replaces it with the starter config)`);
    for (const file of result.written) this.log(`wrote ${file}`);
    if (result.preCommitAlready) this.log('.pre-commit-config.yaml already lists the openwop hooks');
    if (result.snippet !== undefined) {
      process.stderr.write('.pre-commit-config.yaml exists and was left as it is: add this entry under its repos: (or run again with --force to have it added)\n');
      process.stdout.write(result.snippet);
    }
  }

  protected override async catch(error: Error & {oclif?: {exit?: number}}): Promise<unknown> {
    if (!reportCommandError(error, this.argv)) return super.catch(error);
  }
}
