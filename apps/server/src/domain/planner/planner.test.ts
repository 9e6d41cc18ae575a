import { weekdayOf } from '@studybuddy/contracts';
import { describe, expect, it } from 'vitest';
import { sampleInput } from '../../testing/planner/fixtures.js';
import {
  m1Violations,
  m2Consistency,
  m9FinalReview,
  m11Coverage,
} from '../../testing/planner/metrics.js';
import { dayNumber } from './dates.js';
import { type PlannerInput, planStudy, replanAfterMiss } from './planner.js';

const slots = (from: number, to: number) => [...Array(24).keys()].map((h) => h >= from && h < to);

/** Every subject needs more than the period holds, so every place is used. */
function filling(inp: PlannerInput): PlannerInput {
  return {
    ...inp,
    subjects: inp.subjects.map((s) => ({ ...s, deadline: s.deadline, hoursNeeded: 500 })),
  };
}

function input(
  over: Partial<PlannerInput> = {},
  day: Partial<PlannerInput['availability'][number]> = {},
): PlannerInput {
  return {
    period: { start: '2026-03-02', end: '2026-03-29' },
    availability: [...Array(7).keys()].map((d) => ({
      day: d,
      enabled: true,
      hours: 3,
      startTime: '17:00',
      endTime: '22:00',
      slots: slots(0, 24),
      ...day,
    })),
    subjects: [
      {
        name: 'Chemistry',
        deadline: '2026-03-20',
        priority: 2,
        topics: [
          { name: 'Atomic structure', size: 300 },
          { name: 'Bonding', size: 200 },
          { name: 'Kinetics', size: 250 },
        ],
        materials: ['bonding-notes.pdf', 'lecture1.docx'],
      },
      {
        name: 'History',
        topics: [
          { name: 'Cold War', size: 400 },
          { name: 'Decolonisation', size: 100 },
        ],
        materials: [],
      },
    ],
    preferences: { sessionLength: 1, frontLoad: false, extraWishes: '' },
    ...over,
  };
}

const hours = (b: { start: string; end: string }) =>
  (Number(b.end.slice(0, 2)) * 60 +
    Number(b.end.slice(3)) -
    Number(b.start.slice(0, 2)) * 60 -
    Number(b.start.slice(3))) /
  60;

