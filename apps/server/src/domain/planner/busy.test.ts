import { parseClock, weekdayOf } from '@studybuddy/contracts';
import { describe, expect, it } from 'vitest';
import { m1Violations, m2Consistency } from '../../testing/planner/metrics.js';
import { busyHalfHours } from './busy.js';
import { dayNumber, isoDate } from './dates.js';
import { type PlannerInput, planStudy, replanAfterMiss } from './planner.js';

const allSlots = Array<boolean>(24).fill(true);

/** Two weeks from Monday 2026-01-05; every day 18:00-22:00 (2 h), one subject. */
function input(over: Partial<PlannerInput> = {}): PlannerInput {
  return {
    period: { start: '2026-01-05', end: '2026-01-18' },
    availability: [...Array(7).keys()].map((day) => ({
      day,
      enabled: true,
      hours: 2,
      startTime: '18:00',
      endTime: '22:00',
      slots: allSlots,
    })),
    subjects: [
      {
        name: 'Chemistry',
        deadline: '2026-01-19',
        topics: [
          { name: 'Bonding', size: 200 },
          { name: 'Kinetics', size: 250 },
        ],
        materials: [],
        hoursNeeded: 14,
      },
    ],
    preferences: { sessionLength: 1, frontLoad: false, extraWishes: '' },
    ...over,
  };
}

/** Every date of the input's period. */
function datesOf(inp: PlannerInput): string[] {
  const out: string[] = [];
  for (let d = dayNumber(inp.period.start); d <= dayNumber(inp.period.end); d++)
    out.push(isoDate(d));
  return out;
}

/** Blocks that overlap a busy interval of their date, in minutes. */
function overlaps(inp: PlannerInput, out: ReturnType<typeof planStudy>): string[] {
  return out.blocks.flatMap((b) =>
    (inp.busy ?? [])
      .filter(
        (x) =>
          x.date === b.date &&
          parseClock(b.start) < parseClock(x.end) &&
          parseClock(x.start) < parseClock(b.end),
      )
      .map((x) => `${b.date} ${b.start}-${b.end} overlaps ${x.start}-${x.end}`),
  );
}

