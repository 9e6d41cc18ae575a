/**
 * Clashes (docs/product.md, Busy time): sessions still ahead that busy time covers, because the
 * busy time was added or changed, or an imported calendar brought it, after the session was
 * planned. Pure, no I/O: days and minutes in the plan's local time, as the catch-up reads them.
 */
import type { LocalSession } from './catch-up.js';

/** A busy interval on one local day, in minutes from midnight (`end` at most 1440). */
export interface LocalInterval {
  day: number;
  start: number;
  end: number;
}

/** Whether a session has not started at `today`/`nowMinute` and is still open to a re-plan. */
function ahead(s: LocalSession, today: number, nowMinute: number): boolean {
  if (s.carriedOver || s.checkIn !== null) return false;
  return s.day > today || (s.day === today && s.start >= nowMinute);
}

/**
 * For each session ahead that some busy interval overlaps (touching ends do not), the index of
 * the first such interval in `busy`; sessions without a clash are absent.
 */
export function clashingSessions(
  sessions: readonly LocalSession[],
  busy: readonly LocalInterval[],
  today: number,
  nowMinute: number,
): Map<number, number> {
  const byDay = new Map<number, number[]>();
  busy.forEach((b, i) => {
    if (b.end <= b.start) return;
    const list = byDay.get(b.day) ?? [];
    list.push(i);
    byDay.set(b.day, list);
  });
  const out = new Map<number, number>();
  for (const s of sessions) {
    if (!ahead(s, today, nowMinute)) continue;
    const hit = (byDay.get(s.day) ?? []).find((i) => {
      const b = busy[i] as LocalInterval;
      return b.start < s.end && s.start < b.end;
    });
    if (hit !== undefined) out.set(s.id, hit);
  }
  return out;
}
