/** Benchmark of the pure planner: typical and worst-case 52-week, 12-subject inputs. */
import { typicalInput, worstInput } from '../src/domain/planner/fixtures.js';
import { planStudy } from '../src/domain/planner/planner.js';
import type { BenchResult } from './index.js';

const WARMUP = 30;
const RUNS = 200;

function measure(
  name: string,
  make: (seed: number) => Parameters<typeof planStudy>[0],
  targets: { p95: number; max?: number },
): BenchResult {
  const inputs = [1, 2, 3, 4, 5].map(make);
  let sink = 0;
  for (let i = 0; i < WARMUP; i++)
    sink += planStudy(inputs[i % inputs.length] as never).blocks.length;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const input = inputs[i % inputs.length] as never;
    const t = performance.now();
    sink += planStudy(input).blocks.length;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] as number;
  const p50 = at(0.5);
  const p95 = at(0.95);
  const max = times[times.length - 1] as number;
  const ok = p95 <= targets.p95 && (targets.max === undefined || max <= targets.max);
  const target = `p95 <= ${targets.p95} ms${targets.max === undefined ? '' : `, max <= ${targets.max} ms`}`;
  return {
    name,
    runs: RUNS,
    p50,
    p95,
    max,
    target,
    ok,
    note: `${Math.round(sink / (RUNS + WARMUP))} blocks/plan`,
  };
}

/** Runs both planner cases. */
export function plannerBench(): BenchResult[] {
  return [
    measure('planner typical (52 w x 12 subjects, 2-6 h/day, 1.5 h)', typicalInput, { p95: 10 }),
    measure('planner worst (52 w x 12 subjects, all 24 slots, 1 h)', worstInput, {
      p95: 50,
      max: 100,
    }),
  ];
}
