/** Runs every benchmark of the server's pure modules and prints the figures (npm run bench). */

import { plannerRuns, plannerSeed } from '../src/testing/planner/quality-cases.js';
import { availabilityBench } from './availability.bench.js';
import { plannerBench } from './planner.bench.js';
import { printPlannerQuality } from './planner-quality.bench.js';

/** One measured case. */
export interface BenchResult {
  name: string;
  runs: number;
  p50: number;
  p95: number;
  max: number;
  target: string;
  ok: boolean;
  note: string;
}

const suites: Array<() => BenchResult[]> = [plannerBench];
suites.push((await import('./replan.bench.js')).replanBench);
const results = suites.flatMap((run) => run());
const ms = (x: number) => `${x.toFixed(2)} ms`;
for (const r of results) {
  console.log(
    `${r.ok ? 'PASS' : 'FAIL'}  ${r.name}\n      runs ${r.runs}  p50 ${ms(r.p50)}  p95 ${ms(r.p95)}  max ${ms(r.max)}  target ${r.target}  (${r.note})`,
  );
}
console.log(
  `Node ${process.version}, ${results.filter((r) => r.ok).length}/${results.length} targets met`,
);
const qualityOk = printPlannerQuality(plannerSeed(), plannerRuns());
const availabilityOk = await availabilityBench();
const aiSpeedOk = await (await import('./ai-speed.bench.js')).aiSpeedBench();
const pdfOk = await (await import('./pdf.bench.js')).pdfBench();
if (results.some((r) => !r.ok) || !qualityOk || !availabilityOk || !aiSpeedOk || !pdfOk)
  process.exitCode = 1;
