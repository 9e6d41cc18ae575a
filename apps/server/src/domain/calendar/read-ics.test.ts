import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IcsError, ianaZoneOf, MAX_CALENDAR_EVENTS, readIcs } from './read-ics.js';

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '../../testing/calendars', name), 'utf8');
const range = (from: string, to: string) => ({ from: new Date(from), to: new Date(to) });
/** Each interval as `title start-end` in UTC, to the minute. */
const lines = (r: ReturnType<typeof readIcs>) =>
  r.intervals.map(
    (i) => `${i.title} ${i.start.toISOString().slice(0, 16)}-${i.end.toISOString().slice(11, 16)}`,
  );
const SPRING = range('2027-03-01T00:00:00Z', '2027-05-01T00:00:00Z');

describe('readIcs: timetables as the calendar apps export them', () => {
  it("reads Google's: a weekly lecture across the change to summer time, a moved and a skipped one", () => {
    const r = readIcs(fixture('google.ics'), SPRING, 'Europe/Berlin');
    expect(r.name).toBe('Timetable SS27');
    expect(r.events).toBe(4);
    expect(lines(r)).toEqual([
      'Linear Algebra lecture 2027-03-01T09:00-11:00',
      'Physics lab 2027-03-02T13:00-14:30',
      // 8 March moved to the Wednesday afternoon (RECURRENCE-ID).
      'Linear Algebra lecture (moved to Wednesday) 2027-03-10T13:00-15:00',
      'Linear Algebra lecture 2027-03-15T09:00-11:00',
      'Linear Algebra lecture 2027-03-22T09:00-11:00',
      // Summer time from 28 March: still 10:00 in Berlin, an hour earlier in UTC.
      'Linear Algebra lecture 2027-03-29T08:00-10:00',
      // 5 April is an EXDATE; the all-day, transparent Easter break is no busy time.
      'Linear Algebra lecture 2027-04-12T08:00-10:00',
      'Linear Algebra lecture 2027-04-19T08:00-10:00',
      'Linear Algebra lecture 2027-04-26T08:00-10:00',
    ]);
    expect(r.warnings).toEqual([]);
  });

  it("reads Outlook's: Windows zone names, an UNTIL in UTC, a cancelled occurrence, folded lines", () => {
    const r = readIcs(fixture('outlook.ics'), SPRING, 'Europe/Berlin');
    expect(lines(r)).toEqual([
      'Seminar Ökonometrie 2027-03-04T08:00-09:30',
      // A Windows zone without its VTIMEZONE: Pacific Standard Time is Los Angeles (PST).
      'Werkstudent shift 2027-03-05T16:00-20:00',
      'Seminar Ökonometrie 2027-03-11T08:00-09:30',
      'Seminar Ökonometrie 2027-03-18T08:00-09:30',
      // 25 March excluded; 15 April cancelled ("Abgesagt", STATUS:CANCELLED).
      'Seminar Ökonometrie 2027-04-01T07:00-08:30',
      'Seminar Ökonometrie 2027-04-08T07:00-08:30',
      'Seminar Ökonometrie 2027-04-22T07:00-08:30',
      // UNTIL=20270429T070000Z is 09:00 in Berlin: the last seminar is kept.
      'Seminar Ökonometrie 2027-04-29T07:00-08:30',
    ]);
    expect(new Set(r.intervals.map((i) => i.uid)).size).toBe(2);
  });

  it("reads Apple's: a COUNT, a floating time in the student's zone, an unknown zone with a warning", () => {
    const r = readIcs(fixture('apple.ics'), SPRING, 'Europe/Athens');
    expect(lines(r)).toEqual([
      'Handball training 2027-03-03T17:30-19:00',
      // Floating: 09:00 where the student is (Athens, UTC+2).
      'Swimming (floating) 2027-03-06T07:00-09:00',
      'Climbing 2027-03-07T08:00-09:00',
      'Handball training 2027-03-10T17:30-19:00',
      'Handball training 2027-03-17T17:30-19:00',
      'Handball training 2027-03-24T17:30-19:00',
      'Handball training 2027-03-31T16:30-18:00',
      'Handball training 2027-04-07T16:30-18:00',
    ]);
    expect(r.warnings).toEqual([{ code: 'unknown_zone', zone: '/Custom/Lunar Base Time' }]);
  });

  it("reads Nextcloud's: DURATION without DTEND, an RDATE, and a daily rule with no end cut at the range", () => {
    const r = readIcs(
      fixture('nextcloud.ics'),
      range('2027-03-01T00:00:00Z', '2027-04-15T00:00:00Z'),
      'UTC',
    );
    const tutorials = lines(r).filter((l) => l.startsWith('Tutorium'));
    expect(tutorials).toEqual([
      'Tutorium Analysis 2027-03-02T07:15-08:45',
      'Tutorium Analysis 2027-03-09T07:15-08:45',
      'Tutorium Analysis 2027-03-16T07:15-08:45',
      'Tutorium Analysis 2027-03-23T07:15-08:45',
      'Tutorium Analysis 2027-04-01T14:00-15:30',
    ]);
    const runs = lines(r).filter((l) => l.startsWith('Morning run'));
    expect(runs).toHaveLength(45);
    expect(runs[0]).toBe('Morning run (no end) 2027-03-01T07:00-08:00');
    expect(runs.at(-1)).toBe('Morning run (no end) 2027-04-14T06:00-07:00');
    // Transparent (the Mensa) and cancelled (the colloquium) are not busy.
    expect(lines(r).some((l) => /Mensa|colloquium/.test(l))).toBe(false);
  });
});

