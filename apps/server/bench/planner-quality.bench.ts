/**
 * Plan quality over generated inputs: each metric of docs/planner.md (M1-M12, Workload) as an
 * aggregate next to its target, from the rows the property test checks (quality-report.ts).
 */
import { type QualityCase, qualityCases } from '../src/testing/planner/quality-cases.js';
import { qualityRows, workloadRows } from '../src/testing/planner/quality-report.js';

/** Prints the quality and workload rows; returns false when any misses its target. */
export function printPlannerQuality(seed: number, runs: number): boolean {
  const cases: QualityCase[] = qualityCases(runs, seed);
  const rows = [...qualityRows(cases), ...workloadRows(cases)];
  console.log(`Planner quality over ${runs} generated inputs (seed ${seed}):`);
  for (const r of rows) {
    const ok = r.offenders.length === 0;
    console.log(
      `${ok ? 'PASS' : 'FAIL'}  ${r.metric}: ${r.value}  target ${r.target}${ok ? '' : `  (${r.offenders.length} failing: ${r.offenders.slice(0, Number(process.env.PLANNER_SHOW ?? 3)).join('; ')})`}`,
    );
  }
  return rows.every((r) => r.offenders.length === 0);
}
