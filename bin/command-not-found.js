// oclif's "command … not found" echoes what was typed, which may be anything (an escape sequence, a pasted key). The
// message goes through the same display layer as every other one. Loaded by oclif only when no command matched.
module.exports = async function commandNotFound({id}) {
  const {displayText} = await import('../dist/src/report/printable.js');
  this.error(`command ${displayText(id)} not found`, {exit: 2});
};