describe('readIcs: what it refuses and where it stops', () => {
  const head = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n';
  const tail = 'END:VCALENDAR\r\n';
  const problem = (text: string) => {
    try {
      readIcs(text, SPRING, 'UTC');
    } catch (error) {
      if (error instanceof IcsError) return error.problem;
      throw error;
    }
    return 'read';
  };

  it('refuses what is not a calendar, and a calendar with broken lines', () => {
    expect(problem('Subject,Start\nMaths,10:00\n')).toBe('not_calendar');
    expect(problem('')).toBe('not_calendar');
    expect(problem(`${head}this line has no name\r\n${tail}`)).toBe('broken');
  });

  it('refuses 100,000 events without reading them', () => {
    const event = 'BEGIN:VEVENT\r\nUID:x\r\nDTSTART:20270301T100000Z\r\nEND:VEVENT\r\n';
    const huge = head + event.repeat(100_000) + tail;
    const started = performance.now();
    expect(problem(huge)).toBe('too_many_events');
    // Counted, not parsed: a parse of 6 MB would take seconds.
    expect(performance.now() - started).toBeLessThan(2000);
    expect(problem(head + event.repeat(MAX_CALENDAR_EVENTS) + tail)).toBe('read');
  });

  it('walks a rule of every minute for years only so far, and says it cut it short', () => {
    const dense = `${head}BEGIN:VEVENT\r\nUID:dense\r\nDTSTART:20200101T000000Z\r\nDTEND:20200101T000030Z\r\nRRULE:FREQ=MINUTELY\r\nEND:VEVENT\r\n${tail}`;
    const r = readIcs(dense, SPRING, 'UTC');
    expect(r.intervals).toEqual([]);
    expect(r.warnings).toEqual([{ code: 'too_many_occurrences', limit: expect.any(Number) }]);
  });
});

describe('ianaZoneOf', () => {
  it('reads IANA names, Windows names and path-like TZIDs, and nothing else', () => {
    expect(ianaZoneOf('Europe/Berlin')).toBe('Europe/Berlin');
    expect(ianaZoneOf('W. Europe Standard Time')).toBe('Europe/Berlin');
    expect(ianaZoneOf('GTB Standard Time')).toBe('Europe/Bucharest');
    expect(ianaZoneOf('/mozilla.org/20050126_1/Europe/Berlin')).toBe('Europe/Berlin');
    expect(ianaZoneOf('Customized Time Zone')).toBeUndefined();
    expect(ianaZoneOf('Lunar Base Time')).toBeUndefined();
  });
});
