import { calendarWeeks, weekdayOf } from '@studybuddy/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ONE_PLACE_DAY } from '../../testing/planner/fixtures.js';
import { plannerInputArb } from '../../testing/planner/generators.js';
import { frameOf } from '../../testing/planner/metrics.js';
import { dayNumber } from './dates.js';
import { planModel, planStudy } from './planner.js';
import { steadyWeeksOk } from './repair.js';

/** Day number of Wednesday 2026-01-07. */
const WEDNESDAY = dayNumber('2026-01-07');

const day = ONE_PLACE_DAY;

/** Owners of 35 days of one place each, subject 0 on `days`. */
const owners = (days: number[]) =>
  Array.from({ length: 35 }, (_, d) => Int16Array.of(days.includes(d) ? 0 : -1));

describe("the planner and the student's week start", () => {
  it('counts a steady subject in the calendar weeks that start on the week start', () => {
    // A period from a Wednesday: Monday weeks start on its 6th day (offset 5), not its first.
    const monday = calendarWeeks(WEDNESDAY, 35, 'monday');
    // Days 6 and 8 are one Monday week but two weeks from the period's first day, where the
    // move would leave the subject's busiest week at 3 times its median.
    const a = owners([6, 7, 9, 14, 21, 28]);
    expect(steadyWeeksOk(() => day, a, 0, 6, 8, 2)).toBe(false);
    expect(steadyWeeksOk(() => day, a, 0, 6, 8, 2, monday)).toBe(true);
    // Days 12 and 10 are one week from the first day, but two Monday weeks.
    const b = owners([6, 8, 12, 20, 27]);
    expect(steadyWeeksOk(() => day, b, 0, 12, 10, 2)).toBe(true);
    expect(steadyWeeksOk(() => day, b, 0, 12, 10, 2, monday)).toBe(false);
  });

  it("gives the plan's model and the metrics the same calendar weeks", () => {
    const [input] = fc.sample(plannerInputArb, { numRuns: 1, seed: 5 });
    if (!input) throw new Error('no input');
    const start = { ...input, period: { ...input.period, start: '2026-01-07' } };
    for (const weekStart of [undefined, 'sunday', 'monday'] as const) {
      const one = { ...start, weekStart };
      expect(planModel(one).weeks).toEqual(frameOf(one).weeks);
    }
    expect(planModel({ ...start, weekStart: 'monday' }).weeks.first).toBe(5);
    expect(planModel({ ...start, weekStart: 'sunday' }).weeks.first).toBe(4);
    expect(planModel(start).weeks.first).toBe(0);
  });

  it('plans exactly as without a week start when the period starts on the week start', () => {
    const inputs = fc.sample(plannerInputArb, { numRuns: 120, seed: 11 });
    let compared = 0;
    for (const input of inputs) {
      const first = weekdayOf(dayNumber(input.period.start));
      const weekStart = first === 0 ? 'monday' : first === 6 ? 'sunday' : undefined;
      if (!weekStart) continue;
      compared++;
      expect(JSON.stringify(planStudy({ ...input, weekStart }))).toBe(
        JSON.stringify(planStudy(input)),
      );
    }
    expect(compared).toBeGreaterThan(10);
  });

  it('reaches the plan: some steady subject is placed in other weeks once they start elsewhere', () => {
    const inputs = fc.sample(plannerInputArb, { numRuns: 200, seed: 11 });
    const differs = inputs.some((input) => {
      const first = weekdayOf(dayNumber(input.period.start));
      if (first === 0 || first === 6) return false;
      return (
        JSON.stringify(planStudy({ ...input, weekStart: 'monday' })) !==
        JSON.stringify(planStudy(input))
      );
    });
    expect(differs).toBe(true);
  });
});
