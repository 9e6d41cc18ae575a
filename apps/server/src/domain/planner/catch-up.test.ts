import { parseClock } from '@studybuddy/contracts';
import { describe, expect, it } from 'vitest';
import { typicalInput } from '../../testing/planner/fixtures.js';
import {
  type CatchUpInput,
  type CatchUpResult,
  catchUp,
  freeHoursBeforeDeadlines,
  type LocalSession,
  unfinishedMinutes,
} from './catch-up.js';
import { dayNumber } from './dates.js';
import { planStudy } from './planner.js';

const D = (iso: string) => dayNumber(iso);
const slots = Array.from({ length: 24 }, (_, h) => h >= 16 && h < 21);

/** Four weeks from Mon 2 Mar 2026, 16:00-21:00 and 2 h a day, 1-h sessions. */
function base(overrides: Partial<CatchUpInput> = {}): CatchUpInput {
  return {
    source: {
      period: { start: '2026-03-02', end: '2026-03-29' },
      availability: Array.from({ length: 7 }, (_, day) => ({
        day,
        enabled: true,
        hours: 2,
        startTime: '16:00',
        endTime: '21:00',
        slots,
      })),
      preferences: { sessionLength: 1, frontLoad: false, extraWishes: '' },
    },
    today: D('2026-03-05'),
    nowMinute: 600,
    subjects: [
      {
        id: 1,
        name: 'Calculus',
        examDate: '2026-03-20',
        topics: [
          { id: 10, name: 'Limits', dropped: false },
          { id: 11, name: 'Series', dropped: false },
        ],
      },
      {
        id: 2,
        name: 'Physics',
        examDate: null,
        topics: [{ id: 20, name: 'Motion', dropped: false }],
      },
    ],
    sessions: [],
    busy: [],
    ...overrides,
  };
}

let nextId = 100;
function session(day: string, start: string, end: string, o: Partial<LocalSession> = {}) {
  return {
    id: nextId++,
    subjectId: 1,
    topicId: 10,
    day: D(day),
    start: parseClock(start),
    end: parseClock(end),
    checkIn: null,
    minutesDone: null,
    carriedOver: false,
    ...o,
  } satisfies LocalSession;
}

const result = (r: ReturnType<typeof catchUp>) => {
  if (r === 'not-offered') throw new Error('not offered');
  return r;
};

