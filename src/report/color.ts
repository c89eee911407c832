/**
 * Decides whether human output may be coloured. Precedence, strongest first:
 *   1. `--no-color` — the user said so on this very command line;
 *   2. NO_COLOR (any non-empty value, per no-color.org) — an explicit "no" wins over FORCE_COLOR, because disabling
 *      is the safe direction when both are inherited from different layers (a CI image and a test harness);
 *   3. FORCE_COLOR — "0"/"false" disables, anything else ("", "1"–"3", "true") enables even off a TTY, as in
 *      supports-color, so CI logs that render ANSI can opt in;
 *   4. otherwise colour only on a TTY whose TERM is not "dumb".
 */
export function shouldUseColor(stream: {isTTY?: boolean}, env: NodeJS.ProcessEnv, noColorFlag: boolean): boolean {
  if (noColorFlag) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if (stream.isTTY !== true) return false;
  return env.TERM !== 'dumb';
}
