/**
 * Plan quality over the generated inputs of the property tests (same generator, seed and case
 * count): each metric M1-M12 of docs/planner.md as an aggregate next to its target, so
 * progress shows in `npm run bench`. The thresholds mirror planner.property.test.ts.
 */
import * as M from '../src/domain/planner/metrics.js';
import { loadCap } from '../src/domain/planner/model.js';
import { planStudy, replanAfterMiss } from '../src/domain/planner/planner.js';
import {
  bothOutputs as both,
  populationShare as pop,
  QUALITY_SEED,
  qualityCases,
} from '../src/domain/planner/quality-cases.js';

/** Generated cases, as in the property test (about 1,000). */
const RUNS = Number(process.env.PLANNER_QUALITY_RUNS ?? 1000);

/** One metric's aggregate against its target. */
export interface QualityRow {
  metric: string;
  value: string;
  target: string;
  /** Cases (or subjects) below target. */
  failing: number;
  ok: boolean;
}

const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : String(x));
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN);
const min = (xs: number[]) => (xs.length ? Math.min(...xs) : Number.NaN);
const max = (xs: number[]) => (xs.length ? Math.max(...xs) : Number.NaN);

/** Computes every metric on the generated cases. */
export function plannerQuality(runs = RUNS): QualityRow[] {
  const cases = qualityCases(runs);
  const all = cases.flatMap(both);
  const feasible = cases.filter((c) => c.feasible);
  const feasBoth = feasible.flatMap(both);
  const rows: QualityRow[] = [];
  const row = (metric: string, value: string, target: string, failing: number) =>
    rows.push({ metric, value, target, failing, ok: failing === 0 });

  const m1 = all.map(({ input, out }) => M.m1Violations(input, out).length);
  row('M1 hard violations', String(m1.reduce((a, b) => a + b, 0)), '0', m1.filter(Boolean).length);

  const m2 = all.map(({ input, out }) => M.m2Consistency(input, out));
  row(
    'M2 warning precision / recall',
    `${f2(min(m2.map((r) => r.precision)))} / ${f2(min(m2.map((r) => r.recall)))} (min)`,
    '1.00 / 1.00, summaries exact',
    m2.filter((r) => r.summaryErrors.length || r.precision < 1 || r.recall < 1).length,
  );

  const m3 = all.map(({ input, out }) => ({ input, r: M.m3Feasibility(input, out) }));
  const unmet = m3.filter(({ r }) => r.unmet.length > 0).length;
  const belowOpt = m3.filter(
    ({ input, r }) =>
      !r.feasible && r.delivered < r.optimum - input.preferences.sessionLength - 1e-9,
  ).length;
  const overbooked = m3.filter(({ r }) => r.feasible && r.overbooked.length > 0).length;
  row(
    'M3 needs met / near-optimal / workload',
    `${unmet} unmet, ${belowOpt} below optimum - L, ${overbooked} booked over need x 1.15 + L (feasible)`,
    'needs 100% when EDF passes, >= optimum - L, at most need x 1.15 + L',
    unmet + belowOpt + overbooked,
  );

  // Shares of a population are checked on the whole population (as the test does); the
  // per-case minimum is printed for information.
  const m4 = feasible.map(({ input, off }) => M.m4Spacing(input, off));
  const massing = pop(m4.map((r) => ({ part: r.massing * r.massingPairs, whole: r.massingPairs })));
  row(
    'M4a massing (share of (subject, day) pairs)',
    `${f2(massing)}; per case max ${f2(max(m4.filter((r) => r.massingPairs >= 10).map((r) => r.massing)))}`,
    '<= 0.10',
    massing <= 0.1 ? 0 : 1,
  );
  const regular = pop(
    m4.map((r) => ({ part: r.regular * r.regularSubjects, whole: r.regularSubjects })),
  );
  row(
    'M4b regular gaps (share of subjects)',
    `${f2(regular)}; per case min ${f2(min(m4.filter((r) => r.regularSubjects >= 3).map((r) => r.regular)))}`,
    '>= 0.90',
    regular >= 0.9 ? 0 : 1,
  );

  const m5 = feasBoth.map(({ input, out }) => M.m5Ridgeline(input, out));
  const band = pop(m5.map((r) => ({ part: r.inBand * r.pairs, whole: r.pairs })));
  row(
    'M5 re-exposures in ridgeline band (share of pairs)',
    `${f2(band)}; per case min ${f2(min(m5.filter((r) => r.pairs >= 10).map((r) => r.inBand)))}`,
    '>= 0.70',
    band >= 0.7 ? 0 : 1,
  );
  const twice = pop(
    m5.map((r) => ({ part: r.seenTwice * r.topicsChecked, whole: r.topicsChecked })),
  );
  row(
    'M5 topics seen twice (share of topics)',
    `${f2(twice)}; per case min ${f2(min(m5.map((r) => r.seenTwice)))}`,
    '>= 0.90',
    twice >= 0.9 ? 0 : 1,
  );

  const m6 = feasBoth.map(({ input, out }) => M.m6Interleaving(input, out));
  const ratio = pop(m6.map((r) => ({ part: r.ratio * r.adjacentPairs, whole: r.adjacentPairs })));
  row(
    'M6a interleaving ratio (share of adjacent pairs)',
    `${f2(ratio)}; per case min ${f2(min(m6.filter((r) => r.adjacentPairs >= 5).map((r) => r.ratio)))}`,
    '>= 0.90',
    ratio >= 0.9 ? 0 : 1,
  );
  row(
    'M6a runs of 3 same-subject sessions',
    `${m6.filter((r) => r.maxRun >= 3).length} outputs, longest ${max(m6.map((r) => r.maxRun))}`,
    'none',
    m6.filter((r) => r.maxRun >= 3).length,
  );
  const mixed = pop(m6.map((r) => ({ part: r.mixed * r.reviews, whole: r.reviews })));
  row(
    'M6b mixed reviews (share of review sessions)',
    `${f2(mixed)}; per case min ${f2(min(m6.filter((r) => r.reviews >= 5).map((r) => r.mixed)))}`,
    '>= 0.80',
    mixed >= 0.8 ? 0 : 1,
  );

  const m7 = all.map(({ input, out }) => ({ input, out, r: M.m7Load(input, out) }));
  const unwarned = m7.filter(
    ({ input, out, r }) =>
      r.worstWeekShare > loadCap(input) + 1e-9 &&
      !out.warnings.some((w) => w.code === 'plan_weeks_too_full'),
  ).length;
  const breaks = m7.filter(({ r }) => r.longestBlockHours > 3 || r.maxBackToBack > 2).length;
  row(
    'M7 breaks / unwarned 7-day load',
    `${breaks} long blocks, ${unwarned} weeks over the cap unwarned`,
    'none, none',
    breaks + unwarned,
  );
  // The daily shape on inputs without deadline-driven subjects, as in the test.
  const m7s = feasible.filter((c) => !c.driven).map(({ input, off }) => M.m7Load(input, off));
  row(
    'M7 day against its week (one session allowed)',
    `max ${f2(max(m7s.map((r) => r.dailyMaxMean)))}; weekly max/mean ${f2(max(m7s.map((r) => r.weeklyMaxMean)))} (printed)`,
    '<= 1.30',
    m7s.filter((r) => r.dailyMaxMean > 1.3).length,
  );

  const m8 = feasBoth.map(({ input, out }) => M.m8Cramming(input, out));
  const cramSubjects = new Set(
    m8.flatMap((r, j) => r.cramming.map((c) => `${j}:${c.slice(0, c.indexOf(':'))}`)),
  ).size;
  row(
    'M8 cramming subjects',
    `${cramSubjects} of ${m8.reduce((a, r) => a + r.checked, 0)}`,
    '0',
    m8.filter((r) => r.cramming.length > 0).length,
  );

  const m9 = all.map(({ input, out }) => M.m9FinalReview(input, out).missing.length);
  row(
    'M9 final reviews missing',
    String(m9.reduce((a, b) => a + b, 0)),
    '0',
    m9.filter(Boolean).length,
  );

  // M10's reference (need-weighted fair share) is reachable only when no subject is driven by its
  // deadline: checked on those inputs, as in the test.
  const m10 = feasible
    .filter((c) => !c.driven)
    .map(({ input, off, on }) => ({ input, r: M.m10FrontLoad(input, off, on) }));
  const withSubjects = m10.filter(({ r }) => r.subjects > 0);
  const m10bad = m10.filter(
    ({ input, r }) =>
      r.lateIntro.length > 0 ||
      Math.abs(r.totalOff - r.totalOn) > input.preferences.sessionLength + 1e-9 ||
      (r.subjects > 0 && (r.offDeviation > 0.1 || r.gain < r.required)),
  ).length;
  row(
    `M10 front-load (${m10.length} inputs without deadline-driven subjects)`,
    `off deviation mean ${f2(mean(withSubjects.map(({ r }) => r.offDeviation)))} max ${f2(max(withSubjects.map(({ r }) => r.offDeviation)))}; gain-required min ${f2(min(withSubjects.map(({ r }) => r.gain - r.required)))}; ${m10.filter(({ input, r }) => Math.abs(r.totalOff - r.totalOn) > input.preferences.sessionLength + 1e-9).length} on/off totals apart`,
    'deviation <= 0.10, gain >= required, totals within L',
    m10bad,
  );

  const m11 = all.map(({ input, out }) => M.m11Coverage(input, out).missing.length);
  row(
    'M11 uncovered topics/files',
    String(m11.reduce((a, b) => a + b, 0)),
    '0',
    m11.filter(Boolean).length,
  );

  let m12bad = 0;
  let worstChange = 0;
  for (const { input, off } of cases.slice(0, 60)) {
    const again = planStudy(
      structuredClone({ ...input, preferences: { ...input.preferences, frontLoad: false } }),
    );
    let bad = JSON.stringify(again) !== JSON.stringify(off);
    if (off.blocks.length >= 3) {
      const idx = Math.floor(off.blocks.length / 3);
      const r = M.m12Replan(input, off, replanAfterMiss(input, off, idx), idx);
      worstChange = Math.max(worstChange, r.futureChanged / Math.max(1, r.futureSessions));
      if (r.pastChanged || (r.roomLeft && !r.madeUp)) bad = true;
      if (r.futureChanged > Math.max(1, 0.15 * r.futureSessions)) bad = true;
    }
    if (bad) m12bad++;
  }
  row(
    'M12 determinism / replan',
    `worst future change ${f2(worstChange)}`,
    'identical; <= 0.15 changed',
    m12bad,
  );
  return rows;
}

