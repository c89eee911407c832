/** --lint-schemas' bounds, in a module of their own so the command's flags need not load the fetching code. */
export const DEFAULT_MAX_SCHEMAS = 50;
export const DEFAULT_SCHEMAS_DEADLINE_MS = 60_000;
