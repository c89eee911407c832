/** The lenient-parse paths of RFC 0032 `envelope.recovery.applied` that a host may implement. */
export type RecoveryPath = 'markdown-fence' | 'brace-walker' | 'jsonrepair';

export const RECOVERY_PATHS: readonly RecoveryPath[] = ['markdown-fence', 'brace-walker', 'jsonrepair'];

export interface Recovered {
  value: unknown;
  /** UTF-8 byte offset in the model's text where the recovered JSON starts (the event's `byteOffset`). */
  byteOffset: number;
}

export interface Recovery {
  path: RecoveryPath;
  recover(text: string): Recovered | null;
}

export function byteOffsetOf(text: string, index: number): number {
  return Buffer.byteLength(text.slice(0, index), 'utf8');
}

export function parseOrNull(text: string): {value: unknown} | null {
  try {
    return {value: JSON.parse(text)};
  } catch {
    return null;
  }
}
