/**
 * Stage 15 (docs/planner.md, Order within the day): each day's sessions in an order that
 * interleaves subjects, with no run of 3 of one subject when the mix allows it (M6). Pure, no I/O.
 */
import { HALF_HOURS } from '@studybuddy/contracts';
import type { DayTemplate } from './model.js';
import type { RawBlock } from './plan-model.js';
import { i16, i32, item } from './typed.js';

/** Sessions of one subject in a row that make a run (M6a): never that many when avoidable. */
const RUN_LENGTH = 3;
/** Taken from a subject's sessions left per neighbour of the same subject: apart if possible. */
const NEIGHBOUR_PENALTY = 0.5;

/**
 * Stage 15 (docs/planner.md, Order within the day): each day's sessions in an order that
 * interleaves subjects, as raw blocks in day order; the final review is marked.
 */
export function orderWithinDays(
  tplOf: (d: number) => DayTemplate,
  owners: Int16Array[],
  finalDay: number[],
  finalLen: Int32Array,
  finalMarked: Uint8Array,
): RawBlock[] {
  const days = owners.length;
  const subjectCount = finalDay.length;
  const blocks: RawBlock[] = [];
  // A day has fewer places than half-hours: room for any day's places and subjects.
  const slotAt = new Int32Array(HALF_HOURS);
  const seqAt = new Int32Array(HALF_HOURS);
  const forced = new Int32Array(HALF_HOURS);
  const subsToday = new Int32Array(HALF_HOURS);
  const sessionsLeft = new Int32Array(subjectCount);
  const dayCount = new Int32Array(subjectCount);
  let tpl: DayTemplate;
  let dayOwners: Int16Array;
  for (let d = 0; d < days; d++) {
    tpl = tplOf(d);
    dayOwners = item(owners, d);
    // Within the day: no two adjacent sessions of one subject when the mix allows it. Subjects
    // trade only places of the day's full length, so each keeps exactly the hours it was given
    // (a shorter place stays with its owner; the EDF guard and the final review count on that).
    let nSlots = 0;
    let maxLen = 0;
    for (let i = 0; i < dayOwners.length; i++)
      if (i16(dayOwners, i) >= 0) {
        slotAt[nSlots++] = i;
        const l = item(tpl.places, i).len;
        if (l > maxLen) maxLen = l;
      }
    let nSubs = 0;
    for (let n = 0; n < nSlots; n++) {
      const i = i32(slotAt, n);
      const k = i16(dayOwners, i);
      if (item(tpl.places, i).len !== maxLen) {
        forced[n] = k;
        continue;
      }
      forced[n] = -1;
      if (i32(sessionsLeft, k) === 0) subsToday[nSubs++] = k;
      sessionsLeft[k] = i32(sessionsLeft, k) + 1;
    }
    // The longest run no order of the day's sessions avoids (M6a): the most frequent subject's
    // sessions split by the others'. Runs stay under RUN_LENGTH when the mix allows it, else at
    // that forced length: with one bound of 3 for every day, a day of 7 sessions of C and 1 of A
    // used A after the first two C and left a run of 5 where C C C C A C C C keeps 4 (seed
    // 86,400 #818).
    const runLimit = Math.max(RUN_LENGTH - 1, forcedRunOf(dayOwners, dayCount));
    // Most sessions left first (a repeat only when it has at least one more than the next), and
    // never a run past the limit: the fewest same-subject neighbours with no avoidable run (M6).
    let prev = -1;
    let run = 0;
    for (let n = 0; n < nSlots; n++) {
      let pick = i32(forced, n);
      if (pick < 0) {
        const after = n + 1 < nSlots ? i32(forced, n + 1) : -1;
        let bestBad = 0;
        let bestScore = 0;
        for (let x = 0; x < nSubs; x++) {
          const k = i32(subsToday, x);
          const c = i32(sessionsLeft, k);
          if (c === 0) continue;
          const len = (k === prev ? run : 0) + 1 + (k === after ? 1 : 0);
          const bad = len > runLimit ? 1 : 0;
          const score =
            c - (k === prev ? NEIGHBOUR_PENALTY : 0) - (k === after ? NEIGHBOUR_PENALTY : 0);
          if (
            pick < 0 ||
            bad < bestBad ||
            (bad === bestBad && (score > bestScore || (score === bestScore && k < pick)))
          ) {
            pick = k;
            bestBad = bad;
            bestScore = score;
          }
        }
        sessionsLeft[pick] = i32(sessionsLeft, pick) - 1;
      }
      run = pick === prev ? run + 1 : 1;
      seqAt[n] = pick;
      prev = pick;
    }
    for (let x = 0; x < nSubs; x++) sessionsLeft[i32(subsToday, x)] = 0;
    const firstBlock = blocks.length;
    for (let n = 0; n < nSlots; n++) {
      const p = item(tpl.places, i32(slotAt, n));
      blocks.push({
        day: d,
        start: p.start,
        len: p.len,
        subject: i32(seqAt, n),
        final: false,
      });
    }
    for (let n = nSlots - 1; n >= 0; n--) {
      const b = item(blocks, firstBlock + n);
      const k = b.subject;
      if (finalDay[k] === d && !finalMarked[k] && b.len === finalLen[k]) {
        b.final = true;
        finalMarked[k] = 1;
      }
    }
  }
  return blocks;
}

/**
 * The longest run of one subject that no order of the day's sessions can avoid (M6a's forced
 * run): the most frequent subject's n sessions beside m of the others leave ceil(n / (m + 1)).
 * `scratch` is a zeroed per-subject counter, zeroed again on return.
 */
export function forcedRunOf(dayOwners: Int16Array, scratch: Int32Array): number {
  let total = 0;
  let most = 0;
  for (let i = 0; i < dayOwners.length; i++) {
    const k = i16(dayOwners, i);
    if (k < 0) continue;
    total++;
    const c = i32(scratch, k) + 1;
    scratch[k] = c;
    if (c > most) most = c;
  }
  for (let i = 0; i < dayOwners.length; i++) {
    const k = i16(dayOwners, i);
    if (k >= 0) scratch[k] = 0;
  }
  return total === 0 ? 0 : Math.ceil(most / (total - most + 1));
}
