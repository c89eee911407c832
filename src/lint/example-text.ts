/** JSON, compact where short, with long arrays and objects abbreviated so a 5,001-property example stays readable. */
export function example(value: unknown, depth = 0): string {
  const flat = JSON.stringify(value);
  if (flat === undefined) return 'undefined';
  if (flat.length <= 90 - depth * 2) return inline(value);
  const pad = '  '.repeat(depth + 1);
  const close = '  '.repeat(depth);
  const LIMIT = 6;
  if (Array.isArray(value)) {
    const items = value.slice(0, LIMIT).map((v) => pad + example(v, depth + 1));
    if (value.length > LIMIT) items.push(`${pad}… ${value.length - LIMIT} more`);
    return `[\n${items.join(',\n')}\n${close}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    const items = entries.slice(0, LIMIT).map(([k, v]) => `${pad}${JSON.stringify(k)}: ${example(v, depth + 1)}`);
    if (entries.length > LIMIT) items.push(`${pad}… ${entries.length - LIMIT} more`);
    return `{\n${items.join(',\n')}\n${close}}`;
  }
  return flat.length > 90 ? `${flat.slice(0, 40)}…${flat.slice(-10)}` : flat;
}

function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`)
      .join(', ')}}`;
  return JSON.stringify(value) ?? 'null';
}
