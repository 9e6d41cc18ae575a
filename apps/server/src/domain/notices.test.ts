import { type Notice, type NoticeCode, noticeCodes, noticeSchema } from '@studybuddy/contracts';
import { describe, expect, it } from 'vitest';
import { notice, storedNotices } from './notices.js';

describe('notice', () => {
  it('carries the code, the params and the English text', () => {
    expect(
      notice('plan_short_before_deadline', {
        subject: 'Chemistry',
        needHours: 9,
        gotHours: 4,
        deadlineDate: '2026-03-20',
      }),
    ).toEqual({
      code: 'plan_short_before_deadline',
      params: { subject: 'Chemistry', needHours: 9, gotHours: 4, deadlineDate: '2026-03-20' },
      message: 'Chemistry needs about 9 h before 20 Mar, only 4 h are available.',
    });
  });

  it('writes weekday lists, clock times and hours as the English text always did', () => {
    const n = notice('plan_day_slots_too_tight', {
      weekdays: [0, 4],
      allowedHours: 4,
      fromTime: '17:00',
      toTime: '19:00',
      fitHours: 1.5000000001,
      sessionHours: 1.5,
    });
    expect(n.message).toBe(
      'On Mondays, Fridays you allow 4 h, but the free slots between 17:00 and 19:00 fit only 1.5 h of 1.5-h sessions with breaks.',
    );
    // Hours travel rounded, so the browser shows what the English text shows.
    expect(n.params.fitHours).toBe(1.5);
  });

  it('makes a valid notice with a non-empty English text for every code', () => {
    const sample = {
      subject: 'S',
      file: 'f.pdf',
      wish: 'w',
      text: 't',
      weekdays: [1],
      count: 2,
      maxPages: 1,
      percent: 90,
      limitHours: 6,
      maxHours: 3,
      needHours: 1,
      gotHours: 1,
      weekHours: 1,
      totalHours: 1,
      allowedHours: 1,
      fitHours: 1,
      sessionHours: 1,
      usedHours: 1,
      freeHours: 1,
      deadlineDate: '2026-01-02',
      startDate: '2026-01-01',
      endDate: '2026-01-03',
      examDate: '2026-01-04',
      fromDate: '2026-01-05',
      toDate: '2026-01-06',
      missedDate: '2026-01-07',
      fromTime: '17:00',
      toTime: '18:00',
      startTime: '08:00',
      endTime: '20:00',
      blockDate: '2026-01-08',
      hourTime: '18:00',
      busyStartTime: '10:00',
      busyEndTime: '12:00',
      otherSubject: 'O',
      otherStartTime: '18:00',
      otherEndTime: '19:00',
      plannedHours: 5,
      availableHours: 4,
      moreHours: 2,
      addHours: 1.5,
      doneHours: 3,
      newDate: '2026-01-09',
      topic: 'T',
      made: 3,
      asked: 8,
      plan: 'P',
    };
    for (const code of noticeCodes) {
      // Every code with one superset of the params.
      const n = (notice as (c: NoticeCode, p: object) => Notice)(code, sample);
      expect(noticeSchema.parse(n).code).toBe(code);
      expect(n.message, code).toMatch(/\w/);
      expect(n.message, code).not.toMatch(/undefined|NaN/);
    }
  });
});

describe('storedNotices', () => {
  it('reads notices back, and keeps the text of notes saved as plain strings', () => {
    const saved = JSON.stringify([
      notice('file_empty', { file: 'a.md' }),
      'An old English warning.',
      { code: 'gone_code', params: {}, message: 'A note whose code has since gone.' },
      { nonsense: true },
    ]);
    expect(storedNotices(saved)).toEqual([
      notice('file_empty', { file: 'a.md' }),
      notice('legacy_text', { text: 'An old English warning.' }),
      notice('legacy_text', { text: 'A note whose code has since gone.' }),
    ]);
    expect(notice('legacy_text', { text: 'x' }).message).toBe('x');
  });

  it('reads nothing from no column, bad JSON or a non-array', () => {
    expect(storedNotices(null)).toEqual([]);
    expect(storedNotices('{')).toEqual([]);
    expect(storedNotices('{"a":1}')).toEqual([]);
  });
});
