import { calendarWeeks } from '@studybuddy/contracts';
import { describe, expect, it } from 'vitest';
import { dayOfPlaces } from '../../testing/planner/day-template.js';
import { type ExactCrammingInput, placeCrammingExactly } from './exact-cramming.js';
import type { DayTemplate } from './model.js';
import { WeekCap } from './week-cap.js';

/** Each day's owners, from one letter a day (a letter a subject, 0 = A; `.` a free place). */
function owners(plan: string): Int16Array[] {
  return Array.from(plan, (c) => Int16Array.of(c === '.' ? -1 : c.charCodeAt(0) - 65));
}

/** Hours of subject k on days from..to-1 (one 2-h place a day). */
function hoursIn(own: Int16Array[], k: number, from = 0, to = own.length): number {
  let h = 0;
  for (let d = from; d < to; d++) if (own[d]?.[0] === k) h += 2;
  return h;
}

/**
 * 20 days of one 2-h place each. A's exam on day 20 (its final review on day 19), B's on day 10
 * (review on day 9), C without an exam (a steady subject). B holds days 0-9 (its need), C days
 * 10-14, A days 15-19: A's last week holds 10 h against the 7 M8 allows.
 */
function crammedPlan(plan: string): ExactCrammingInput {
  const tpl = Array.from(plan, () => dayOfPlaces([4]));
  const capacity = new Float64Array(plan.length).fill(2);
  return {
    tplOf: (d) => tpl[d] as DayTemplate,
    owners: owners(plan),
    examDay: Float64Array.of(20, 10, Number.NaN),
    windowEnd: Int32Array.of(20, 10, 20),
    needs: Float64Array.of(10, 20, 10),
    finalDay: [19, 9, -1],
    finalLen: Int32Array.of(4, 4, 0),
    steady: Uint8Array.of(0, 0, 1),
    weekLimit: new WeekCap(capacity, 1).limit,
    calendar: calendarWeeks(0, plan.length),
    maxLoad: 1,
    capacity,
    sessionHours: 2,
    frontLoad: false,
  };
}

describe('placeCrammingExactly', () => {
  it('takes the nearest plan whose crammed subject holds the least in its last week', () => {
    const p = crammedPlan('BBBBBBBBBBCCCCCAAAAA');
    placeCrammingExactly(p);
    // A takes C's places before its last week (days 10-12): B's window cannot, and C, without
    // an exam, takes A's later ones. A keeps its final review on day 19.
    expect(hoursIn(p.owners, 0, 13)).toBe(4);
    expect(p.owners[19]?.[0]).toBe(0);
    expect([0, 1, 2].map((k) => hoursIn(p.owners, k))).toEqual([10, 20, 10]);
  });

  it('leaves a plan alone where no place before the last week can be had', () => {
    // C's places are all in A's last week already: nothing earlier is anyone's to give.
    const p = crammedPlan('BBBBBBBBBBBBBCCAAAAA');
    p.needs = Float64Array.of(10, 26, 4);
    p.windowEnd = Int32Array.of(20, 13, 20);
    p.examDay = Float64Array.of(20, 13, Number.NaN);
    p.finalDay = [19, 12, -1];
    const before = p.owners.map((o) => o[0]);
    placeCrammingExactly(p);
    expect(p.owners.map((o) => o[0])).toEqual(before);
  });
});
