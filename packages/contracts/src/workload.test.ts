import { describe, expect, it } from 'vitest';
import { estimateHoursNeeded, estimateWeeklyHours, scaleByPriority } from './workload.js';

const topics = (n: number) => [...Array(n).keys()].map((i) => `Topic number ${i + 1}`).join('\n');
const LENGTHS = [1, 1.5, 2] as const;

describe('estimateHoursNeeded', () => {
  it('is 2 h a topic, an hour per 100 KB of files and the final review, in whole sessions', () => {
    // 3 topics: 6 h + 1 h of final review = 7 h, that is 7 sessions of 1 h, 5 of 1.5 h, 4 of 2 h.
    const input = { keyTopics: topics(3), fileBytes: [], hasExam: true };
    expect(estimateHoursNeeded(input, 1)).toBe(7);
    expect(estimateHoursNeeded(input, 1.5)).toBe(7.5);
    expect(estimateHoursNeeded(input, 2)).toBe(8);
    // 150 KB of files add 1.5 h: 8.5 h, 9 h in 1.5-h sessions.
    expect(estimateHoursNeeded({ ...input, fileBytes: [100_000, 50_000] }, 1.5)).toBe(9);
    // Never under two sessions (learn, then retrieve).
    expect(
      estimateHoursNeeded({ keyTopics: '', fileBytes: [], hasExam: false, priority: 0 }, 2),
    ).toBe(4);
  });

  it('gives High at least 1.2x and Low at most Medium, whatever the size and session length', () => {
    for (const L of LENGTHS)
      for (let n = 1; n <= 15; n++)
        for (const bytes of [0, 20_000, 70_000, 130_000, 1_000_000])
          for (const hasExam of [true, false]) {
            const at = (priority: 0 | 1 | 2) =>
              estimateHoursNeeded(
                { keyTopics: topics(n), fileBytes: [bytes], priority, hasExam },
                L,
              );
            const [low, medium, high] = [at(0), at(1), at(2)];
            const where = `${n} topics, ${bytes} B, L ${L}, exam ${hasExam}`;
            expect(high, where).toBeGreaterThanOrEqual(1.2 * medium);
            expect(low, where).toBeLessThanOrEqual(medium);
            // Whole sessions: what the plan books, so its own rounding keeps the ratio.
            for (const h of [low, medium, high]) expect(Number.isInteger(h / L), where).toBe(true);
          }
  });

  it('scales the Medium need with its final review: a small High subject gets its 1.3x', () => {
    // 1 topic with an exam, 2-h sessions: Medium 3 h is two sessions (4 h); High is 5.2 h, three
    // sessions (6 h). Scaling the topics before rounding made both two sessions.
    const one = { keyTopics: topics(1), fileBytes: [], hasExam: true };
    expect(estimateHoursNeeded({ ...one, priority: 1 }, 2)).toBe(4);
    expect(estimateHoursNeeded({ ...one, priority: 2 }, 2)).toBe(6);
    expect(scaleByPriority(4, 2, 2)).toBe(6);
    expect(scaleByPriority(4, 0, 2)).toBe(4);
  });
});

describe('estimateWeeklyHours', () => {
  it('spreads the Medium need over the weeks, then scales it by priority', () => {
    // 4 topics over 4 weeks: 8 h, 2 h a week; High 2.6 h, rounded up to 3 h.
    const input = { keyTopics: topics(4), fileBytes: [] };
    expect(estimateWeeklyHours({ ...input, priority: 1 }, 28)).toBe(2);
    expect(estimateWeeklyHours({ ...input, priority: 2 }, 28)).toBe(3);
    for (let n = 1; n <= 15; n++)
      for (const days of [7, 30, 90, 365]) {
        const at = (priority: 0 | 1 | 2) =>
          estimateWeeklyHours({ keyTopics: topics(n), fileBytes: [], priority }, days);
        expect(at(2), `${n} topics, ${days} days`).toBeGreaterThanOrEqual(1.2 * at(1));
        expect(at(0), `${n} topics, ${days} days`).toBeLessThanOrEqual(at(1));
      }
  });
});