describe('planStudy', () => {
  it('places valid, sorted sessions whose summary matches the blocks', () => {
    const inp = input();
    const out = planStudy(inp);
    expect(out.blocks.length).toBeGreaterThan(10);
    expect(m1Violations(inp, out)).toEqual([]);
    const m2 = m2Consistency(inp, out);
    expect(m2.summaryErrors).toEqual([]);
    expect(m2.got).toEqual(m2.expected);
    expect(m9FinalReview(inp, out).missing).toEqual([]);
    expect(m11Coverage(inp, out).missing).toEqual([]);
  });

  it('gives the same output for the same input', () => {
    const inp = sampleInput({ weeks: 20, subjects: 8, seed: 7 });
    expect(JSON.stringify(planStudy(inp))).toBe(JSON.stringify(planStudy(structuredClone(inp))));
  });

  it('plans nothing and says why when no day is enabled', () => {
    const out = planStudy(input({}, { enabled: false }));
    expect(out.blocks).toEqual([]);
    expect(out.summary.map((s) => s.totalHours)).toEqual([0, 0]);
    expect(out.warnings[0]?.code).toBe('plan_no_study_time');
    expect(out.warnings[0]?.message).toMatch(/^No study time is available/);
  });

  it('plans nothing when every day has 0 hours', () => {
    const out = planStudy(input({}, { hours: 0 }));
    expect(out.blocks).toEqual([]);
    expect(out.warnings.some((w) => w.code === 'plan_no_study_time')).toBe(true);
  });

  it('warns about a deadline before the period and gives that subject no session', () => {
    const inp = input();
    (inp.subjects[0] as PlannerInput['subjects'][number]).deadline = '2026-02-20';
    const out = planStudy(inp);
    expect(out.blocks.filter((b) => b.subjectIndex === 0)).toEqual([]);
    expect(out.warnings).toContainEqual({
      code: 'plan_deadline_not_after_start',
      params: { subject: 'Chemistry', deadlineDate: '2026-02-20', startDate: '2026-03-02' },
      message:
        'Chemistry: the deadline 20 Feb is not after the start of the period (2 Mar), so there is no time to study for it.',
    });
    expect(m2Consistency(inp, out).got).toEqual(m2Consistency(inp, out).expected);
  });

  it('handles a one-day period', () => {
    const inp = input({ period: { start: '2026-03-02', end: '2026-03-02' } });
    const out = planStudy(inp);
    expect(out.blocks.length).toBeGreaterThan(0);
    expect(out.blocks.every((b) => b.date === '2026-03-02')).toBe(true);
    expect(m1Violations(inp, out)).toEqual([]);
    expect(m2Consistency(inp, out).got).toEqual(m2Consistency(inp, out).expected);
  });

  it('places 1.5-hour sessions on the half hour with a break after two', () => {
    const inp = filling(
      input(
        { preferences: { sessionLength: 1.5, frontLoad: false, extraWishes: '', maxLoad: 1 } },
        { hours: 4.5 },
      ),
    );
    const out = planStudy(inp);
    expect(m1Violations(inp, out)).toEqual([]);
    const starts = new Set(out.blocks.map((b) => b.start));
    expect([...starts].sort()).toEqual(['17:00', '18:30', '20:30']);
    expect(out.blocks.every((b) => hours(b) === 1.5)).toBe(true);
  });

  it('allows a shorter last session only where the daily hours leave no full one', () => {
    const inp = filling(
      input(
        { preferences: { sessionLength: 2, frontLoad: false, extraWishes: '', maxLoad: 1 } },
        { hours: 3 },
      ),
    );
    const out = planStudy(inp);
    expect(m1Violations(inp, out)).toEqual([]);
    expect(new Set(out.blocks.map(hours))).toEqual(new Set([2, 1]));
  });

  it('never places a session on or after a deadline and reviews 1-3 days before it', () => {
    const out = planStudy(input());
    const chem = out.blocks.filter((b) => b.subjectIndex === 0);
    expect(chem.every((b) => b.date < '2026-03-20')).toBe(true);
    const finals = chem.filter((b) => b.kind === 'final-review');
    expect(finals.length).toBe(1);
    expect(finals[0]?.date).toBe('2026-03-19');
    expect(finals[0]?.topicIndexes).toEqual([0, 1, 2]);
    expect(finals[0]?.materials).toEqual(['bonding-notes.pdf', 'lecture1.docx']);
  });

  it('mixes topics in review sessions and phrases focus as study actions', () => {
    const out = planStudy(input({ period: { start: '2026-03-02', end: '2026-05-31' } }));
    const reviews = out.blocks.filter((b) => b.kind === 'review');
    expect(reviews.length).toBeGreaterThan(0);
    expect(
      reviews.filter((b) => b.topicIndexes.length >= 2).length / reviews.length,
    ).toBeGreaterThanOrEqual(0.8);
    expect(out.blocks.every((b) => b.focus.length > 0 && b.focus.every((f) => f.length > 0))).toBe(
      true,
    );
  });

  it('writes focus points in English by default', () => {
    const out = planStudy(input());
    const first = out.blocks.find((b) => b.subjectIndex === 0 && b.kind === 'learn');
    expect(first?.focus).toEqual([
      'Learn: Atomic structure',
      'Close with a 5-minute recall without notes',
    ]);
    const final = out.blocks.find((b) => b.kind === 'final-review');
    expect(final?.focus).toEqual([
      'Practice test under exam conditions, without notes',
      'Recall: Atomic structure',
      'Recall: Bonding',
      'Recall: Kinetics',
      'Check answers, then re-study only the weak spots',
    ]);
  });

  it('writes focus points in the student’s language, with the same plan', () => {
    const english = planStudy(input());
    const greek = planStudy(input({ language: 'el' }));
    const first = greek.blocks.find((b) => b.subjectIndex === 0 && b.kind === 'learn');
    expect(first?.focus).toEqual([
      'Μάθε: Atomic structure',
      'Κλείσε με 5 λεπτά ανάκλησης χωρίς σημειώσεις',
    ]);
    const final = greek.blocks.find((b) => b.kind === 'final-review');
    expect(final?.focus[0]).toBe('Δοκιμαστικό διαγώνισμα σε συνθήκες εξέτασης, χωρίς σημειώσεις');
    expect(final?.focus[1]).toBe('Ανάκληση: Atomic structure');
    // Only the words change: every block keeps its place, topics and files.
    const strip = (o: typeof english) => o.blocks.map(({ focus: _, ...b }) => b);
    expect(strip(greek)).toEqual(strip(english));
    expect(greek.blocks.map((b) => b.focus.length)).toEqual(
      english.blocks.map((b) => b.focus.length),
    );
  });

  it('attaches a file to the sessions of the topic it names', () => {
    const out = planStudy(input());
    const bonding = out.blocks.filter((b) => b.subjectIndex === 0 && b.topicIndexes.includes(1));
    expect(bonding.every((b) => b.materials.includes('bonding-notes.pdf'))).toBe(true);
  });

  it('puts clearly more hours in the first half when front-loading', () => {
    const base = input({ period: { start: '2026-03-02', end: '2026-06-28' } });
    base.subjects = [
      { ...(base.subjects[0] as PlannerInput['subjects'][number]), deadline: '2026-06-27' },
    ];
    const share = (fl: boolean) => {
      const out = planStudy({ ...base, preferences: { ...base.preferences, frontLoad: fl } });
      const first = out.blocks
        .filter((b) => b.date < '2026-04-30')
        .reduce((s, b) => s + hours(b), 0);
      return first / out.blocks.reduce((s, b) => s + hours(b), 0);
    };
    expect(share(true) - share(false)).toBeGreaterThanOrEqual(0.05);
  });

  it('books a subject without an exam a steady week, front-loading or not', () => {
    const base = input({ period: { start: '2026-03-02', end: '2026-06-28' } });
    base.subjects = [base.subjects[1] as PlannerInput['subjects'][number]];
    for (const frontLoad of [false, true]) {
      const out = planStudy({ ...base, preferences: { ...base.preferences, frontLoad } });
      const weeks = new Array<number>(17).fill(0);
      for (const b of out.blocks) {
        const w = Math.floor((dayNumber(b.date) - dayNumber('2026-03-02')) / 7);
        weeks[w] = (weeks[w] ?? 0) + hours(b);
      }
      expect(Math.max(...weeks), `front-load ${frontLoad}`).toBeLessThanOrEqual(2);
      expect(Math.min(...weeks), `front-load ${frontLoad}`).toBeGreaterThanOrEqual(0);
    }
  });

  it('books the need plus the 15% buffer, not the free time, and more for High priority', () => {
    const one = (priority: 0 | 1 | 2, hoursNeeded?: number) => {
      const base = input();
      const chem = { ...(base.subjects[0] as PlannerInput['subjects'][number]), priority };
      const out = planStudy({
        ...base,
        subjects: [hoursNeeded === undefined ? chem : { ...chem, hoursNeeded }],
      });
      return out.summary[0]?.totalHours ?? 0;
    };
    // A given need is taken as is: 20 h x 1.15 = 23 h, whatever the priority.
    expect(one(1, 20)).toBe(23);
    expect(one(2, 20)).toBe(23);
    // Our estimate scales with priority (Low 0.8, Medium 1, High 1.3 of the Medium need in
    // whole sessions): High books at least 1.2x Medium's hours when they fit.
    expect(one(2)).toBeGreaterThanOrEqual(1.2 * one(1));
    expect(one(0)).toBeLessThan(one(1));
    // 18 days of 3 h: 54 h free, far more than booked.
    expect(one(1)).toBeLessThan(20);
  });

  it('warns with the numbers when the needs force a week over the cap', () => {
    const base = input();
    const out = planStudy({
      ...base,
      subjects: [{ ...(base.subjects[0] as PlannerInput['subjects'][number]), hoursNeeded: 48 }],
    });
    const warning = out.warnings.find((w) => w.code === 'plan_weeks_too_full');
    expect(warning?.params).toMatchObject({ percent: 80 });
    const p = warning?.params as { usedHours: number; freeHours: number };
    expect(p.usedHours).toBeGreaterThan(0.8 * p.freeHours);
    expect(out.summary[0]?.totalHours).toBeGreaterThanOrEqual(48);
    // Without the forced need the same plan stays under the cap and says nothing.
    const calm = planStudy(base);
    expect(calm.warnings.some((w) => w.code === 'plan_weeks_too_full')).toBe(false);
  });

  it('applies wishes it understands and echoes the others', () => {
    const inp = input({
      preferences: {
        sessionLength: 1,
        frontLoad: false,
        extraWishes: 'No Sundays, not after 20:00, max 2 hours a day, bring snacks',
      },
    });
    const out = planStudy(inp);
    expect(out.blocks.length).toBeGreaterThan(0);
    expect(out.blocks.some((b) => weekdayOf(dayNumber(b.date)) === 6)).toBe(false);
    expect(out.blocks.every((b) => b.end <= '20:00')).toBe(true);
    const perDay = new Map<string, number>();
    for (const b of out.blocks) perDay.set(b.date, (perDay.get(b.date) ?? 0) + hours(b));
    expect(Math.max(...perDay.values())).toBeLessThanOrEqual(2);
    expect(out.notes).toContainEqual({
      code: 'wish_not_understood',
      params: { wish: 'bring snacks' },
      message: 'Not understood, so not applied: "bring snacks".',
    });
    expect(out.notes).toContainEqual({
      code: 'wish_no_study_days',
      params: { weekdays: [6] },
      message: 'Applied your wish: no study on Sundays.',
    });
  });

  it('prefers evening places when asked', () => {
    const inp = input(
      { preferences: { sessionLength: 1, frontLoad: false, extraWishes: 'evenings' } },
      { startTime: '08:00', endTime: '23:00', hours: 2 },
    );
    const out = planStudy(inp);
    expect(m1Violations(inp, out)).toEqual([]);
    expect(out.blocks.every((b) => b.start >= '20:00')).toBe(true);
  });

  it('places what fits and warns per subject with numbers when time is short', () => {
    const inp = input({ period: { start: '2026-03-16', end: '2026-03-29' } }, { hours: 1 });
    const out = planStudy(inp);
    // Chemistry (High): 3 topics and the final review are 7 h at Medium, 9.1 h at High: 10 h.
    expect(out.warnings).toContainEqual({
      code: 'plan_short_before_deadline',
      params: { subject: 'Chemistry', needHours: 10, gotHours: 4, deadlineDate: '2026-03-20' },
      message: 'Chemistry needs about 10 h before 20 Mar, only 4 h are available.',
    });
    expect(out.summary[0]?.totalHours).toBe(4);
  });

  it('makes up a missed session in a free place and leaves the past alone', () => {
    const inp = input();
    const out = planStudy(inp);
    const idx = 5;
    const next = replanAfterMiss(inp, out, idx);
    expect(next.blocks.slice(0, idx)).toEqual(out.blocks.slice(0, idx));
    expect(next.blocks.length).toBe(out.blocks.length);
    expect(m1Violations(inp, next)).toEqual([]);
    expect(m2Consistency(inp, next).summaryErrors).toEqual([]);
  });
});

