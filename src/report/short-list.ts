/** How many items a message names before it only counts the rest. */
export const LISTED_IN_MESSAGES = 10;

/**
 * `a, b, c` for a message or summary line, cut after the first `max` items ("… and N more"): a host controls these
 * lists, and a message must stay readable (and small) however long they are.
 */
export function shortList(items: readonly unknown[], max = LISTED_IN_MESSAGES): string {
  const shown = items.slice(0, max).map(String).join(', ');
  return items.length > max ? `${shown} … and ${items.length - max} more` : shown;
}
