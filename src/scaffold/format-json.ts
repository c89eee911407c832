const INDENT = '  ';
const INLINE_MAX = 72;

/**
 * `JSON.stringify(value, null, 2)`, except that a short array of scalars stays on one line
 * (`"type": ["string", "null"]`): the files are meant to be read and edited by people.
 */
export function formatJson(value: unknown): string {
  return `${format(value, '')}\n`;
}

function format(value: unknown, indent: string): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every((v) => v === null || typeof v !== 'object')) {
      const inline = `[${value.map((v) => JSON.stringify(v)).join(', ')}]`;
      if (inline.length <= INLINE_MAX) return inline;
    }
    const inner = indent + INDENT;
    return `[\n${value.map((v) => inner + format(v, inner)).join(',\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const inner = indent + INDENT;
    return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${format(v, inner)}`).join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}
