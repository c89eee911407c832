// Super-linear growth shown as a CPU-time ratio between an input and one 16× its size: linear is ≈ 16× (up to ~50× on
// a loaded machine, as the larger one outgrows V8's young generation and the caches), quadratic ≈ 256×. CI runs these
// beside other test files, so the runs of both sizes alternate (a burst of load then slows both alike) and each figure
// is the best of its runs after a warm-up; the bound of 120 sits well clear of both (placing 80k findings, the
// steepest, measures 45–50× here: a Map of 80k names outgrows the caches).

export const GROWTH_FACTOR = 16;
export const MAX_GROWTH = 120;
/** Time after which a large run is plainly too slow whatever the machine is doing. */
const SURE_MS = 3000;
const ROUNDS = 4;

/**
 * Best time at 16n over best time at n. `make(n)` prepares the input and returns the timed step; a step that loops
 * may stop at `stopAt` (the large input is then plainly too slow, and a quadratic regression fails in seconds, not minutes).
 */
export function growth(make: (n: number) => (stopAt: number) => void, n: number): number {
  const small = make(n);
  const large = make(GROWTH_FACTOR * n);
  // CPU time of this process, not wall time: on a loaded machine (CI runs test files side by side) waiting for a core
  // is not work, and counting it made a linear step look super-linear.
  const time = (step: () => void) => {
    const start = process.cpuUsage();
    step();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
  small(Infinity); // warm-up: the code is compiled before anything is timed
  let bestSmall = Math.max(
    time(() => small(Infinity)),
    0.5,
  );
  let bestLarge = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    // A run cut short or given up on must be both far over the bound and seconds long: a pause of the machine is neither.
    const budget = Math.max(3 * MAX_GROWTH * bestSmall, SURE_MS);
    const start = performance.now();
    bestLarge = Math.min(
      bestLarge,
      time(() => large(start + budget)),
    );
    if (bestLarge >= budget) break;
    bestSmall = Math.max(
      Math.min(
        bestSmall,
        time(() => small(Infinity)),
      ),
      0.5,
    );
  }
  return bestLarge / bestSmall;
}
