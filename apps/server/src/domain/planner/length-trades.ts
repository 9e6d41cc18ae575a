/**
 * Stage 9b (docs/planner.md, Need rebalancing): trades of place lengths across days. A day whose
 * hours do not divide into whole sessions has a shorter place (1 h of a 1.5-h plan), so a subject
 * can end half a session short of its need while another holds a full place it does not need.
 * When the needs fill the free time exactly, that half hour is the difference between a need met
 * and a warning. Pure, bounded, deterministic.
 */
import type { DayTemplate } from './model.js';
import { hoursBySubject, runsOk } from './repair.js';

const EPS = 1e-9;

/**
 * For each subject short of its need (by index): one of its shorter places trades with a longer
 * place of a subject that stays at or above its need without the difference, on another day.
 * Each subject keeps its number of sessions; each moves only to a day before its `movableBefore`, hold no second
 * session of either subject and stay interleavable. Final reviews (`keep`) do not move.
 */
export function tradeLengths(
  tplOf: (day: number) => DayTemplate,
  owners: Int16Array[],
  needs: ArrayLike<number>,
  movableBefore: ArrayLike<number>,
  keep: ArrayLike<number>,
  takes: ArrayLike<boolean>,
): void {
  const hours = hoursBySubject(tplOf, owners, needs.length);
  for (let j = 0; j < needs.length; j++) {
    if (!takes[j]) continue;
    for (let x = 0; x < owners.length; x++) {
      if ((hours[j] as number) >= (needs[j] as number) - EPS) break;
      if (x === keep[j]) continue;
      const own = owners[x] as Int16Array;
      for (let a = 0; a < own.length; a++)
        if (own[a] === j && tradeFrom(tplOf, owners, hours, needs, movableBefore, keep, x, a))
          break;
    }
  }
}

/** Trades subject j's place a on day x for a longer one of an over-need subject; true if done. */
function tradeFrom(
  tplOf: (day: number) => DayTemplate,
  owners: Int16Array[],
  hours: Float64Array,
  needs: ArrayLike<number>,
  movableBefore: ArrayLike<number>,
  keep: ArrayLike<number>,
  x: number,
  a: number,
): boolean {
  const ownX = owners[x] as Int16Array;
  const j = ownX[a] as number;
  const lenX = tplOf(x).places[a]?.len ?? 0;
  for (let y = 0; y < Math.min(owners.length, movableBefore[j] as number); y++) {
    if (y === x) continue;
    const ownY = owners[y] as Int16Array;
    if (ownY.includes(j)) continue;
    const places = tplOf(y).places;
    for (let b = 0; b < ownY.length; b++) {
      const k = ownY[b] as number;
      const more = ((places[b]?.len ?? 0) - lenX) / 2;
      if (k < 0 || k === j || more <= EPS || y === keep[k] || x >= (movableBefore[k] as number))
        continue;
      if (ownX.includes(k) || (hours[k] as number) - more < (needs[k] as number) - EPS) continue;
      ownY[b] = j;
      ownX[a] = k;
      if (runsOk(ownX, -1) && runsOk(ownY, -1)) {
        hours[j] = (hours[j] as number) + more;
        hours[k] = (hours[k] as number) - more;
        return true;
      }
      ownY[b] = k;
      ownX[a] = j;
    }
  }
  return false;
}
