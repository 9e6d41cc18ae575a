/** Calendar dates as 'YYYY-MM-DD' text, computed in UTC so no time zone shifts a day. */

const DAY_MS = 86_400_000;

function parse(iso: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const time = Date.UTC(y, m - 1, d);
  const back = new Date(time);
  // Rejects 2026-02-30 and the like, which Date.UTC would silently roll over.
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) {
    return null;
  }
  return time;
}

export function isIsoDate(value: string): boolean {
  return parse(value) !== null;
}

/** The date `days` days after `iso` (negative goes back). */
export function addDays(iso: string, days: number): string {
  const time = parse(iso);
  if (time === null) return iso;
  return new Date(time + days * DAY_MS).toISOString().slice(0, 10);
}

/** Today in the browser's own calendar (the student's "today"). */
export function localToday(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** A date for people, e.g. 'Mon, 2 Mar 2026', in the given language. */
export function formatIsoDate(iso: string, language: string): string {
  const time = parse(iso);
  if (time === null) return iso;
  return new Intl.DateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(time));
}

/** 'HH:MM' to minutes after midnight (NaN when malformed). */
export function toMinutes(hhmm: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) return Number.NaN;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Minutes after midnight to 'HH:MM' (1440 is '24:00', the end of the day). */
export function fromMinutes(total: number): string {
  const h = Math.floor(total / 60);
  const m = total % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}