/** Prints the quality table; returns false when any metric misses its target. */
export function printPlannerQuality(): boolean {
  const rows = plannerQuality();
  console.log(`Planner quality over ${RUNS} generated cases (seed ${QUALITY_SEED}):`);
  for (const r of rows)
    console.log(
      `${r.ok ? 'PASS' : 'FAIL'}  ${r.metric}: ${r.value}  target ${r.target}${r.ok ? '' : `  (${r.failing} failing)`}`,
    );
  return rows.every((r) => r.ok);
}

/** Workload figures (docs/planner.md, Workload) over the generated inputs. */
export interface WorkloadFigures {
  /** Calendar weeks (7 days from the start, with capacity) booked over the cap / over 90%. */
  weeks: number;
  overCap: number;
  over90: number;
  /** Plans with a week over the cap, and those of them that carry plan_weeks_too_full. */
  plansOverCap: number;
  plansOverCapWarned: number;
  /** Plans over the cap by more than a session although needs x 1.15 fit under it. */
  warnedUnforced: number;
  /** Plans warned at all although needs x 1.15 fit under the cap (rounding included). */
  warnedWithinSession: number;
  /** Booked hours over free capacity up to the horizon, mean over plans. */
  bookedShare: number;
  /** Subjects without a deadline (2+ full weeks, booked): max week / median week. */
  steadyMean: number;
  steadyMax: number;
  steadySubjects: number;
  /** Over every input: subjects without a deadline, and those over 2. */
  steadyAll: number;
  steadyOver2All: number;
  /** Mean hours of one subject set to High over the same subject set to Medium. */
  priorityHighOverMedium: number;
  priorityLowOverMedium: number;
}

