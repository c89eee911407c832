/**
 * A small unified diff (the `diff -u` format git and patch read), enough for `--fix-dry-run`: Myers' O(ND) line diff,
 * hunks with `context` lines around each change.
 */
export function unifiedDiff(oldText: string, newText: string, oldName: string, newName = oldName, context = 3): string {
  if (oldText === newText) return '';
  const a = splitLines(oldText);
  const b = splitLines(newText);
  // A last line without a newline differs from the same text with one: compare with a marker so it shows as changed.
  const key = (t: {lines: string[]; finalNewline: boolean}) => t.lines.map((l, i) => (i === t.lines.length - 1 && !t.finalNewline ? `${l}\u0000` : l));
  const ops = diffLines(key(a), key(b));
  const out = [`--- a/${oldName}`, `+++ b/${newName}`];
  // Group ops into hunks.
  let i = 0;
  while (i < ops.length) {
    while (i < ops.length && ops[i].op === ' ') i++;
    if (i >= ops.length) break;
    let start = Math.max(0, i - context);
    let end = i;
    // Extend while changes are within 2*context of each other.
    for (;;) {
      while (end < ops.length && ops[end].op !== ' ') end++;
      let next = end;
      while (next < ops.length && ops[next].op === ' ') next++;
      if (next < ops.length && next - end <= 2 * context) end = next;
      else break;
    }
    const stop = Math.min(ops.length, end + context);
    const hunk = ops.slice(start, stop);
    const oldStart = hunk[0].a;
    const newStart = hunk[0].b;
    const oldCount = hunk.filter((o) => o.op !== '+').length;
    const newCount = hunk.filter((o) => o.op !== '-').length;
    out.push(`@@ -${range(oldStart, oldCount)} +${range(newStart, newCount)} @@`);
    for (const o of hunk) {
      const text = o.op === '+' ? b.lines[o.b] : a.lines[o.a];
      out.push(o.op + text);
      const lastOld = o.op !== '+' && o.a === a.lines.length - 1 && !a.finalNewline;
      const lastNew = o.op !== '-' && o.b === b.lines.length - 1 && !b.finalNewline;
      if ((o.op === '-' && lastOld) || (o.op === '+' && lastNew) || (o.op === ' ' && (lastOld || lastNew))) out.push('\\ No newline at end of file');
    }
    i = stop;
    start = stop;
  }
  return out.join('\n') + '\n';
}

function range(start0: number, count: number): string {
  const start = count === 0 ? start0 : start0 + 1;
  return count === 1 ? `${start}` : `${start},${count}`;
}

function splitLines(text: string): {lines: string[]; finalNewline: boolean} {
  if (text === '') return {lines: [], finalNewline: true};
  const finalNewline = text.endsWith('\n');
  const lines = (finalNewline ? text.slice(0, -1) : text).split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  return {lines, finalNewline};
}

interface Op {
  op: ' ' | '-' | '+';
  /** index into the old lines (for ' ' and '-'), or the old position a '+' sits at */
  a: number;
  b: number;
}

/** Myers' greedy diff; common prefix and suffix are trimmed first so typical fixes cost almost nothing. */
export function diffLines(a: readonly string[], b: readonly string[]): Op[] {
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  const A = a.slice(pre, a.length - suf);
  const B = b.slice(pre, b.length - suf);
  const mid = myers(A, B).map((o) => ({op: o.op, a: o.a + pre, b: o.b + pre}));
  const ops: Op[] = [];
  for (let k = 0; k < pre; k++) ops.push({op: ' ', a: k, b: k});
  for (const o of mid) ops.push(o);
  for (let k = 0; k < suf; k++) ops.push({op: ' ', a: a.length - suf + k, b: b.length - suf + k});
  return ops;
}

/**
 * Steps (diagonals tried plus lines matched) the search may take before it gives up on a minimal diff: Myers' search
 * costs about (lines × differences), and a schema where --fix touches tens of thousands of lines would run for minutes
 * and keep gigabytes of trace. Past it, the changed region is shown as one block removed and added: still a diff that
 * applies, only not the shortest.
 */
const MAX_STEPS = 20_000_000;

function myers(a: readonly string[], b: readonly string[]): Op[] {
  const n = a.length;
  const m = b.length;
  if (n === 0) return b.map((_, j) => ({op: '+' as const, a: 0, b: j}));
  if (m === 0) return a.map((_, i) => ({op: '-' as const, a: i, b: 0}));
  const max = n + m;
  // Room for diagonals -max-1 … max+1: the trace windows reach one past the diagonals searched.
  const offset = max + 1;
  const v = new Int32Array(2 * max + 4);
  // trace[d]: v before step d, diagonals -d-1 … d+1 (all that backtracking from step d reads).
  const trace: Int32Array[] = [];
  let found = false;
  let steps = 0;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      const from = x;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      steps += 1 + x - from;
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
    if (steps > MAX_STEPS) return [...a.map((_, i) => ({op: '-' as const, a: i, b: 0})), ...b.map((_, j) => ({op: '+' as const, a: n, b: j}))];
  }
  // Backtrack.
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const tv = trace[d];
    const at = (k: number) => tv[k + d + 1];
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      ops.push({op: ' ', a: x, b: y});
    }
    if (d > 0) {
      if (x === prevX) ops.push({op: '+', a: x, b: prevY});
      else ops.push({op: '-', a: prevX, b: y});
    }
    x = prevX;
    y = prevY;
  }
  return ops.reverse();
}
