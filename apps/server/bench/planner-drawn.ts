/**
 * `npm run bench:planner -- --drawn` (the drawn-seed stage of `npm test`): every case rule of
 * quality-report.ts (M1, M2, M3, M6a-runs, M7-breaks, M7-unwarned, M7-daily, M8, M9, M10, M11,
 * M12, steady-weeks, priority-order) on each input generated at a seed drawn for this run, so each
 * CI run tries inputs no run tried before. Prints the seed first, names every failing input and
 * exits non-zero on any; `PLANNER_SEED=<seed> npm run bench:planner` replays it with every line.
 *
 * The population lines (M4a, M4b, M5, M6b and the like: a share over all of a seed's cases) are
 * left to the fixed seed's property test and the seeds the rules are proven at: they are
 * targets for 1,000 inputs, and over the 200 drawn here their sampling spread alone can cross
 * them (M4b, then a share of about 0.92 against 0.90 at 1,000 inputs, read 0.85 and 0.88 at 2 of
 * 50 drawn seeds whose every input passed; about 0.97 since, but the workload line over the cap
 * allows 0.5% of plans: 2 of the 400 that 200 inputs make).
 */
import { randomInt } from 'node:crypto';
import { plannerRuns, plannerSeed, qualityCases } from '../src/testing/planner/quality-cases.js';
import { caseOffenders } from '../src/testing/planner/quality-report.js';

/**
 * Inputs tried at the drawn seed: about 12 s on one core. The rate of failing inputs the seeds
 * of planner-seeds.json still show (about 2 in 10,000) fails about 1 run in 25 at this size.
 */
export const DRAWN_RUNS = 200;

/** Runs the case rules at PLANNER_SEED, or a seed drawn now; true when every input passes. */
export function runDrawnSeed(): boolean {
  const seed = plannerSeed(randomInt(1, 2 ** 31 - 1));
  const runs = plannerRuns(DRAWN_RUNS);
  console.log(
    `Planner case rules at a drawn seed: PLANNER_SEED=${seed} PLANNER_RUNS=${runs}` +
      ` (replay: PLANNER_SEED=${seed} PLANNER_RUNS=${runs} npm run bench:planner -- --drawn)`,
  );
  const started = performance.now();
  let failing = 0;
  for (const c of qualityCases(runs, seed)) {
    const offences = caseOffenders(c);
    if (offences.length === 0) continue;
    failing++;
    console.log(`FAIL  #${c.i}: ${offences.join('; ')}`);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(
    failing
      ? `${failing} of ${runs} inputs at seed ${seed} break a case rule (${seconds} s): keep each as a regression case (--shrink <rule> --save <name>) and fix the planner or the metric`
      : `PASS  all ${runs} inputs at seed ${seed} keep every case rule (${seconds} s)`,
  );
  return failing === 0;
}