/** Computes the workload figures on the generated cases (priority on the first 300). */
export function workloadFigures(runs = RUNS): WorkloadFigures {
  const cases = qualityCases(runs);
  const fig: WorkloadFigures = {
    weeks: 0,
    overCap: 0,
    over90: 0,
    plansOverCap: 0,
    plansOverCapWarned: 0,
    warnedUnforced: 0,
    warnedWithinSession: 0,
    bookedShare: 0,
    steadyMean: 0,
    steadyMax: 0,
    steadySubjects: 0,
    steadyAll: 0,
    steadyOver2All: 0,
    priorityHighOverMedium: 0,
    priorityLowOverMedium: 0,
  };
  const booked: number[] = [];
  const steady: number[] = [];
  const steadyAll: number[] = [];
  for (const c of cases.flatMap(both)) {
    const { input, out } = c;
    const w = M.workloadWeeks(input, out);
    fig.weeks += w.weeks;
    fig.overCap += w.overCap;
    fig.over90 += w.over90;
    const warned = out.warnings.some((x) => x.code === 'plan_weeks_too_full');
    if (w.worstWindowShare > w.cap + 1e-9) {
      fig.plansOverCap++;
      if (warned) fig.plansOverCapWarned++;
    }
    if (warned && w.capFeasible && w.worstExcess > input.preferences.sessionLength + 1e-9)
      fig.warnedUnforced++;
    if (warned && w.capFeasible) fig.warnedWithinSession++;
    if (w.capacity > 0) booked.push(w.booked / w.capacity);
    if (c.feasible && !c.driven) steady.push(...w.steadyRatios);
    else steadyAll.push(...w.steadyRatios);
  }
  fig.bookedShare = mean(booked);
  fig.steadyMean = mean(steady);
  fig.steadyMax = max(steady);
  fig.steadySubjects = steady.length;
  steadyAll.push(...steady);
  fig.steadyOver2All = steadyAll.filter((r) => r > 2 + 1e-9).length;
  fig.steadyAll = steadyAll.length;
  const hi: number[] = [];
  const lo: number[] = [];
  const md: number[] = [];
  for (const { input } of cases.slice(0, 300)) {
    const at = (priority: 0 | 1 | 2) =>
      planStudy({
        ...input,
        subjects: input.subjects.map((s, k) => (k === 0 ? { ...s, priority } : s)),
      }).summary[0]?.totalHours ?? 0;
    hi.push(at(2));
    md.push(at(1));
    lo.push(at(0));
  }
  fig.priorityHighOverMedium = mean(hi) / mean(md);
  fig.priorityLowOverMedium = mean(lo) / mean(md);
  return fig;
}

