import {Command, Flags} from '@oclif/core';

export default class Commands extends Command {
  static override summary = 'List every openwop command.';
  static override description = `List every openwop command with its summary (hidden commands left out).

EXIT CODES
  0  the list was printed
  2  usage error (an unknown flag)`;
  static override examples = ['<%= config.bin %> commands', '<%= config.bin %> commands --json'];
  static override flags = {json: Flags.boolean({summary: 'Print the list as JSON.'})};

  async run(): Promise<void> {
    const {flags} = await this.parse(Commands);
    const visible = this.config.commands.filter((c) => !c.hidden && c.id !== 'commands').sort((a, b) => a.id.localeCompare(b.id));
    // Summaries may name the binary through oclif's template (plugin-help's does); that is the only one in use.
    const summaryOf = (c: (typeof visible)[number]) => (c.summary ?? c.description?.split('\n')[0] ?? '').replaceAll('<%= config.bin %>', this.config.bin);
    const rows = visible.map((c) => ({id: c.id.replaceAll(':', ' '), summary: summaryOf(c)}));
    if (flags.json) {
      this.log(JSON.stringify(rows, null, 2));
      return;
    }
    const width = Math.max(...rows.map((r) => r.id.length));
    for (const r of rows) this.log(`${r.id.padEnd(width)}  ${r.summary}`);
  }
}
