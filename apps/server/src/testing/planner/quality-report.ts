/**
 * The planner's quality and workload checks over generated cases (test-only helper): each metric
 * of docs/planner.md (M1-M12, Workload) as a row with its aggregate, its target and the cases
 * that miss it. `planner.property.test.ts` fails on any offender and `npm run bench:planner`
 * prints the rows, so the test and the bench cannot drift apart.
 *
 * Rules stated for every plan or every subject ("0", "never", "exact") name each offending case.
 * Targets stated as a share of a population (pairs, subjects, sessions) are checked on that
 * population over all cases (some generated inputs cannot reach them alone); the per-case
 * extreme is printed for information.
 */
import { loadCap } from '../../domain/planner/model.js';
import { planStudy, replanAfterMiss } from '../../domain/planner/planner.js';
import * as M from './metrics.js';
import { bothOutputs as both, populationShare as pop, type QualityCase } from './quality-cases.js';

/** One metric's aggregate against its target. */
export interface QualityRow {
  metric: string;
  value: string;
  target: string;
  /** The cases (or, for a population target, the population) that miss it. */
  offenders: string[];
}

const EPS = 1e-9;
const f2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : String(x));
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN);
const min = (xs: number[]) => (xs.length ? Math.min(...xs) : Number.NaN);
const max = (xs: number[]) => (xs.length ? Math.max(...xs) : Number.NaN);
/** A population target as an offender list: empty when met. */
const share = (value: number, ok: boolean, what: string) =>
  ok ? [] : [`${what} ${f2(value)} over all cases`];