describe('catchUp', () => {
  it('places a missed session in the first free place before the exam, on a day without the subject', () => {
    const missed = session('2026-03-02', '16:00', '17:00', { checkIn: 'missed' });
    const today = session('2026-03-05', '16:00', '17:00');
    const r = result(catchUp(base({ sessions: [missed, today] })));
    // 5 Mar already has a Calculus session, so the 6th is preferred.
    expect(r.blocks).toEqual([
      {
        sourceId: missed.id,
        subjectId: 1,
        topicId: 10,
        day: D('2026-03-06'),
        start: 960,
        end: 1020,
      },
    ]);
    expect(r.carried).toEqual([missed.id]);
    expect(r.tradeOffs).toEqual([]);
    expect(r.nothingToDo).toBe(false);
  });

  it('counts missed, partial and unchecked past-day work; not done, future, today or carried', () => {
    const today = D('2026-03-05');
    const s = (o: Partial<LocalSession>) => session('2026-03-03', '16:00', '17:30', o);
    expect(unfinishedMinutes(s({ checkIn: 'missed' }), today)).toBe(90);
    expect(unfinishedMinutes(s({ checkIn: 'partial', minutesDone: 30 }), today)).toBe(60);
    expect(unfinishedMinutes(s({}), today)).toBe(90);
    expect(unfinishedMinutes(s({ checkIn: 'done' }), today)).toBe(0);
    expect(unfinishedMinutes(s({ checkIn: 'missed', carriedOver: true }), today)).toBe(0);
    expect(unfinishedMinutes(session('2026-03-05', '08:00', '09:00'), today)).toBe(0);
    expect(unfinishedMinutes(session('2026-03-09', '16:00', '17:00'), today)).toBe(0);
  });

  it('splits unfinished work into session-length chunks and rounds up to half-hours', () => {
    const partial = session('2026-03-02', '16:00', '19:00', {
      checkIn: 'partial',
      minutesDone: 50,
    });
    const r = result(catchUp(base({ sessions: [partial] })));
    // 130 minutes left: 60 + 60 + 30 (rounded up to the half-hour).
    expect(r.blocks.map((b) => b.end - b.start)).toEqual([60, 60, 30]);
    // One chunk a day while days without the subject are left.
    expect(new Set(r.blocks.map((b) => b.day)).size).toBe(3);
  });

  it('has nothing to do without unfinished work, and a second run after carrying over adds nothing', () => {
    const done = session('2026-03-02', '16:00', '17:00', { checkIn: 'done' });
    expect(result(catchUp(base({ sessions: [done] })))).toMatchObject({
      blocks: [],
      carried: [],
      tradeOffs: [],
      nothingToDo: true,
    });
    const carried = session('2026-03-02', '17:00', '18:00', {
      checkIn: 'missed',
      carriedOver: true,
    });
    expect(result(catchUp(base({ sessions: [done, carried] }))).nothingToDo).toBe(true);
  });

  it('never overlaps the student’s other sessions and keeps each day within its hours', () => {
    const missed = session('2026-03-02', '16:00', '17:00', { checkIn: 'missed' });
    const busy = [
      { day: D('2026-03-05'), start: 960, end: 1080 },
      { day: D('2026-03-06'), start: 1020, end: 1080 },
    ];
    const r = result(catchUp(base({ sessions: [missed], busy })));
    // 5 Mar is full (2 h booked); on 6 Mar 16:00 is free and 1 h of the 2 h remains.
    expect(r.blocks).toMatchObject([{ day: D('2026-03-06'), start: 960, end: 1020 }]);
  });

  it('leaves subjects without an exam until the period end', () => {
    const missed = session('2026-03-25', '16:00', '17:00', {
      subjectId: 2,
      topicId: 20,
      checkIn: 'missed',
    });
    const r = result(catchUp(base({ sessions: [missed], today: D('2026-03-29'), nowMinute: 0 })));
    expect(r.blocks).toMatchObject([{ day: D('2026-03-29'), start: 960 }]);
  });

  describe('when the work does not fit before the exam', () => {
    // Exam on 6 Mar; today (5 Mar) is the only day left and another plan fills its hours.
    const missed = session('2026-03-02', '16:00', '17:00', { checkIn: 'missed' });
    const input = () =>
      base({
        sessions: [missed],
        subjects: [
          { ...(base().subjects[0] as CatchUpInput['subjects'][0]), examDate: '2026-03-06' },
        ],
        busy: [{ day: D('2026-03-05'), start: 960, end: 1260 }],
      });

    it('changes nothing and offers adding time, moving the exam and dropping the topic', () => {
      const r = result(catchUp(input()));
      expect(r.blocks).toEqual([]);
      expect(r.carried).toEqual([]);
      expect(r.tradeOffs.map((t) => t.id)).toEqual([
        'add-time:1',
        'move-exam:1:2026-03-07',
        'drop-topic:10',
      ]);
      expect(r.tradeOffs[0]?.notice).toMatchObject({
        code: 'tradeoff_add_time',
        params: { subject: 'Calculus', addHours: 1, blockDate: '2026-03-05', count: 1 },
      });
      expect(r.tradeOffs[1]?.notice.params).toMatchObject({
        examDate: '2026-03-06',
        newDate: '2026-03-07',
      });
      expect(r.tradeOffs[2]?.notice.params).toMatchObject({ topic: 'Limits', percent: 50 });
    });

    it('adds time outside the booked hours, from now (08:00-21:00 when the window is full)', () => {
      const r = result(catchUp(input(), 'add-time:1'));
      expect(r.blocks).toEqual([
        {
          sourceId: missed.id,
          subjectId: 1,
          topicId: 10,
          day: D('2026-03-05'),
          start: 600,
          end: 660,
        },
      ]);
      expect(r.carried).toEqual([missed.id]);
      expect(r.tradeOffs).toEqual([]);
    });

    it('moves the exam to the earliest day by which the work fits', () => {
      const r = result(catchUp(input(), 'move-exam:1:2026-03-07'));
      expect(r.examMoves).toEqual([{ subjectId: 1, examDate: '2026-03-07' }]);
      expect(r.blocks).toMatchObject([{ day: D('2026-03-06'), start: 960 }]);
      expect(r.carried).toEqual([missed.id]);
    });

    it('drops the topic and carries its hours over without placing them', () => {
      const r = result(catchUp(input(), 'drop-topic:10'));
      expect(r.droppedTopics).toEqual([10]);
      expect(r.blocks).toEqual([]);
      expect(r.carried).toEqual([missed.id]);
    });

    it('refuses a choice not offered now', () => {
      expect(catchUp(input(), 'drop-topic:11')).toBe('not-offered');
      expect(catchUp(input(), 'move-exam:1:2026-03-09')).toBe('not-offered');
      expect(catchUp(base({ sessions: [missed] }), 'add-time:1')).toBe('not-offered');
    });
  });

  it('is deterministic and only adds sessions on a typical 52-week plan', () => {
    const input = typicalInput(3);
    const plan = planStudy(input);
    const sessions: LocalSession[] = plan.blocks.map((b, i) => ({
      id: i + 1,
      subjectId: b.subjectIndex + 1,
      topicId: (b.subjectIndex + 1) * 100 + (b.topicIndexes[0] ?? 0),
      day: D(b.date),
      start: parseClock(b.start),
      end: parseClock(b.end),
      checkIn: i % 9 === 0 ? 'missed' : i % 9 === 1 ? 'partial' : 'done',
      minutesDone: i % 9 === 1 ? 30 : null,
      carriedOver: false,
    }));
    const today = D(input.period.start) + 120;
    const c: CatchUpInput = {
      source: input,
      today,
      nowMinute: 0,
      subjects: input.subjects.map((s, k) => ({
        id: k + 1,
        name: s.name,
        examDate: s.deadline ?? null,
        topics: s.topics.map((t, j) => ({ id: (k + 1) * 100 + j, name: t.name, dropped: false })),
      })),
      sessions: sessions.map((s) =>
        s.day < today ? s : { ...s, checkIn: null, minutesDone: null },
      ),
      busy: [],
    };
    const r = result(catchUp(c));
    expect(result(catchUp(c))).toEqual(r);
    checkPlaces(c, r);
    expect(r.blocks.length).toBeGreaterThan(0);
    const free = freeHoursBeforeDeadlines(c);
    expect([...free.values()].every((h) => h >= 0)).toBe(true);
  });
});

/** Every block is ahead, before its deadline, in allowed time, and overlaps nothing. */
function checkPlaces(c: CatchUpInput, r: CatchUpResult) {
  const taken = new Map<number, Array<[number, number]>>();
  const add = (day: number, s: number, e: number) => {
    const list = taken.get(day) ?? [];
    for (const [a, b] of list) expect(s < b && a < e, `overlap on ${day}`).toBe(false);
    list.push([s, e]);
    taken.set(day, list);
  };
  for (const s of c.sessions) add(s.day, s.start, s.end);
  for (const b of r.blocks) {
    add(b.day, b.start, b.end);
    expect(b.day).toBeGreaterThanOrEqual(c.today);
    const exam = c.subjects.find((s) => s.id === b.subjectId)?.examDate;
    if (exam) expect(b.day).toBeLessThan(D(exam));
    expect(b.day).toBeLessThanOrEqual(D(c.source.period.end));
  }
}