describe('final reviews (M9)', () => {
  it('reserves a final review for a subject planned under two full sessions', () => {
    // Overloaded week: Subject C's target is 1.6 h (< 2 sessions of 1 h), yet it used to get
    // two sessions with no final review: the reservation was skipped below 2 L.
    const bits = (s: string) => [...s].map((c) => c === '1');
    const day = (
      d: number,
      enabled: boolean,
      hours: number,
      from: string,
      to: string,
      s: string,
    ) => ({
      day: d,
      enabled,
      hours,
      startTime: from,
      endTime: to,
      slots: bits(s),
    });
    const topics = (k: number, sizes: number[]) =>
      sizes.map((size, t) => ({ name: `Topic ${t + 1} of ${k}`, size }));
    const inp: PlannerInput = {
      period: { start: '2026-01-11', end: '2026-01-17' },
      availability: [
        day(0, true, 5, '19:00', '23:00', '010111100111011001111000'),
        day(1, false, 0, '16:00', '24:00', '111111111111111111111111'),
        day(2, true, 4, '11:00', '20:00', '110111110111101110110111'),
        day(3, false, 1, '19:00', '21:00', '111110111010101101111111'),
        day(4, true, 3, '16:00', '24:00', '111111111111011011111001'),
        day(5, true, 6, '13:00', '21:00', '111101001101101101111011'),
        day(6, true, 4, '16:00', '18:00', '111111111101110110001011'),
      ],
      subjects: [
        {
          name: 'Subject A',
          deadline: '2026-01-16',
          priority: 1,
          topics: topics(1, [2531, 993, 1382, 1124, 2259, 950, 1404, 2890, 1738, 767]),
          materials: [],
        },
        { name: 'Subject B', topics: topics(2, [729]), materials: [] },
        {
          name: 'Subject C',
          deadline: '2026-01-18',
          priority: 0,
          topics: topics(3, [1867, 768, 1339, 2660, 1084]),
          materials: [],
        },
        {
          name: 'Subject D',
          deadline: '2026-01-18',
          priority: 2,
          topics: topics(4, [678, 1865]),
          materials: [],
        },
      ],
      preferences: { sessionLength: 1, frontLoad: true, extraWishes: 'No weekends' },
    };
    for (const frontLoad of [false, true]) {
      const i = { ...inp, preferences: { ...inp.preferences, frontLoad } };
      const out = planStudy(i);
      expect(m1Violations(i, out)).toEqual([]);
      expect(m9FinalReview(i, out).missing).toEqual([]);
      expect(out.blocks.some((b) => b.subjectIndex === 2)).toBe(true);
    }
  });
});
