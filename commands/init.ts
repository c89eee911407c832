import {Command, Flags} from '@oclif/core';
import {init} from '../src/init/index.js';
import {packageVersion} from '../src/io/package-root.js';
import {reportCommandError, screenExamples, verboseFlag} from './_common.js';

export default class Init extends Command {
  static override summary = 'Write a starter openwop.config.json (and, with --pre-commit, the pre-commit hooks config).';

  static override usage = '<%= command.id %> [FLAGS]';

  static override examples = screenExamples('init', [
    '<%= config.bin %> init',
    '<%= config.bin %> init --pre-commit',
    '<%= config.bin %> init --pre-commit --force',
    '<%= config.bin %> lint schema --print-config schemas/envelopes/x.schema.json',
  ]);

  static override flags = {
    'pre-commit': Flags.boolean({summary: 'Also write .pre-commit-config.yaml.'}),
    force: Flags.boolean({summary: 'Replace the config; add hooks to an existing file.'}),
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
