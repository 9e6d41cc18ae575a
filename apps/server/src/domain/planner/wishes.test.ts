import { describe, expect, it } from 'vitest';
import { parseWishes } from './wishes.js';

describe('parseWishes', () => {
  it('blocks single weekdays, weekends and lists of days', () => {
    expect(parseWishes('No Sundays').blockedDays).toEqual([6]);
    expect(parseWishes('no weekends').blockedDays).toEqual([5, 6]);
    expect(parseWishes('not on Mondays or Wednesdays').blockedDays).toEqual([0, 2]);
    expect(parseWishes('NO SATURDAYS AND SUNDAYS').blockedDays).toEqual([5, 6]);
    expect(parseWishes('no friday').blockedDays).toEqual([4]);
  });

  it('reads time bounds in 24-hour and am/pm forms', () => {
    expect(parseWishes('not after 21:00').notAfter).toBe(21 * 60);
    expect(parseWishes('Not before 9:30').notBefore).toBe(9 * 60 + 30);
    expect(parseWishes('no study after 9pm').notAfter).toBe(21 * 60);
    expect(parseWishes('not before 7 am').notBefore).toBe(7 * 60);
  });

  it('reads a daily cap and a part of the day', () => {
    expect(parseWishes('max 3 hours a day').maxHours).toBe(3);
    expect(parseWishes('at most 2.5 h per day').maxHours).toBe(2.5);
    expect(parseWishes('Mornings please').partOfDay).toBe('morning');
    expect(parseWishes('I prefer evenings').partOfDay).toBe('evening');
    expect(parseWishes('afternoons').partOfDay).toBe('afternoon');
  });

  it('echoes what it does not understand and keeps the rest', () => {
    const w = parseWishes('no Sundays, I like turtles; max 4 hours a day. Study with Anna');
    expect(w.blockedDays).toEqual([6]);
    expect(w.maxHours).toBe(4);
    expect(w.notUnderstood).toEqual(['I like turtles', 'Study with Anna']);
    expect(w.applied.map((n) => [n.code, n.params])).toEqual([
      ['wish_no_study_days', { weekdays: [6] }],
      ['wish_max_hours', { maxHours: 4 }],
    ]);
    expect(w.applied.map((n) => n.message)).toEqual([
      'Applied your wish: no study on Sundays.',
      'Applied your wish: at most 4 h a day.',
    ]);
  });

  it('understands nothing in an empty text', () => {
    const w = parseWishes('   ');
    expect(w.applied).toEqual([]);
    expect(w.notUnderstood).toEqual([]);
  });

  it('reads a long run of spaces in linear time', () => {
    // Ten times the longest wishes the API accepts, in the shapes that made the old time and
    // cap regexes backtrack quadratically (1.5 s each).
    const gap = '\t'.repeat(20_000);
    const start = performance.now();
    expect(parseWishes(`no\t${gap}\t0:no\tpast 0`).notAfter).toBe(0);
    expect(parseWishes(`no ${gap}\t0`).applied).toEqual([]);
    expect(parseWishes(`max\t0h\t${gap}/max 0hday`).maxHours).toBe(0);
    const ms = performance.now() - start;
    console.log(`parseWishes, three runs of 20,000 tabs: ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(250);
  });
});
