import { describe, expect, it } from 'vitest';
import { resolvePeriod, WEEK_CHOICES, weeksEndDate } from './period';

const today = '2026-03-02';

describe('WEEK_CHOICES', () => {
  it('offers 1 to 52 weeks', () => {
    expect(WEEK_CHOICES[0]).toBe(1);
    expect(WEEK_CHOICES.at(-1)).toBe(52);
    expect(WEEK_CHOICES).toHaveLength(52);
  });
});

describe('weeksEndDate', () => {
  it('ends on start + weeks*7 - 1 days', () => {
    expect(weeksEndDate('2026-03-02', 1)).toBe('2026-03-08');
    expect(weeksEndDate('2026-03-02', 4)).toBe('2026-03-29');
    expect(weeksEndDate('2026-12-28', 1)).toBe('2027-01-03');
    expect(weeksEndDate('2028-02-23', 1)).toBe('2028-02-29');
  });

  it('gives the period of the inputs in either mode, or null while incomplete', () => {
    expect(resolvePeriod({ mode: 'weeks', start: today, weeks: 4, end: '' })).toEqual({
      start: today,
      end: '2026-03-29',
    });
    expect(resolvePeriod({ mode: 'endDate', start: today, weeks: 4, end: '2026-04-10' })).toEqual({
      start: today,
      end: '2026-04-10',
    });
    expect(resolvePeriod({ mode: 'endDate', start: today, weeks: 4, end: '' })).toBeNull();
    expect(resolvePeriod({ mode: 'weeks', start: '', weeks: 4, end: '' })).toBeNull();
  });
});
