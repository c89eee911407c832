// oclif joins every word typed before the first flag into the id (`lint schemas x.json` → `lint:schemas:x.json`), so
// the id is cut after its first word that is no topic: the rest are arguments, and are never shown as the command.
// What was typed may be anything (an escape sequence, a pasted key): it goes through the same display layer as every
// other message. Loaded by oclif only when no command matched.
module.exports = async function commandNotFound({id}) {
  const [{displayText}, {closest}] = await Promise.all([import('../dist/src/report/printable.js'), import('../dist/src/report/suggest.js')]);
  const words = id.split(':');
  let typed = 1;
  while (typed < words.length && this.config.findTopic(words.slice(0, typed).join(':'))) typed++;
  const wanted = words.slice(0, typed).join(' ');
  const known = [...this.config.commands.filter((c) => !c.hidden).map((c) => c.id), ...this.config.topics.map((t) => t.name)];
  const suggestions = closest(wanted, [...new Set(known.map((k) => k.replaceAll(':', ' ')))], 1);
  const advice = suggestions.length > 0 ? `; did you mean "${suggestions[0]}"?` : '';
  this.error(`unknown command "${displayText(wanted)}"${advice}`, {exit: 2, suggestions: [`${this.config.bin} commands`]});
};
