import { describe, expect, it } from 'vitest';
import { dayOfPlaces } from '../../testing/planner/day-template.js';
import { shortPlaceBlocksFull } from './full-room.js';
import { WeekCap } from './week-cap.js';

// The week of seed 94,147,329 #850: two 1.5-h places on Tuesdays, 1-h Wednesdays and Sundays,
// 1.5-h Thursdays and Saturdays, no Monday or Friday; 8 h a week under a cap of 0.8 (6.4 h).
const WEEK = [[3, 3], [2], [3], [], [3], [2], []];
const DAYS = 28;
const tplOf = (d: number) => dayOfPlaces(WEEK[d % 7] as number[]);

function setup(booked: Array<[number, number]>) {
  const own = Array.from({ length: DAYS }, (_, d) =>
    new Int16Array(tplOf(d).places.length).fill(-1),
  );
  const cap = new WeekCap(
    Array.from({ length: DAYS }, (_, d) => tplOf(d).capacity),
    0.8,
  );
  for (const [d, i] of booked) {
    (own[d] as Int16Array)[i] = 0;
    cap.add(d, (tplOf(d).places[i]?.len ?? 0) / 2);
  }
  return { own, cap };
}

describe('shortPlaceBlocksFull', () => {
  it('keeps a 1-h Sunday free when it would leave the Tuesday after it no room', () => {
    // Days 1-4 hold 4 h (1-h Wednesday, 1.5-h Thursday and Saturday): 2.4 h of room, a 1.5-h
    // Tuesday (day 7) fits; with the Sunday's hour (day 5) the window holds 5 h and it does not.
    const { own, cap } = setup([
      [1, 0],
      [2, 0],
      [4, 0],
    ]);
    expect(shortPlaceBlocksFull(cap, tplOf, own, 5, 1, 1.5)).toBe(true);
    // A full place is never held back, and neither is an hour the window has room for anyway.
    expect(shortPlaceBlocksFull(cap, tplOf, own, 4, 1.5, 1.5)).toBe(false);
    const empty = setup([]);
    expect(shortPlaceBlocksFull(empty.cap, tplOf, empty.own, 5, 1, 1.5)).toBe(false);
  });

  it('takes the short place when no later day of the window has a full place free', () => {
    // Days 0-2 hold 4 h (a 1.5-h Tuesday, 1-h Wednesday, 1.5-h Thursday): the Sunday's hour
    // leaves the window [0, 6] 1.4 h, but its only later day, a Monday, has no place; the
    // windows from day 1 on keep room for a full session.
    const { own, cap } = setup([
      [0, 0],
      [1, 0],
      [2, 0],
    ]);
    expect(shortPlaceBlocksFull(cap, tplOf, own, 5, 1, 1.5)).toBe(false);
  });
});
