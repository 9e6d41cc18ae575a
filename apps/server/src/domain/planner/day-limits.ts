/**
 * Most hours the pace books on each day (docs/planner.md, Workload): a plan that books needs,
 * not all free time, then spreads its sessions over the days instead of stacking subjects that
 * fall due together on one day (M7's daily shape). Pure, no I/O.
 */

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
    const cum = pace[k] as Float64Array;
    const target = paceTarget[k] as number;
    for (let d = 0; d < Math.min(days, paceEnd[k] as number); d++)
      expect[d] =
        (expect[d] as number) +
        target * ((cum[d] as number) - (d > 0 ? (cum[d - 1] as number) : 0));
    if ((finalDay[k] as number) >= 0)
      expect[finalDay[k] as number] =
        (expect[finalDay[k] as number] as number) + (finalHours[k] as number);
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
      e += expect[x] as number;
      c += capacity[x] as number;
    }
    const expected = c > EPS ? (e * (capacity[d] as number)) / c : 0;
    dayLimit[d] = sessionHours * Math.ceil((DAY_LIMIT * expected) / sessionHours - EPS);
  }
  return dayLimit;
}
