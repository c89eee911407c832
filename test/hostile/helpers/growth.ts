// Super-linear growth shown as a time ratio between an input and one 4× its size: linear is ≈ 4× (a little more as
// the larger one outgrows V8's young generation and the caches), quadratic ≈ 16×. The bound of 10 leaves a noisy,
// shared machine room either way; each figure is the best of three runs after a warm-up.

export const MAX_GROWTH = 10;
/** Time after which a large run is plainly too slow whatever the machine is doing. */
const SURE_MS = 2000;

/**
 * Best time at 4n over best time at n. `make(n)` prepares the input and returns the timed step; a step that loops
 * may stop at `stopAt` (the large input is then plainly too slow, and a quadratic regression fails in seconds, not minutes).
 */
export function growth(make: (n: number) => (stopAt: number) => void, n: number): number {
  const small = make(n);
  const large = make(4 * n);
  small(Infinity); // warm-up: the code is compiled before anything is timed
  let bestSmall = Infinity;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    small(Infinity);
    bestSmall = Math.min(bestSmall, performance.now() - start);
  }
  bestSmall = Math.max(bestSmall, 0.5);
  // A run cut short or given up on must be both far over the bound and seconds long: a pause of the machine is neither.
  const budget = Math.max(3 * MAX_GROWTH * bestSmall, SURE_MS);
  let bestLarge = Infinity;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    large(start + budget);
    bestLarge = Math.min(bestLarge, performance.now() - start);
    if (bestLarge >= budget) break;
  }
  return bestLarge / bestSmall;
}
