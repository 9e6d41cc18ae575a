/** Wall-clock dates and times in an IANA time zone, without a time-zone library; pure. */
import { parseClock, WEEKDAYS, type Weekday, weekdayOfDate } from '@studybuddy/contracts';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface WallClock {
  date: string; // YYYY-MM-DD
  time: string; // HH:MM
}

/** The wall-clock date and time of an instant in a zone. */
export function toZoned(instant: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** Offset of the zone from UTC at an instant, in minutes. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const p = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((x) => [x.type, Number(x.value)]),
  );
  const n = (k: string) => p[k] ?? 0;
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant of a wall-clock time in a zone. In a spring-forward gap the time is moved
 * forward by the gap; in a fall-back overlap the earlier instant is taken.
 */
export function fromZoned(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d, 0, parseClock(time));
  const first = guess - offsetMinutes(new Date(guess), timeZone) * 60_000;
  const second = guess - offsetMinutes(new Date(first), timeZone) * 60_000;
  const wanted = `${date} ${time}`;
  const exact = [first, second].filter((t) => {
    const z = toZoned(new Date(t), timeZone);
    return `${z.date} ${z.time}` === wanted;
  });
  // Both exact: a fall-back overlap, take the earlier. None: a spring-forward gap, go past it.
  return new Date(exact.length > 0 ? Math.min(...exact) : Math.max(first, second));
}

/** The calendar date `n` days after a YYYY-MM-DD (before it when negative). */
export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** Today's date in a zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return toZoned(now, timeZone).date;
}

/** English weekday name of a YYYY-MM-DD date. */
export function weekdayName(date: string): Weekday {
  return WEEKDAYS[weekdayOfDate(date)] as Weekday;
}
