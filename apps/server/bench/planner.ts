/**
 * `npm run bench:planner`: the planner's quality and workload lines only, at PLANNER_SEED
 * (default: the fixed seed) over PLANNER_RUNS generated inputs (default 1,000). Prints the seed
 * first so a failure replays, and exits non-zero on any FAIL. A failing line names its first 3
 * offenders; PLANNER_SHOW=<n> names n.
 *
 * `npm run bench:planner -- --hash` prints instead a hash of the plans made for the stored inputs
 * (the fixtures, and 200 generated inputs at each of five seeds, front-loading off and on, each
 * replanned after a missed block): a refactor that claims to keep every plan byte-identical
 * shows the same hash before and after.
 *
 * `npm run bench:planner -- --shrink <rule>` (a case rule of quality-report.ts: M1, M2, M3,
 * M6a-runs, M7-breaks, M7-unwarned, M7-daily, M8, M9, M10, M11, M12, steady-weeks,
 * priority-order) finds the first input at the seed that breaks it (with any of the bench's week
 * starts) and prints it shrunk;
 * `--save <name>` keeps it as a named regression case (testing/planner/regressions/).
 *
 * `npm run bench:planner -- --seeds [seed ...]` runs the quality lines at every seed of
 * planner-seeds.json (or those given) and names each failing input not on record (planner-seeds.ts).
 *
 * `npm run bench:planner -- --drawn` checks every case rule on 200 inputs at a seed drawn for
 * the run (PLANNER_SEED and PLANNER_RUNS override them): `npm test`'s drawn-seed stage
 * (planner-drawn.ts).
 *
 * `npm run bench:planner -- --chain <i>` traces input #i at the seed: for each plan's subject over
 * an M8 limit, the least any plan of whole places holds there, and the fewest places that change
 * hands to reach it with every final review kept.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { planStudy, replanAfterMiss } from '../src/domain/planner/planner.js';
import type { PlannerInput } from '../src/domain/planner/types.js';
import { sampleInput, typicalInput, worstInput } from '../src/testing/planner/fixtures.js';
import { plannerInputArb } from '../src/testing/planner/generators.js';
import { leastLastDays, nearestPlan } from '../src/testing/planner/least-cram.js';
import { m8Over } from '../src/testing/planner/metrics.js';
import {
  plannerRuns,
  plannerSeed,
  QUALITY_SEED,
  qualityCase,
  qualityCases,
  qualityInputArb,
} from '../src/testing/planner/quality-cases.js';
import { CASE_RULES } from '../src/testing/planner/quality-report.js';
import { REGRESSIONS_DIR } from '../src/testing/planner/regression-cases.js';
import { runDrawnSeed } from './planner-drawn.js';
import { printPlannerQuality } from './planner-quality.bench.js';
import { runPlannerSeeds } from './planner-seeds.js';

/** Seeds of the stored inputs the hash covers. */
const HASH_SEEDS = [QUALITY_SEED, 1, 8, 42, 777];

function plansHash(): void {
  const total = createHash('sha256');
  const hashOf = (inputs: PlannerInput[]) => {
    const h = createHash('sha256');
    for (const input of inputs)
      for (const frontLoad of [false, true]) {
        const one = { ...input, preferences: { ...input.preferences, frontLoad } };
        const out = planStudy(one);
        h.update(JSON.stringify(out));
        if (out.blocks.length >= 3)
          h.update(JSON.stringify(replanAfterMiss(one, out, Math.floor(out.blocks.length / 3))));
      }
    const digest = h.digest('hex');
    total.update(digest);
    return digest.slice(0, 16);
  };
  console.log(
    `fixtures  ${hashOf([sampleInput({ weeks: 8, subjects: 4 }), typicalInput(), worstInput()])}`,
  );
  for (const seed of HASH_SEEDS)
    console.log(`seed ${seed}  ${hashOf(fc.sample(plannerInputArb, { numRuns: 200, seed }))}`);
  console.log(`all plans ${total.digest('hex').slice(0, 16)}`);
}

/** How long the shrinker may look for a smaller failing input. */
const SHRINK_MS = 3 * 60_000;

/**
 * Finds the first generated input at the seed that breaks a case rule and shrinks it with
 * fast-check; prints it as JSON, ready to keep as a named regression case.
 */
