import { describe, expect, it } from 'vitest';
import { ridgeline } from './model.js';
import { assignTopics, type TopicPlan } from './topic-plan.js';

/** Sessions every `step` days from day 0 to the exam, the last one reserved as a final review. */
function regular(step: number, examDay: number): { days: number[]; finals: boolean[] } {
  const days: number[] = [];
  for (let d = 0; d < examDay - 1; d += step) days.push(d);
  days.push(examDay - 2);
  return { days, finals: days.map((_, i) => i === days.length - 1) };
}

/** Share of measured review gaps inside the ridgeline band (as in metrics.ts, M5). */
function inBand(days: number[], plans: TopicPlan[], examDay: number): number {
  const last = new Map<number, number>();
  let pairs = 0;
  let good = 0;
  plans.forEach((p, j) => {
    const b = days[j] as number;
    for (const t of p.topics) {
      const a = last.get(t);
      const RI = examDay - b;
      if (a !== undefined && p.kind !== 'learn' && b > a && RI >= 3) {
        const q = (b - a) / RI / ridgeline(RI);
        pairs++;
        if (q >= 0.5 - 1e-9 && q <= 2 + 1e-9) good++;
      }
      last.set(t, b);
    }
  });
  return pairs ? good / pairs : 1;
}

describe('assignTopics', () => {
  const sizes = [300, 200, 250, 400, 150, 350, 300, 200];
  const examDay = 90;
  const { days, finals } = regular(3, examDay);
  const plans = assignTopics(days, finals, sizes, examDay, examDay, false);

  it('introduces every topic by 70% of the window and ends with a final review of all', () => {
    const first = new Map<number, number>();
    plans.forEach((p, j) => {
      for (const t of p.topics) if (!first.has(t)) first.set(t, days[j] as number);
    });
    for (let t = 0; t < sizes.length; t++)
      expect(first.get(t) ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(0.7 * examDay);
    expect(plans.at(-1)).toEqual({
      kind: 'final-review',
      topics: [...sizes.keys()],
      part: 0,
    });
    for (const p of plans) expect(p.topics.length).toBeGreaterThan(0);
  });

  it('reviews topics inside their ridgeline band and mixes at least two topics', () => {
    expect(inBand(days, plans, examDay)).toBeGreaterThanOrEqual(0.9);
    const reviews = plans.filter((p) => p.kind === 'review');
    expect(reviews.length).toBeGreaterThan(5);
    for (const p of reviews) expect(p.topics.length).toBeGreaterThanOrEqual(2);
  });

  it('is deterministic', () => {
    expect(assignTopics(days, finals, sizes, examDay, examDay, false)).toEqual(plans);
  });
});
