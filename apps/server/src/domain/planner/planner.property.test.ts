/**
 * Property-based quality tests: every metric M1-M12 and the workload rules of docs/planner.md,
 * computed on generated wizard inputs and checked against their targets. The checks are the
 * rows of `quality-report.ts`, the same that `npm run bench:planner` prints.
 *
 * The inputs are drawn at PLANNER_SEED (default: the fixed QUALITY_SEED) and PLANNER_RUNS
 * (default 1,000); a red run names its seed, and `PLANNER_SEED=<seed> npm run bench:planner`
 * replays it.
 */
import { describe, expect, it } from 'vitest';
import { plannerRuns, plannerSeed, qualityCases } from '../../testing/planner/quality-cases.js';
import { qualityRows, workloadRows } from '../../testing/planner/quality-report.js';

const SEED = plannerSeed();
const RUNS = plannerRuns();
const cases = qualityCases(RUNS, SEED);

describe(`planner quality on ${RUNS} generated inputs (PLANNER_SEED=${SEED})`, () => {
  it('has a useful share of feasible, infeasible and deadline-driven cases', () => {
    const feasible = cases.filter((c) => c.feasible);
    expect(feasible.length).toBeGreaterThanOrEqual(RUNS * 0.3);
    expect(cases.length - feasible.length).toBeGreaterThanOrEqual(RUNS * 0.1);
    expect(feasible.filter((c) => !c.driven).length).toBeGreaterThanOrEqual(RUNS * 0.15);
  });

  it.each([...qualityRows(cases), ...workloadRows(cases)])('$metric: $target', (row) => {
    // The first offenders, so a red run says which case and why.
    expect(row.offenders.slice(0, 5), `${row.metric}: ${row.value}`).toEqual([]);
  });
});
