export type FragmentFormat = 'json' | 'yaml';

/** The fragment as text: two-space JSON, or YAML (loaded only when asked for). */
export async function renderFragment(fragment: unknown, format: FragmentFormat): Promise<string> {
  if (format === 'json') return `${JSON.stringify(fragment, null, 2)}\n`;
  const {stringify} = await import('yaml');
  return stringify(fragment, {lineWidth: 0, aliasDuplicateObjects: false});
}
