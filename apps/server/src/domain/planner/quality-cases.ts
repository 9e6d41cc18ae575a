/**
 * The generated cases the plan-quality property test and `npm run bench` share (test-only
 * helper): each input planned with front-loading off and on, with the facts the metrics' scopes
 * depend on.
 */
import fc from 'fast-check';
import { plannerInputArb } from './generators.js';
import { deadlineDriven, edfDeliverable, frameOf, steadyFits } from './metrics.js';
import { loadCap } from './model.js';
import { type PlannerInput, type PlannerOutput, planStudy } from './planner.js';

/** Fixed, so a failing case replays. */
export const QUALITY_SEED = 20_260_301;

export interface QualityCase {
  /** Index among the generated inputs (what failures name). */
  i: number;
  input: PlannerInput;
  off: PlannerOutput;
  on: PlannerOutput;
  /** The EDF demand-bound test passes: every need fits. */
  feasible: boolean;
  /**
   * Some subject's need exceeds maxLoad of its fair share (see deadlineDriven), or the subjects'
   * steady paces do not fit under the cap together (see steadyFits).
   */
  driven: boolean;
}

/** `runs` generated inputs, each planned with front-loading off and on. */
export function qualityCases(runs: number): QualityCase[] {
  return fc.sample(plannerInputArb, { numRuns: runs, seed: QUALITY_SEED }).map((input, i) => {
    const f = frameOf(input);
    return {
      i,
      input,
      off: planStudy({ ...input, preferences: { ...input.preferences, frontLoad: false } }),
      on: planStudy({ ...input, preferences: { ...input.preferences, frontLoad: true } }),
      feasible: edfDeliverable(f).feasible,
      driven: deadlineDriven(f, loadCap(input)).some(Boolean) || !steadyFits(f, loadCap(input)),
    };
  });
}

/** Both outputs of a case, each with the case's facts. */
export function bothOutputs(c: QualityCase): Array<QualityCase & { out: PlannerOutput }> {
  return [c.off, c.on].map((out) => ({ ...c, out }));
}

/** Share of a population: sum of the parts over sum of the wholes (1 when empty). */
export function populationShare(rows: Array<{ part: number; whole: number }>): number {
  const whole = rows.reduce((a, r) => a + r.whole, 0);
  return whole ? rows.reduce((a, r) => a + r.part, 0) / whole : 1;
}
