/**
 * The time budget of a text function on hostile input is 100 ms per call; tests assert this
 * looser limit to leave headroom on a busy CI machine: a regression to backtracking takes
 * seconds, not milliseconds. `npm run bench` prints the real figures.
 */
export const LIMIT_MS = 250;

/** Milliseconds of the fastest of up to three runs, stopping at the first within the limit. */
export function fastest(run: () => unknown): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3 && best >= LIMIT_MS; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}