/** Prints the workload figures; returns false when a workload rule fails. */
export function printWorkload(): boolean {
  const f = workloadFigures();
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const rows: Array<[boolean, string]> = [
    [
      f.plansOverCapWarned === f.plansOverCap,
      `weeks over the cap: ${pct(f.overCap / Math.max(1, f.weeks))} of ${f.weeks} weeks (over 90%: ${pct(f.over90 / Math.max(1, f.weeks))}); ${f.plansOverCap} plans over it, ${f.plansOverCapWarned} of them warned (${pct(f.plansOverCapWarned / Math.max(1, f.plansOverCap))})  target all warned`,
    ],
    [
      f.warnedUnforced <= 0.005 * 2 * RUNS,
      `plans over the cap by more than a session though needs x 1.15 fit under it: ${f.warnedUnforced} (${f.warnedWithinSession} over it at all)  target <= 0.5% of plans`,
    ],
    [true, `booked share of free time (mean over plans): ${pct(f.bookedShare)}`],
    [
      !(f.steadyMax > 2 + 1e-9),
      `subjects without a deadline, max week / median week: mean ${f2(f.steadyMean)} max ${f2(f.steadyMax)} (${f.steadySubjects} subjects of inputs without deadline-driven subjects; over all inputs ${f.steadyOver2All} of ${f.steadyAll} over 2)  target <= 2`,
    ],
    [
      f.priorityHighOverMedium > 1,
      `priority effect, hours of one subject High / Medium: ${f2(f.priorityHighOverMedium)}, Low / Medium: ${f2(f.priorityLowOverMedium)}  target High > Medium`,
    ],
  ];
  console.log('Planner workload (docs/planner.md, Workload):');
  for (const [ok, text] of rows) console.log(`${ok ? 'PASS' : 'FAIL'}  ${text}`);
  return rows.every(([ok]) => ok);
}
