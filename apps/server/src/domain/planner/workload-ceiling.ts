/**
 * Stage 14d (docs/planner.md, Workload ceiling): no subject ends past its need plus the buffer
 * and one session. Each pass books toward a target (the need plus the buffer), but some moves
 * gain a subject hours no target counts: a move that leaves a full place free beside a shorter
 * one moves the shorter session up into it (the cramming repair's leaveOk), and a session added
 * to reach a target is a whole session past it. Pure, no I/O.
 */

import { type CalendarWeeks, WORKLOAD } from '@studybuddy/contracts';
import type { DayTemplate } from './model.js';
import { hoursBySubject, runsOk, shortPlacesOk, steadyWeeksOk } from './repair.js';
import { f64, item, numLike } from './typed.js';

/** Tolerance on hours (sums of half-hours). */
const EPS = 1e-9;

/** What the trim reads and changes. */
export interface CeilingInput {
  tplOf: (day: number) => DayTemplate;
  /** `owners[d][i]`: the subject of place i on day d (-1 when free); changed in place. */
  owners: Int16Array[];
  needs: Float64Array;
  /** Each subject's final-review day (-1: none): no session of that day is dropped. */
  finalDay: ArrayLike<number>;
  /** The student's session length in hours: the one session the ceiling allows past the buffer. */
  sessionHours: number;
  /** 1 for a steady subject (no exam in the plan): its calendar weeks stay steady. */
  steady: ArrayLike<number>;
  calendar: CalendarWeeks;
}

/** The most hours a subject may hold: its need plus the buffer, rounded up by one session. */
export function workloadCeiling(need: number, sessionHours: number): number {
  return need * (1 + WORKLOAD.buffer) + sessionHours;
}

/**
 * Drops the latest sessions of each subject past its ceiling until it is within it: never below
 * the need, never a final review's day, and only where the day stays valid (no shorter place
 * used beside a free full one, no run of three) and a steady subject's weeks stay steady. The
 * latest first: a late session is what the cramming and front-loading rules would move anyway.
 * Seed 65,471,565 #545: B, with no exam in the period, 14 h against a need of 10 (ceiling 13.5)
 * after a cramming move left its 1-h session the 2-h place beside it.
 */
export function trimPastCeiling(p: CeilingInput): void {
  const { tplOf, owners, needs, finalDay, sessionHours, steady, calendar } = p;
  const hours = hoursBySubject(tplOf, owners, needs.length);
  for (let k = 0; k < needs.length; k++) {
    const need = f64(needs, k);
    const ceiling = workloadCeiling(need, sessionHours);
    for (let d = owners.length - 1; d >= 0 && f64(hours, k) > ceiling + EPS; d--) {
      if (d === numLike(finalDay, k)) continue;
      const own = item(owners, d);
      for (let i = own.length - 1; i >= 0 && f64(hours, k) > ceiling + EPS; i--) {
        if (own[i] !== k) continue;
        const h = (tplOf(d).places[i]?.len ?? 0) / 2;
        if (f64(hours, k) - h < need - EPS) continue;
        if (steady[k] && !steadyWeeksOk(tplOf, owners, k, d, -1, h, calendar)) continue;
        own[i] = -1;
        if (shortPlacesOk(tplOf(d), own) && runsOk(own, -1)) hours[k] = f64(hours, k) - h;
        else own[i] = k;
      }
    }
  }
}
