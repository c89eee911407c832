/**
 * A failure caused by what the user gave us (bad flag value, invalid config, unreachable host).
 * Commands print its message without a stack trace and exit 2.
 */
export class UserError extends Error {
  override readonly name = 'UserError';
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}
