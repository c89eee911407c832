/**
 * `text` without the run of `char` at its end. A loop rather than `/c+$/`: a backtracking engine tries that pattern
 * at every position of a long run, which is quadratic in the run's length.
 */
export function trimTrailing(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** `text` up to (not including) the first `char`, or all of it. For `/#.*$/`, which is quadratic on many `#` before a line break. */
export function cutAt(text: string, char: string): string {
  const at = text.indexOf(char);
  return at === -1 ? text : text.slice(0, at);
}
