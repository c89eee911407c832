export interface FragmentInput {
  /** Already checked against the vendors' name pattern. */
  name: string;
  /** The root's description (a tool's description), when it has one. */
  description?: string;
  /** The schema as rewritten for the target. */
  schema: unknown;
}

/** How one vendor target wraps a schema into the request fragment(s) its API takes. */
export interface TargetBuilder {
  /** The request forms, the default first among equals. */
  forms: readonly string[];
  defaultForm: string;
  build(form: string, input: FragmentInput): Record<string, unknown>;
}
