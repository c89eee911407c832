import {basename} from 'node:path';

/** What OpenAI (json_schema and function names) and Anthropic (tool names) accept; Gemini takes no name. */
const NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_NAME = 64;

/**
 * The name a fragment carries when none is given: the schema's `title`, else the file's base name (without
 * `.schema.json` or `.json`), with every run of other characters made one `_` and cut to 64; `schema` if nothing is left.
 */
export function defaultName(schema: unknown, file: string | undefined): string {
  const title = schema !== null && typeof schema === 'object' && typeof (schema as {title?: unknown}).title === 'string' ? (schema as {title: string}).title : undefined;
  const base = file === undefined || file === '-' ? undefined : basename(file).replace(/(\.schema)?\.json$/i, '');
  for (const candidate of [title, base]) {
    const reduced = candidate
      ?.replace(/[^a-zA-Z0-9_-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, MAX_NAME);
    if (reduced) return reduced;
  }
  return 'schema';
}

/** Why a name given with `--name` is refused, or undefined when the vendors take it. */
export function nameProblem(name: string): string | undefined {
  if (NAME_PATTERN.test(name)) return undefined;
  if (name.length === 0) return 'it is empty';
  if (name.length > MAX_NAME) return `it is ${name.length} characters long; at most ${MAX_NAME}`;
  const bad = [...new Set([...name].filter((c) => !/[a-zA-Z0-9_-]/.test(c)))].map((c) => JSON.stringify(c)).join(', ');
  return `it holds ${bad}; only letters, digits, "_" and "-" are allowed (${NAME_PATTERN.source})`;
}
