import { type BusyOccurrence, type BusyTime, busyOccurrences } from '@studybuddy/contracts';
import { addDays, fromZoned, toZoned } from '../../domain/time/zoned.js';

type BusyEntry = Pick<
  BusyTime,
  'id' | 'date' | 'startTime' | 'endTime' | 'repeat' | 'until' | 'timeZone'
>;

/** The instant of a wall-clock time; 24:00 is midnight at the start of the next day. */
const instantOf = (date: string, time: string, zone: string) =>
  time === '24:00' ? fromZoned(addDays(date, 1), '00:00', zone) : fromZoned(date, time, zone);

/**
 * The occurrences of busy time on the local days `from` to `to` (YYYY-MM-DD, inclusive) of
 * `timeZone`, earliest first. Busy time entered in that zone is expanded as it is (wall-clock,
 * so a weekly lecture keeps its hour across a daylight-saving change). Busy time entered in
 * another zone keeps its own wall-clock there and is moved to `timeZone` instant for instant;
 * a piece that then crosses midnight is split at it, so every occurrence lies on one day
 * (24:00 ends one).
 */
export function localBusy(
  busy: readonly BusyEntry[],
  from: string,
  to: string,
  timeZone: string,
): BusyOccurrence[] {
  const same = busy.filter((b) => b.timeZone === timeZone);
  const out = busyOccurrences(same, from, to);
  // A zone's day can start up to a day apart from another's: read one more day either side.
  const wider = busyOccurrences(
    busy.filter((b) => b.timeZone !== timeZone),
    addDays(from, -1),
    addDays(to, 1),
  );
  const zoneOf = new Map(busy.map((b) => [b.id, b.timeZone]));
  for (const o of wider) {
    const zone = zoneOf.get(o.busyId) as string;
    const start = toZoned(instantOf(o.date, o.startTime, zone), timeZone);
    const end = toZoned(instantOf(o.date, o.endTime, zone), timeZone);
    for (let date = start.date; date <= end.date; date = addDays(date, 1)) {
      const startTime = date === start.date ? start.time : '00:00';
      const endTime = date === end.date ? end.time : '24:00';
      if (startTime < endTime && date >= from && date <= to)
        out.push({ busyId: o.busyId, date, startTime, endTime });
    }
  }
  return out.sort((a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime));
}
