import { describe, expect, it } from 'vitest';
import type { LocalSession } from './catch-up.js';
import { clashingSessions } from './clashes.js';

const session = (id: number, day: number, start: number, end: number, more = {}): LocalSession => ({
  id,
  subjectId: 1,
  topicId: null,
  day,
  start,
  end,
  checkIn: null,
  minutesDone: null,
  carriedOver: false,
  ...more,
});

describe('clashingSessions', () => {
  it('names each session ahead that a busy interval overlaps, with the first such interval', () => {
    const sessions = [
      session(1, 10, 960, 1020), // 16:00-17:00, under the lab
      session(2, 10, 1080, 1140), // 18:00-19:00, after it
      session(3, 11, 600, 660), // touches the shift's end only
      session(4, 12, 0, 90), // just after midnight, under the night shift
    ];
    const busy = [
      { day: 10, start: 990, end: 1050 },
      { day: 10, start: 900, end: 1000 },
      { day: 11, start: 480, end: 600 },
      { day: 12, start: 0, end: 60 },
    ];
    expect([...clashingSessions(sessions, busy, 9, 0)]).toEqual([
      [1, 0],
      [4, 3],
    ]);
  });

  it('leaves sessions started, checked in or carried over, and empty intervals', () => {
    const sessions = [
      session(1, 10, 600, 660), // started at 10:15
      session(2, 11, 600, 660, { checkIn: 'done' }),
      session(3, 11, 600, 660, { carriedOver: true }),
      session(4, 11, 700, 760),
      session(5, 10, 615, 700), // starts now: still ahead
    ];
    const busy = [
      { day: 10, start: 0, end: 1440 },
      { day: 11, start: 0, end: 1440 },
      { day: 11, start: 720, end: 720 },
    ];
    expect([...clashingSessions(sessions, busy, 10, 615).keys()]).toEqual([4, 5]);
  });
});