/** Every quality row (M1-M12) over the cases. */
export function qualityRows(cases: QualityCase[]): QualityRow[] {
  const all = cases.flatMap(both);
  const feasible = cases.filter((c) => c.feasible);
  const feasBoth = feasible.flatMap(both);
  const steadyInputs = feasible.filter((c) => !c.driven);
  const rows: QualityRow[] = [];
  const row = (metric: string, value: string, target: string, offenders: string[]) =>
    rows.push({ metric, value, target, offenders });

  const m1 = all.flatMap(({ input, out, i }) =>
    M.m1Violations(input, out).map((v) => `#${i} ${v}`),
  );
  row('M1 hard violations', String(m1.length), '0', m1);

  const m2 = all.map(({ input, out, i }) => ({ i, r: M.m2Consistency(input, out) }));
  row(
    'M2 warning precision / recall',
    `${f2(min(m2.map(({ r }) => r.precision)))} / ${f2(min(m2.map(({ r }) => r.recall)))} (min)`,
    '1.00 / 1.00, summaries exact',
    m2
      .filter(({ r }) => r.summaryErrors.length || r.precision < 1 || r.recall < 1)
      .map(({ i, r }) => `#${i} expected ${r.expected} got ${r.got} ${r.summaryErrors}`),
  );

  const m3 = all.map(({ input, out, i }) => ({ input, i, r: M.m3Feasibility(input, out) }));
  const m3bad = m3.flatMap(({ input, i, r }) => {
    const bad = r.unmet.map((u) => `#${i} unmet ${u}`);
    if (!r.feasible && r.delivered < r.optimum - input.preferences.sessionLength - EPS)
      bad.push(`#${i} delivered ${r.delivered} < optimum ${r.optimum} - L`);
    if (r.feasible) bad.push(...r.overbooked.map((o) => `#${i} overbooked ${o}`));
    return bad;
  });
  row(
    'M3 needs met / near-optimal / workload',
    `${m3bad.filter((x) => x.includes('unmet')).length} unmet, ${m3bad.filter((x) => x.includes('optimum')).length} below optimum - L, ${m3bad.filter((x) => x.includes('overbooked')).length} booked over need x 1.15 + L (feasible)`,
    'needs 100% when EDF passes, >= optimum - L, at most need x 1.15 + L',
    m3bad,
  );

  const m4 = feasible.map(({ input, off }) => M.m4Spacing(input, off));
  const massing = pop(m4.map((r) => ({ part: r.massing * r.massingPairs, whole: r.massingPairs })));
  row(
    'M4a massing (share of (subject, day) pairs)',
    `${f2(massing)}; per case max ${f2(max(m4.filter((r) => r.massingPairs >= 10).map((r) => r.massing)))}`,
    '<= 0.10',
    share(massing, massing <= 0.1, 'massing'),
  );
  const regular = pop(
    m4.map((r) => ({ part: r.regular * r.regularSubjects, whole: r.regularSubjects })),
  );
  row(
    'M4b regular gaps (share of subjects)',
    `${f2(regular)}; per case min ${f2(min(m4.filter((r) => r.regularSubjects >= 3).map((r) => r.regular)))}`,
    '>= 0.90',
    share(regular, regular >= 0.9, 'regular'),
  );

  const m5 = feasBoth.map(({ input, out }) => M.m5Ridgeline(input, out));
  const band = pop(m5.map((r) => ({ part: r.inBand * r.pairs, whole: r.pairs })));
  row(
    'M5 re-exposures in ridgeline band (share of pairs)',
    `${f2(band)}; per case min ${f2(min(m5.filter((r) => r.pairs >= 10).map((r) => r.inBand)))}`,
    '>= 0.70',
    share(band, band >= 0.7, 'in band'),
  );
  const twice = pop(
    m5.map((r) => ({ part: r.seenTwice * r.topicsChecked, whole: r.topicsChecked })),
  );
  row(
    'M5 topics seen twice (share of topics)',
    `${f2(twice)}; per case min ${f2(min(m5.map((r) => r.seenTwice)))}`,
    '>= 0.90',
    share(twice, twice >= 0.9, 'seen twice'),
  );

  const m6 = feasBoth.map(({ input, out, i }) => ({ i, r: M.m6Interleaving(input, out) }));
  const ratio = pop(
    m6.map(({ r }) => ({ part: r.ratio * r.adjacentPairs, whole: r.adjacentPairs })),
  );
  row(
    'M6a interleaving ratio (share of adjacent pairs)',
    `${f2(ratio)}; per case min ${f2(min(m6.filter(({ r }) => r.adjacentPairs >= 5).map(({ r }) => r.ratio)))}`,
    '>= 0.90',
    share(ratio, ratio >= 0.9, 'interleaving'),
  );
  const runs = m6.filter(({ r }) => r.maxRun >= 3);
  row(
    'M6a runs of 3 same-subject sessions',
    `${runs.length} outputs, longest ${max(m6.map(({ r }) => r.maxRun))}`,
    'none',
    runs.map(({ i, r }) => `#${i} run of ${r.maxRun}`),
  );
  const mixed = pop(m6.map(({ r }) => ({ part: r.mixed * r.reviews, whole: r.reviews })));
  row(
    'M6b mixed reviews (share of review sessions)',
    `${f2(mixed)}; per case min ${f2(min(m6.filter(({ r }) => r.reviews >= 5).map(({ r }) => r.mixed)))}`,
    '>= 0.80',
    share(mixed, mixed >= 0.8, 'mixed'),
  );

  const m7 = all.map(({ input, out, i }) => ({ i, r: M.m7Load(input, out), input, out }));
  const breaks = m7
    .filter(({ r }) => r.longestBlockHours > 3 || r.maxBackToBack > 2)
    .map(({ i, r }) => `#${i} block ${r.longestBlockHours} h`);
  const unwarned = m7
    .filter(
      ({ input, out, r }) =>
        r.worstWeekShare > loadCap(input) + EPS &&
        !out.warnings.some((w) => w.code === 'plan_weeks_too_full'),
    )
    .map(({ i, r }) => `#${i} week at ${f2(r.worstWeekShare)} unwarned`);
  row(
    'M7 breaks / unwarned 7-day load',
    `${breaks.length} long blocks, ${unwarned.length} weeks over the cap unwarned`,
    'none, none',
    [...breaks, ...unwarned],
  );
  // The daily shape on inputs without deadline-driven subjects: otherwise the deadlines, not the
  // pace, decide which days hold the needs (docs/planner.md, Quality metrics).
  const m7s = steadyInputs.map(({ input, off, i }) => ({ i, r: M.m7Load(input, off) }));
  row(
    'M7 day against its week (one session allowed)',
    `max ${f2(max(m7s.map(({ r }) => r.dailyMaxMean)))}; weekly max/mean ${f2(max(m7s.map(({ r }) => r.weeklyMaxMean)))} (printed)`,
    '<= 1.30',
    m7s
      .filter(({ r }) => r.dailyMaxMean > 1.3)
      .map(({ i, r }) => `#${i} daily ${f2(r.dailyMaxMean)}`),
  );

  const m8 = feasBoth.map(({ input, out, i }) => ({ i, r: M.m8Cramming(input, out) }));
  row(
    'M8 cramming subjects',
    `${new Set(m8.flatMap(({ i, r }) => r.cramming.map((c) => `${i}:${c.slice(0, c.indexOf(':'))}`))).size} of ${m8.reduce((a, { r }) => a + r.checked, 0)}`,
    '0',
    m8.flatMap(({ i, r }) => r.cramming.map((c) => `#${i} ${c}`)),
  );

  const m9 = all.flatMap(({ input, out, i }) =>
    M.m9FinalReview(input, out).missing.map((c) => `#${i} ${c}`),
  );
  row('M9 final reviews missing', String(m9.length), '0', m9);

  // M10's reference (need-weighted fair share) is reachable only when no subject is driven by
  // its deadline: checked on those inputs.
  const m10 = steadyInputs.map(({ input, off, on, i }) => ({
    input,
    i,
    r: M.m10FrontLoad(input, off, on),
  }));
  const measured = m10.filter(({ r }) => r.subjects > 0);
  const apart = ({ input, r }: (typeof m10)[number]) =>
    Math.abs(r.totalOff - r.totalOn) > input.preferences.sessionLength + EPS;
  row(
    `M10 front-load (${m10.length} inputs without deadline-driven subjects)`,
    `off deviation mean ${f2(mean(measured.map(({ r }) => r.offDeviation)))} max ${f2(max(measured.map(({ r }) => r.offDeviation)))}; gain-required min ${f2(min(measured.map(({ r }) => r.gain - r.required)))}; ${m10.filter(apart).length} on/off totals apart`,
    'deviation <= 0.10, gain >= required, totals within L',
    m10.flatMap((c) => {
      const { i, r } = c;
      const bad = r.lateIntro.map((t) => `#${i} late ${t}`);
      if (apart(c)) bad.push(`#${i} totals ${r.totalOff} vs ${r.totalOn}`);
      if (r.subjects === 0) return bad;
      if (r.offDeviation > 0.1) bad.push(`#${i} off deviation ${f2(r.offDeviation)}`);
      if (r.gain < r.required)
        bad.push(`#${i} gain ${r.gain.toFixed(3)} < ${r.required.toFixed(3)}`);
      return bad;
    }),
  );

  const m11 = all.flatMap(({ input, out, i }) =>
    M.m11Coverage(input, out).missing.map((c) => `#${i} ${c}`),
  );
  row('M11 uncovered topics/files', String(m11.length), '0', m11);

  const m12: string[] = [];
  let worstChange = 0;
  for (const { input, off, i } of cases.slice(0, 60)) {
    const again = planStudy(
      structuredClone({ ...input, preferences: { ...input.preferences, frontLoad: false } }),
    );
    if (JSON.stringify(again) !== JSON.stringify(off)) m12.push(`#${i} not deterministic`);
    if (off.blocks.length < 3) continue;
    const idx = Math.floor(off.blocks.length / 3);
    const r = M.m12Replan(input, off, replanAfterMiss(input, off, idx), idx);
    worstChange = Math.max(worstChange, r.futureChanged / Math.max(1, r.futureSessions));
    if (r.pastChanged) m12.push(`#${i} past changed`);
    if (r.roomLeft && !r.madeUp) m12.push(`#${i} not made up`);
    if (r.futureChanged > Math.max(1, 0.15 * r.futureSessions))
      m12.push(`#${i} changed ${r.futureChanged}`);
  }
  row(
    'M12 determinism / replan',
    `worst future change ${f2(worstChange)}`,
    'identical; <= 0.15 changed',
    m12,
  );
  return rows;
}

