import { DAY_MINUTES, formatClock } from '@studybuddy/contracts';
import { differenceInMinutes, startOfDay } from 'date-fns';

/**
 * The hour grid's geometry, pure: where a timed item sits in its day column and how items that
 * overlap share the column's width. Times are minutes from local midnight (0-1440); the CSS turns
 * minutes into pixels, so these numbers never depend on the screen.
 */
export const MINUTES_PER_DAY = DAY_MINUTES;
/** Drops and clicks snap to quarter hours. */
export const SNAP_MINUTES = 15;
/** The grid opens scrolled to this hour when nothing earlier is on it. */
export const DEFAULT_FIRST_HOUR = 7;

export interface Span {
  /** Minutes from local midnight. */
  start: number;
  end: number;
}

export interface Placed<T> extends Span {
  item: T;
  /** The item's column within its group of overlapping items, and the group's column count. */
  lane: number;
  lanes: number;
}

/** Minutes from the local midnight of `day` to `instant`, held inside that day. */
export function minutesInDay(instant: Date, day: Date): number {
  const minutes = differenceInMinutes(instant, startOfDay(day), { roundingMethod: 'round' });
  return Math.min(MINUTES_PER_DAY, Math.max(0, minutes));
}

/**
 * Items of one day side by side where they overlap: each group of items linked by overlaps gets
 * as many lanes as it needs at its busiest, and each item the first lane free at its start.
 */
export function layoutDay<T>(items: readonly T[], spanOf: (item: T) => Span): Placed<T>[] {
  const sorted = items
    .map((item) => ({ item, ...spanOf(item) }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Placed<T>[] = [];
  let group: Placed<T>[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -1;
  const close = () => {
    for (const p of group) p.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const s of sorted) {
    if (s.start >= groupEnd) close();
    let lane = laneEnds.findIndex((end) => end <= s.start);
    if (lane < 0) lane = laneEnds.length;
    laneEnds[lane] = Math.max(s.end, s.start + 1);
    const placed: Placed<T> = { ...s, lane, lanes: 1 };
    group.push(placed);
    out.push(placed);
    groupEnd = Math.max(groupEnd, s.end);
  }
  close();
  return out;
}

/** The minute a pointer at `offsetY` pixels into a day column of `height` pixels points at, snapped. */
export function minuteAt(offsetY: number, height: number): number {
  if (height <= 0) return 0;
  const raw = (offsetY / height) * MINUTES_PER_DAY;
  const snapped = Math.floor(raw / SNAP_MINUTES) * SNAP_MINUTES;
  return Math.min(MINUTES_PER_DAY - SNAP_MINUTES, Math.max(0, snapped));
}

/** A minute rounded to the nearest quarter hour inside the day (a dropped block's start). */
export function snapMinute(minute: number): number {
  const snapped = Math.round(minute / SNAP_MINUTES) * SNAP_MINUTES;
  return Math.min(MINUTES_PER_DAY - SNAP_MINUTES, Math.max(0, snapped));
}

/** HH:MM of a minute of the day. */
export function clockOf(minute: number): string {
  return formatClock(Math.max(0, Math.min(MINUTES_PER_DAY, Math.round(minute))));
}
