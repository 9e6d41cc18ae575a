/**
 * Most hours the pace books on each day (docs/planner.md, Workload): a plan that books needs,
 * not all free time, then spreads its sessions over the days instead of stacking subjects that
 * fall due together on one day (M7's daily shape). Pure, no I/O.
 */
import { addTo, f64, i32, item, num } from './typed.js';

const EPS = 1e-9;
/** Most a day's booking may exceed the pace's expected share of it (docs/planner.md, Workload). */
const DAY_LIMIT = 1.3;
/** Days on each side of a day whose expected load sets its limit (the 7 days around it, M7). */
const DAY_LIMIT_REACH = 3;

/**
 * Each day's limit: DAY_LIMIT times the share of capacity the pace curves (and final reviews)
 * expect over the 7 days around it, rounded up to whole sessions.
 */
export function dayLimits(
  pace: Float64Array[],
  paceTarget: Float64Array,
  paceEnd: Int32Array,
  finalDay: number[],
  finalHours: Float64Array,
  capacity: Float64Array,
  sessionHours: number,
): Float64Array {
  const subjectCount = paceEnd.length;
  const days = capacity.length;
  // Hours the pace curves and the final reviews expect on each day.
  const expect = new Float64Array(days);
  for (let k = 0; k < subjectCount; k++) {
    const cum = item(pace, k);
    const target = f64(paceTarget, k);
    for (let d = 0; d < Math.min(days, i32(paceEnd, k)); d++)
      addTo(expect, d, target * (f64(cum, d) - (d > 0 ? f64(cum, d - 1) : 0)));
    const reviewDay = num(finalDay, k);
    if (reviewDay >= 0) addTo(expect, reviewDay, f64(finalHours, k));
  }
  // Their share of each day's capacity over the 7 days around it, raised by DAY_LIMIT.
  const dayLimit = new Float64Array(days);
  for (let d = 0; d < days; d++) {
    let e = 0;
    let c = 0;
    for (
      let x = Math.max(0, d - DAY_LIMIT_REACH);
      x <= Math.min(days - 1, d + DAY_LIMIT_REACH);
      x++
    ) {
      e += f64(expect, x);
      c += f64(capacity, x);
    }
    const expected = c > EPS ? (e * f64(capacity, d)) / c : 0;
    dayLimit[d] = sessionHours * Math.ceil((DAY_LIMIT * expected) / sessionHours - EPS);
  }
  return dayLimit;
}