/** The workload rows (docs/planner.md, Workload) over the cases. */
export function workloadRows(cases: QualityCase[]): QualityRow[] {
  const rows: QualityRow[] = [];
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const plans = cases.flatMap(both).map((c) => ({ ...c, w: M.workloadWeeks(c.input, c.out) }));
  let weeks = 0;
  let overCap = 0;
  let over90 = 0;
  for (const { w } of plans) {
    weeks += w.weeks;
    overCap += w.overCap;
    over90 += w.over90;
  }
  const warned = (c: (typeof plans)[number]) =>
    c.out.warnings.some((x) => x.code === 'plan_weeks_too_full');
  const overPlans = plans.filter(({ w }) => w.worstWindowShare > w.cap + EPS);
  rows.push({
    metric: 'Workload: weeks over the cap warned',
    value: `${pct(overCap / Math.max(1, weeks))} of ${weeks} weeks over the cap (over 90%: ${pct(over90 / Math.max(1, weeks))}); ${overPlans.length} plans over it, ${overPlans.filter(warned).length} warned`,
    target: 'all warned',
    offenders: overPlans
      .filter((c) => !warned(c))
      .map(({ i, w }) => `#${i} worst week ${f2(w.worstWindowShare)} unwarned`),
  });
  // Needs are booked in whole sessions, so a window may pass the cap by one session; the greedy
  // placing still misses that on a few crowded inputs, so the target is a share of the plans.
  const unforced = plans.filter(
    (c) =>
      warned(c) && c.w.capFeasible && c.w.worstExcess > c.input.preferences.sessionLength + EPS,
  );
  rows.push({
    metric: 'Workload: over the cap by more than a session though needs x 1.15 fit',
    value: `${unforced.length} plans (${plans.filter((c) => warned(c) && c.w.capFeasible).length} over it at all)`,
    target: '<= 0.5% of plans',
    offenders:
      unforced.length <= 0.005 * plans.length
        ? []
        : unforced.map(({ i, w }) => `#${i} worst week ${f2(w.worstWindowShare)}`),
  });
  const booked = plans.filter(({ w }) => w.capacity > 0).map(({ w }) => w.booked / w.capacity);
  rows.push({
    metric: 'Workload: booked share of free time (printed)',
    value: `${pct(mean(booked))} mean over plans`,
    target: '-',
    offenders: [],
  });
  // Checked where every subject's steady pace fits under the cap together (the inputs M10
  // checks): otherwise the exams' needs take the time, and the plan says so.
  const steady = plans.filter((c) => c.feasible && !c.driven);
  const ratios = steady.flatMap(({ i, w }) => w.steadyRatios.map((r) => ({ i, r })));
  const everyRatio = plans.flatMap(({ w }) => w.steadyRatios);
  rows.push({
    metric: 'Workload: subjects without a deadline, max week / median week',
    value: `mean ${f2(mean(ratios.map(({ r }) => r)))} max ${f2(max(ratios.map(({ r }) => r)))} (${ratios.length} subjects; over all inputs ${everyRatio.filter((r) => r > 2 + EPS).length} of ${everyRatio.length} over 2)`,
    target: '<= 2',
    offenders: ratios.filter(({ r }) => r > 2 + EPS).map(({ i, r }) => `#${i} max/median ${f2(r)}`),
  });
  rows.push(priorityRow(cases));
  return rows;
}

