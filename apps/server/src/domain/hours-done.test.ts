import { describe, expect, it } from 'vitest';
import { type CheckedInSession, hoursDone } from './hours-done.js';

const session = (o: Partial<CheckedInSession> = {}): CheckedInSession => ({
  hours: 1.5,
  checkIn: null,
  minutesDone: null,
  ...o,
});

describe('hoursDone', () => {
  it('counts a session checked in as done whole', () => {
    expect(hoursDone(session({ checkIn: 'done' }))).toBe(1.5);
  });

  it('counts a partial session by the minutes reported', () => {
    expect(hoursDone(session({ checkIn: 'partial', minutesDone: 45 }))).toBe(0.75);
    expect(hoursDone(session({ checkIn: 'partial', minutesDone: null }))).toBe(0);
  });

  it('counts no more than the session lasts, after it was shortened', () => {
    expect(hoursDone(session({ hours: 0.5, checkIn: 'partial', minutesDone: 50 }))).toBe(0.5);
  });

  it('counts a missed session and one nobody checked in as nothing', () => {
    expect(hoursDone(session({ checkIn: 'missed' }))).toBe(0);
    expect(hoursDone(session())).toBe(0);
  });

  it('counts a session whose end is before its start as nothing', () => {
    expect(hoursDone(session({ hours: -1, checkIn: 'done' }))).toBe(0);
  });
});
