import { expect } from 'vitest';

/**
 * The time budget of a text function on hostile input is 100 ms per call; tests assert this
 * looser limit to leave headroom on a busy CI machine: a regression to backtracking takes
 * seconds, not milliseconds. `npm run bench` prints the real figures. A machine can be slow
 * enough to pass it on a linear scan, hence `linearTime` below.
 */
export const LIMIT_MS = 250;

/** Milliseconds of the fastest of up to three runs, stopping at the first within the limit. */
export function fastest(run: () => unknown): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3 && best >= LIMIT_MS; i++) best = Math.min(best, timeOnce(run));
  return best;
}

/** Milliseconds of one run. */
function timeOnce(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/**
 * How many times the whole input is longer than the part it is compared with. Sixteenfold, not
 * fourfold: a linear scan grows about 16x and a quadratic one 256x, so the verdict (the geometric
 * mean, 64x) leaves a factor of 4 to noise either way. At fourfold (4x against 16x, verdict 8x) a
 * linear deepDive read as 8.8x growth in CI when another test worker shared the two cores.
 */
const GROWTH_FACTOR = 16;

/** Growth past which a scan is not linear: between GROWTH_FACTOR and its square. */
export const MAX_LINEAR_GROWTH = GROWTH_FACTOR * 4;

/**
 * How `run` takes `input`: its fastest time, and, only when that is past LIMIT_MS, the growth
 * from a sixteenth of the input (its start, same shape) to all of it. Within the limit the
 * scan is fast on any machine; past it, a slow machine's linear scan still grows about 16x
 * where a backtracking one grows 256x, so the verdict no longer depends on the machine's speed.
 */
export function linearTime(
  run: (input: string) => unknown,
  input: string,
): { ms: number; growth: number | null } {
  let ms = fastest(() => run(input));
  if (ms < LIMIT_MS) return { ms, growth: null };
  // Both sizes timed alike, turn about, best of three each: `fastest` stops at a first run
  // within the limit, and a part timed once against a whole timed thrice read as 8x growth
  // on a linear scan when another test worker shared the cores.
  const part = input.slice(0, Math.ceil(input.length / GROWTH_FACTOR));
  let partMs = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    partMs = Math.min(
      partMs,
      timeOnce(() => run(part)),
    );
    ms = Math.min(
      ms,
      timeOnce(() => run(input)),
    );
  }
  return { ms, growth: ms / Math.max(partMs, 0.01) };
}

/** The assertion behind every "reads ... in linear time" test of a table of inputs. */
export function expectLinear(result: { ms: number; growth: number | null }): void {
  if (result.growth === null) expect(result.ms).toBeLessThan(LIMIT_MS);
  else expect(result.growth).toBeLessThan(MAX_LINEAR_GROWTH);
}