/** One subject set to Low, Medium and High on the same feasible inputs (first 150). */
function priorityRow(cases: QualityCase[]): QualityRow {
  const hours: Array<[number, number, number]> = [];
  const offenders: string[] = [];
  for (const { input, i } of cases.filter((c) => c.feasible).slice(0, 150)) {
    const at = (priority: 0 | 1 | 2) =>
      planStudy({
        ...input,
        subjects: input.subjects.map((s, k) => (k === 0 ? { ...s, priority } : s)),
      }).summary[0]?.totalHours ?? 0;
    const row: [number, number, number] = [at(0), at(1), at(2)];
    hours.push(row);
    if (row[2] < row[1] - EPS || row[0] > row[1] + EPS) offenders.push(`#${i} ${row.join(' / ')}`);
  }
  const meanOf = (j: 0 | 1 | 2) => mean(hours.map((r) => r[j]));
  const high = meanOf(2) / meanOf(1);
  const low = meanOf(0) / meanOf(1);
  if (!(high > 1.15)) offenders.push(`mean High / Medium ${f2(high)}`);
  if (!(low < 0.9)) offenders.push(`mean Low / Medium ${f2(low)}`);
  return {
    metric: 'Workload: priority, one subject High / Medium, Low / Medium',
    value: `${f2(high)}, ${f2(low)} (${hours.length} inputs)`,
    target: 'High never under Medium, Low never over; means > 1.15 and < 0.9',
    offenders,
  };
}
