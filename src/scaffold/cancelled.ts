/**
 * The person at the terminal stopped the interactive flow (Ctrl-C, or "no" at the final confirmation) before anything
 * was written. Not a UserError: the command exits 130, the shell's code for an interrupt, so a script can tell
 * "cancelled" from "refused" (2).
 */
export class ScaffoldCancelled extends Error {
  override readonly name = 'ScaffoldCancelled';
  static readonly EXIT_CODE = 130;
}