function shrink(ruleId: string, seed: number, runs: number, save: string | undefined): void {
  const rule = CASE_RULES.find((r) => r.id === ruleId);
  if (!rule) throw new Error(`no rule ${ruleId}; rules: ${CASE_RULES.map((r) => r.id).join(', ')}`);
  const result = fc.check(
    fc.property(qualityInputArb, (input) => rule.check(qualityCase(input)).length === 0),
    // Shrinking an input that fails only in long plans can take hours: after SHRINK_MS the
    // smallest failing input found so far is kept.
    { seed, numRuns: runs, interruptAfterTimeLimit: SHRINK_MS, markInterruptAsFailure: false },
  );
  if (!result.failed || !result.counterexample) {
    console.log(`${ruleId}: no failing input in ${runs} runs at seed ${seed}`);
    return;
  }
  const [input] = result.counterexample;
  const found = `${ruleId} at PLANNER_SEED=${seed}: ${rule.check(qualityCase(input)).join('; ')}`;
  const stopped = result.interrupted ? `, stopped after ${SHRINK_MS / 60_000} min` : '';
  console.log(`${found} (shrunk in ${result.numShrinks} steps${stopped})`);
  if (save) {
    // A regression case: its name, where it was found, and (to fill in) why it failed.
    const file = join(REGRESSIONS_DIR, `${save}.json`);
    writeFileSync(file, `${JSON.stringify({ name: save, found, why: '', input }, null, 1)}\n`);
    console.log(`saved ${file}`);
  } else console.log(JSON.stringify(input));
  process.exitCode = 1;
}

/**
 * For input #i at the seed, each plan's subjects over an M8 limit: the least their last week (last
 * 3 days) can hold in any plan of whole places, and the fewest places that change hands to reach
 * it with every final review kept (the chain of moves the cramming repair would need).
 */
function chain(i: number, seed: number): void {
  const c = qualityCases(i + 1, seed)[i];
  if (!c) return;
  const name = (j: number) => (j < 0 ? 'free' : (c.input.subjects[j]?.name ?? `#${j}`));
  for (const [label, out] of [
    ['plain', c.off],
    ['front-loaded', c.on],
  ] as const) {
    const { model, over } = m8Over(c.input, out);
    for (const { k, last7, last3 } of over)
      for (const [n, held] of [
        [7, last7],
        [3, last3],
      ] as const) {
        const least = leastLastDays(model, k, n);
        const near = nearestPlan(model, k, n);
        console.log(
          `${label}: ${name(k)} ${held} h in its last ${n} days; least ${least ?? '?'} h, ${near?.least ?? '?'} h with the final reviews kept, ${near?.changes.length ?? '?'} places changed:`,
        );
        for (const x of near?.changes ?? [])
          console.log(`  day ${x.day}, ${x.hours} h: ${name(x.from)} -> ${name(x.to)}`);
      }
  }
}

const shrinkAt = process.argv.indexOf('--shrink');
const chainAt = process.argv.indexOf('--chain');
const seedsAt = process.argv.indexOf('--seeds');
if (process.argv.includes('--drawn')) {
  if (!runDrawnSeed()) process.exitCode = 1;
} else if (seedsAt >= 0) {
  const only = process.argv.slice(seedsAt + 1).map(Number);
  if (!(await runPlannerSeeds(only))) process.exitCode = 1;
} else if (process.argv.includes('--hash')) plansHash();
else if (chainAt >= 0) chain(Number(process.argv[chainAt + 1]), plannerSeed());
else if (shrinkAt >= 0) {
  const saveAt = process.argv.indexOf('--save');
  shrink(
    process.argv[shrinkAt + 1] ?? '',
    plannerSeed(),
    plannerRuns(),
    saveAt >= 0 ? process.argv[saveAt + 1] : undefined,
  );
} else {
  const seed = plannerSeed();
  const runs = plannerRuns();
  console.log(
    `PLANNER_SEED=${seed} PLANNER_RUNS=${runs} (replay: PLANNER_SEED=${seed} npm run bench:planner)`,
  );
  if (!printPlannerQuality(seed, runs)) process.exitCode = 1;
}
