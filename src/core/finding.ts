import type {Severity} from './severity.js';

export type {Severity} from './severity.js';
export {SEVERITY_RANK} from './severity.js';

/** A proposed text edit; offsets are into the file's text as read (after any BOM). */
export interface TextEdit {
  offset: number;
  length: number;
  content: string;
  /**
   * An element appended after the last one of an array: other such appends at the same offset go in after it, in the
   * order their fixes come (each finding on one object adds its own name to the same `required`).
   */
  joinable?: true;
}

export interface Fix {
  description: string;
  edits: TextEdit[];
}

/** One thing a check found. `line` and `column` are 1-based; `pointer` is an RFC 6901 JSON pointer. */
export interface Finding {
  ruleId: string;
  severity: Severity;
  message: string;
  file: string;
  pointer: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  fix?: Fix;
  docsUrl?: string;
  /**
   * What the finding is about where several findings of its rule share one pointer (the primitive a pack's code uses,
   * a file of the pack): a baseline tells them apart by it, so trading one such problem for another is not hidden.
   */
  subject?: string;
  /** The upstream error code the rule stands for (`invalid_envelope_shape`, `cap.breached`), when it has one. */
  code?: string;
  /** Which of the rule's message templates `message` was rendered from, and the values it was filled with. */
  messageId?: string;
  data?: Record<string, string | number | boolean>;
  /** For a finding a JSON Schema validator produced: the failing keyword, its params and the path to it in the schema. */
  keyword?: string;
  params?: Record<string, unknown>;
  schemaPath?: string;
}

export interface FileResult {
  file: string;
  findings: Finding[];
  /** With --baseline: the findings the baseline already knows, moved out of `findings` (they do not fail the run). */
  baselined?: Finding[];
  /** Command-specific fields (a simulated trace, a probe's profiles, a pack's gate) ride next to the findings. */
  [extra: string]: unknown;
}

export interface Summary {
  files: number;
  errors: number;
  warnings: number;
  infos: number;
  [extra: string]: unknown;
}

export interface Report {
  tool: 'openwop';
  version: string;
  command: string;
  summary: Summary;
  results: FileResult[];
}
