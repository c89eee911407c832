import type {RuntimeToken} from '../tokens.js';

/** A primitive one file of a pack evidently uses, at the first place that shows it (1-based line and column). */
export interface CodeUse {
  token: RuntimeToken;
  line: number;
  column: number;
  /** What was seen: `imports node:dns/promises`, `calls fetch()`, `reads process.env`. */
  evidence: string;
}

/** What scanning one file gives: its uses, the relative imports to follow, or why it could not be parsed. */
export interface CodeScan {
  uses: CodeUse[];
  imports: {specifier: string; line: number; column: number}[];
  unparsed?: {line: number; column: number; message: string};
}

type Position = {line: number; column: number} | {loc: {start: {line: number; column: number}}};

/** Keeps the first use of each primitive in source order. */
export class UseCollector {
  private readonly byToken = new Map<RuntimeToken, CodeUse>();

  /** `at` is a 1-based position, or an ESTree node (0-based column). */
  add(token: RuntimeToken, at: Position, evidence: string): void {
    const {line, column} = 'loc' in at ? {line: at.loc.start.line, column: at.loc.start.column + 1} : at;
    const known = this.byToken.get(token);
    if (known && (known.line < line || (known.line === line && known.column <= column))) return;
    this.byToken.set(token, {token, line, column, evidence});
  }

  list(): CodeUse[] {
    return [...this.byToken.values()].sort((a, b) => a.line - b.line || a.column - b.column);
  }
}
