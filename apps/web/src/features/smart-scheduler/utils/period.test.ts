import { describe, expect, it } from 'vitest';
import {
  PERIOD_MESSAGES,
  resolvePeriod,
  validatePeriod,
  WEEK_CHOICES,
  weeksEndDate,
  weeksLabel,
} from './period';

const today = '2026-03-02';

describe('weeksLabel', () => {
  it('names weeks, then months of four weeks plus the remaining weeks', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 52].map(weeksLabel)).toEqual([
      '1 week',
      '2 weeks',
      '3 weeks',
      '1 month',
      '1 month 1 week',
      '1 month 2 weeks',
      '1 month 3 weeks',
      '2 months',
      '2 months 1 week',
      '3 months',
      '3 months 1 week',
      '13 months',
    ]);
  });

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

describe('validatePeriod', () => {
  it('accepts today and a later start in weeks mode', () => {
    expect(validatePeriod({ mode: 'weeks', start: today, weeks: 4, end: '' }, today)).toEqual({});
    expect(
      validatePeriod({ mode: 'weeks', start: '2026-05-01', weeks: 52, end: '' }, today),
    ).toEqual({});
  });

  it('requires a start that is not before today', () => {
    expect(validatePeriod({ mode: 'weeks', start: '', weeks: 4, end: '' }, today).start).toBe(
      PERIOD_MESSAGES.startRequired,
    );
    expect(
      validatePeriod({ mode: 'weeks', start: '2026-03-01', weeks: 4, end: '' }, today),
    ).toEqual({ start: 'The start date must be today or later.' });
  });

  it('checks the weeks only in weeks mode, the end date only in end-date mode', () => {
    expect(validatePeriod({ mode: 'weeks', start: today, weeks: 0, end: '' }, today)).toEqual({
      weeks: PERIOD_MESSAGES.weeksRequired,
    });
    expect(validatePeriod({ mode: 'weeks', start: today, weeks: 53, end: '' }, today).weeks).toBe(
      PERIOD_MESSAGES.weeksRequired,
    );
    expect(validatePeriod({ mode: 'endDate', start: today, weeks: 0, end: '' }, today)).toEqual({
      end: PERIOD_MESSAGES.endRequired,
    });
    expect(
      validatePeriod({ mode: 'endDate', start: today, weeks: 4, end: '2026-03-01' }, today).end,
    ).toBe(PERIOD_MESSAGES.endBeforeStart);
    expect(validatePeriod({ mode: 'endDate', start: today, weeks: 4, end: today }, today)).toEqual(
      {},
    );
    // 52 weeks = 364 days: the last allowed end is start + 363 days.
    expect(
      validatePeriod({ mode: 'endDate', start: today, weeks: 4, end: '2027-02-28' }, today),
    ).toEqual({});
    expect(
      validatePeriod({ mode: 'endDate', start: today, weeks: 4, end: '2027-03-01' }, today).end,
    ).toBe(PERIOD_MESSAGES.tooLong);
  });
});
