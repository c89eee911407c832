export const REDACTED = '[REDACTED]';

/** Shorter values are not credentials anyone uses, and masking them would garble every message. */
const MIN_SECRET_LENGTH = 3;

/**
 * Masks credential values wherever they could surface: finding messages, the echoed document, error text and saved
 * files. Applied to values before they are serialised, so escaped forms (JSON, SARIF, XML) cannot slip through either.
 */
export class Redactor {
  private readonly secrets: string[];

  constructor(secrets: readonly string[]) {
    // Longest first, so a whole `Bearer x` is masked before its `x` part.
    this.secrets = [...new Set(secrets.filter((s) => s.length >= MIN_SECRET_LENGTH))].sort((a, b) => b.length - a.length);
  }

  get active(): boolean {
    return this.secrets.length > 0;
  }

  /** Offset of the first secret in `text`, or -1. */
  firstLeak(text: string): {offset: number; length: number} | undefined {
    let best: {offset: number; length: number} | undefined;
    for (const s of this.secrets) {
      const i = text.indexOf(s);
      if (i !== -1 && (best === undefined || i < best.offset)) best = {offset: i, length: s.length};
    }
    return best;
  }

  text(text: string): string {
    let out = text;
    for (const s of this.secrets) if (out.includes(s)) out = out.split(s).join(REDACTED);
    return out;
  }

  /** A deep copy with every string (keys included) redacted. */
  value<T>(value: T): T {
    if (!this.active) return value;
    return this.walk(value) as T;
  }

  private walk(value: unknown): unknown {
    if (typeof value === 'string') return this.text(value);
    if (Array.isArray(value)) return value.map((v) => this.walk(v));
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) Object.defineProperty(out, this.text(k), {value: this.walk(v), enumerable: true, writable: true, configurable: true});
      return out;
    }
    return value;
  }
}