describe('busy time', () => {
  it('marks every half-hour a busy interval touches, on dates inside the period only', () => {
    const p0 = dayNumber('2026-01-05');
    const masks = busyHalfHours(
      [
        { date: '2026-01-06', start: '10:15', end: '11:45' },
        { date: '2026-01-06', start: '23:00', end: '24:00' },
        { date: '2026-01-04', start: '10:00', end: '12:00' },
        { date: '2026-01-07', start: '12:00', end: '12:00' },
        { date: '2026-01-08', start: 'noon', end: '13:00' },
      ],
      p0,
      14,
    );
    expect([...masks.keys()]).toEqual([1]);
    const busy = (masks.get(1) ?? []).flatMap((b, h) => (b ? [h] : []));
    expect(busy).toEqual([20, 21, 22, 23, 46, 47]);
  });

  it('keeps a weekly Saturday lecture 10:00-12:00 free of blocks (availability 09:00-13:00)', () => {
    const saturday = (day: number) => ({
      day,
      enabled: day === 5,
      hours: 4,
      startTime: '09:00',
      endTime: '13:00',
      slots: allSlots,
    });
    const base = input({
      period: { start: '2026-01-05', end: '2026-02-01' },
      availability: [...Array(7).keys()].map(saturday),
      subjects: [
        { ...input().subjects[0], deadline: undefined, hoursNeeded: 8 },
      ] as PlannerInput['subjects'],
    });
    const saturdays = datesOf(base).filter((d) => weekdayOf(dayNumber(d)) === 5);
    const inp = {
      ...base,
      busy: saturdays.map((date) => ({ date, start: '10:00', end: '12:00' })),
    };
    // Without the lecture the plan uses 10:00-12:00; with it, only 09:00-10:00 and 12:00-13:00.
    expect(overlaps(inp, planStudy(base)).length).toBeGreaterThan(0);
    const out = planStudy(inp);
    expect(out.blocks.length).toBeGreaterThan(0);
    expect(overlaps(inp, out)).toEqual([]);
    for (const b of out.blocks) expect(['09:00', '12:00']).toContain(b.start);
    expect(m1Violations(inp, out)).toEqual([]);
    expect(m2Consistency(inp, out).recall).toBe(1);
  });

  it('places nothing on a fully busy day, and everything else as before', () => {
    const base = input({
      subjects: [{ ...input().subjects[0], hoursNeeded: 20 }] as PlannerInput['subjects'],
    });
    const before = planStudy(base);
    expect(before.blocks.some((b) => b.date === '2026-01-08')).toBe(true);
    const inp = { ...base, busy: [{ date: '2026-01-08', start: '00:00', end: '24:00' }] };
    const out = planStudy(inp);
    expect(out.blocks.some((b) => b.date === '2026-01-08')).toBe(false);
    expect(out.blocks.length).toBeGreaterThan(0);
    expect(m1Violations(inp, out)).toEqual([]);
    // An empty list changes nothing.
    expect(JSON.stringify(planStudy({ ...base, busy: [] }))).toBe(JSON.stringify(before));
  });

  it('warns with the reduced free time when the need no longer fits', () => {
    const base = input();
    const fits = planStudy(base);
    expect(fits.warnings.map((w) => w.code)).not.toContain('plan_short_before_deadline');
    // Busy every evening of the first ten days: 4 days of 2 h are left for a 14-h need.
    const busy = datesOf(base)
      .slice(0, 10)
      .map((date) => ({ date, start: '17:30', end: '23:00' }));
    const inp = { ...base, busy };
    const out = planStudy(inp);
    const short = out.warnings.find((w) => w.code === 'plan_short_before_deadline');
    expect(short?.params).toMatchObject({ subject: 'Chemistry', needHours: 14, gotHours: 8 });
    expect(out.blocks.every((b) => b.date >= '2026-01-15')).toBe(true);
    const m2 = m2Consistency(inp, out);
    expect([m2.precision, m2.recall]).toEqual([1, 1]);
    // The whole period busy: no study time at all.
    const all = {
      ...base,
      busy: datesOf(base).map((date) => ({ date, start: '00:00', end: '24:00' })),
    };
    const none = planStudy(all);
    expect(none.blocks).toEqual([]);
    expect(none.warnings.map((w) => w.code)).toContain('plan_no_study_time');
  });

  it('counts busy time in the weekly cap warning', () => {
    // A need that fills the free time: the weeks pass the cap, and the warning's free hours are
    // what the busy week left (5 evenings of 2 h, two taken by busy time).
    const base = input({
      subjects: [{ ...input().subjects[0], hoursNeeded: 26 }] as PlannerInput['subjects'],
    });
    const busy = [
      { date: '2026-01-05', start: '18:00', end: '22:00' },
      { date: '2026-01-06', start: '18:00', end: '22:00' },
    ];
    const out = planStudy({ ...base, busy });
    const full = out.warnings.find((w) => w.code === 'plan_weeks_too_full');
    expect(full?.params).toMatchObject({ fromDate: '2026-01-05', freeHours: 10 });
  });

  it('never moves a missed session into busy time', () => {
    const base = input({
      subjects: [{ ...input().subjects[0], hoursNeeded: 6 }] as PlannerInput['subjects'],
    });
    const busy = datesOf(base)
      .slice(1)
      .map((date) => ({ date, start: '18:00', end: '19:30' }));
    const inp = { ...base, busy };
    const plan = planStudy(inp);
    expect(plan.blocks.length).toBeGreaterThan(1);
    expect(overlaps(inp, plan)).toEqual([]);
    const after = replanAfterMiss(inp, plan, 0);
    expect(overlaps(inp, after)).toEqual([]);
    expect(m1Violations(inp, after)).toEqual([]);
    // The missed hour was made up (on a later day, after the busy 18:00-19:30).
    expect(after.blocks.length).toBe(plan.blocks.length);
  });
});
