import type {FileResult, Summary} from '../core/finding.js';
import type {Rule} from '../core/rule.js';

/** Everything a formatter needs besides the report. Formatters are pure: no I/O, no globals, no process.env. */
export interface FormatContext {
  /** Whether stylish may emit ANSI colour. Decide it with `shouldUseColor`, never inside a formatter. */
  color: boolean;
  /**
   * Known rules by id; only SARIF reads them (see `needsRules`), and a finding whose rule is missing falls back to
   * its id as description.
   */
  rules: ReadonlyMap<string, Rule>;
  /** Paths under this folder are shown/linked relative to it (SARIF %SRCROOT%, GitHub annotations). */
  cwd: string;
  toolVersion: string;
  /** Tool home page for SARIF `tool.driver.informationUri`; omitted from the log when absent. */
  informationUri?: string;
  /**
   * Command-specific readable lines (a retry timeline, a probe's profiles) printed under a file's findings in stylish
   * mode only; the machine formats carry the same data as extra result fields. The context is passed so the hook can
   * colour consistently with the rest of the output.
   */
  renderExtras?: (result: FileResult, ctx: FormatContext) => string[];
  /**
   * The mark before a file without findings (default a green ✔), for a command whose file can fail without a finding
   * (a simulated recording's outcome): the header must not claim success the lines under it deny.
   */
  cleanMark?: (result: FileResult, ctx: FormatContext) => string;
  /**
   * The terminal's width when stylish writes to a TTY: longer lines are wrapped to it. Absent (a pipe, -o, a library
   * call) every line keeps its full text, so logs and files lose nothing.
   */
  width?: number;
  /** --quiet: stylish leaves out files with nothing left to show, command extras included. */
  quiet?: boolean;
  /** Command-specific readable lines under stylish's summary line (what a run passed over, say); machine formats carry the same in `summary`. */
  renderSummaryExtras?: (summary: Summary, ctx: FormatContext) => string[];
  /**
   * The text of the files findings point into, by `Finding.file`, for the formats that quote them (html's excerpts).
   * The command reads them inside its read scope (see readExcerptSources); a file absent here gets no excerpt.
   */
  sources?: ReadonlyMap<string, string>;
}

/** Fills the fields a caller rarely cares about; handy for tests and for library users. */
export function makeFormatContext(opts: Partial<FormatContext> & {toolVersion: string}): FormatContext {
  return {color: false, rules: new Map(), cwd: process.cwd(), ...opts};
}
