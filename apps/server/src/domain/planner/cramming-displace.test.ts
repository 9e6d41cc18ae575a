import { describe, expect, it } from 'vitest';
import { dayOfPlaces } from '../../testing/planner/day-template.js';
import { repairCramming } from './cramming-repair.js';
import type { DayTemplate } from './model.js';

/** A plan's days, one string a day split on spaces (`-`: a day without places). */
function days(plan: string): string[] {
  return plan.split(' ').map((s) => (s === '-' ? '' : s));
}

/** Each day's owners, from one string a day (a letter a subject, 0 = A; `.` a free place). */
function owners(days: string[]): Int16Array[] {
  return days.map((s) => Int16Array.from(s, (c) => (c === '.' ? -1 : c.charCodeAt(0) - 65)));
}

/** Hours of subject k on days from..to-1. */
function hoursIn(tpl: DayTemplate[], own: Int16Array[], k: number, from = 0, to = own.length) {
  let h = 0;
  for (let d = from; d < to; d++)
    (own[d] as Int16Array).forEach((x, i) => {
      if (x === k) h += (tpl[d]?.places[i]?.len ?? 0) / 2;
    });
  return h;
}

describe('repairCramming, the hand-on and the displacement into a shorter place', () => {
  it('hands a session on through a third exam onto a day the crammed subject held alone', () => {
    // A's exam on day 14 (review day 13), B's and C's on day 18 (B's review day 17, C's 15).
    // B holds six 2-h sessions on day 14, 14 h in its last week against 12.4 allowed; every
    // place before it is taken, C's last week stands at its limit (its early days cannot go
    // there), and A cannot take a day past its review. A's session on day 9 hands on to C's
    // place on day 11, C's to B's day 14 (five of B beside one of C: only the run it forces).
    const plan = days('A A B A A A A A C A C CCCCC - A BBBBBB C - B');
    const own = owners(plan);
    const tpl = plan.map((s) => dayOfPlaces(Array.from(s, () => 4)));
    const needs = [18, 16, 16];
    repairCramming(
      (d) => tpl[d] as DayTemplate,
      own,
      Float64Array.from([14, 18, 18]),
      [13, 17, 15],
      Int32Array.from([4, 4, 4]),
      2,
      Int32Array.from([7, 11, 11]),
      needs,
      true,
    );
    expect(hoursIn(tpl, own, 1, 11)).toBe(12);
    expect([0, 1, 2].map((k) => hoursIn(tpl, own, k))).toEqual(needs);
    expect(Array.from(own[14] as Int16Array).filter((x) => x === 2)).toHaveLength(1);
  });

  it('takes a shorter place of another exam, and both win the difference back', () => {
    // 1.5-h sessions; days 0, 2 and 9 hold one 1-h place. A's exam on day 7 (review day 6),
    // B's and C's on day 14 (reviews 13 and 12), D's on day 21 (review 20). D holds 9 h of its
    // 11.5 from day 14 on, against 7.7 allowed; every place before it is taken, and A, B and C
    // each hold half an hour past their needs, so no exam can give up a 1.5-h place and win it
    // back. D's session takes A's 1-h place on day 2, A wins the half hour back from B (its 1-h
    // place on day 0 for B's 1.5-h one on day 4), and D from C (its 1-h place on day 9 for C's
    // 1.5-h one on day 11).
    const plan = days('A A A A B D A C B D B C C B DD - D D D - D');
    const own = owners(plan);
    const oneHour = [0, 2, 9];
    const tpl = plan.map((s, d) => dayOfPlaces(Array.from(s, () => (oneHour.includes(d) ? 2 : 3))));
    const needs = [6, 5.5, 4, 11.5];
    repairCramming(
      (d) => tpl[d] as DayTemplate,
      own,
      Float64Array.from([7, 14, 14, 21]),
      [6, 13, 12, 20],
      Int32Array.from([3, 3, 3, 3]),
      1.5,
      Int32Array.from([6, 7, 7, 14]),
      needs,
      true,
    );
    expect(hoursIn(tpl, own, 3, 14)).toBe(7.5);
    expect([0, 1, 2, 3].map((k) => hoursIn(tpl, own, k))).toEqual(needs);
  });
});
