/**
 * Benchmark of the living plan's catch-up (re-plan) calculation on typical 52-week, 12-subject
 * plans a quarter of the way through, with one session in four missed and one in four partly done,
 * against the planner's replan target (p95 <= 50 ms).
 */

import { parseClock } from '@studybuddy/contracts';
import { type CatchUpInput, catchUp, type LocalSession } from '../src/domain/planner/catch-up.js';
import { dayNumber } from '../src/domain/planner/dates.js';
import { planStudy } from '../src/domain/planner/planner.js';
import { typicalInput } from '../src/testing/planner/fixtures.js';
import type { BenchResult } from './index.js';
import { measure } from './planner.bench.js';

function catchUpCase(seed: number): CatchUpInput {
  const input = typicalInput(seed);
  const plan = planStudy(input);
  const today = dayNumber(input.period.start) + 91;
  const sessions: LocalSession[] = plan.blocks.map((b, i) => {
    const day = dayNumber(b.date);
    const past = day < today;
    return {
      id: i + 1,
      subjectId: b.subjectIndex + 1,
      topicId: (b.subjectIndex + 1) * 100 + (b.topicIndexes[0] ?? 0),
      day,
      start: parseClock(b.start),
      end: parseClock(b.end),
      checkIn: !past ? null : i % 4 === 0 ? 'missed' : i % 4 === 1 ? 'partial' : 'done',
      minutesDone: past && i % 4 === 1 ? 30 : null,
      carriedOver: false,
    };
  });
  return {
    source: input,
    today,
    nowMinute: 12 * 60,
    subjects: input.subjects.map((s, k) => ({
      id: k + 1,
      name: s.name,
      examDate: s.deadline ?? null,
      topics: s.topics.map((t, j) => ({ id: (k + 1) * 100 + j, name: t.name, dropped: false })),
    })),
    sessions,
    busy: [],
  };
}

/**
 * The same plans with 20 more missed hours for the subject whose exam comes next: its work no
 * longer fits, so every trade-off is worked out (added time, the earliest exam day that fits,
 * each topic to drop).
 */
function shortCase(seed: number): CatchUpInput {
  const c = catchUpCase(seed);
  const next = c.subjects
    .filter((s) => s.examDate && dayNumber(s.examDate) > c.today)
    .sort((a, b) => (a.examDate as string).localeCompare(b.examDate as string))[0];
  if (!next) return c;
  const extra: LocalSession[] = [...Array(20).keys()].map((i) => ({
    id: 100_000 + i,
    subjectId: next.id,
    topicId: next.topics[i % next.topics.length]?.id ?? null,
    day: c.today - 1 - (i % 7),
    start: 6 * 60,
    end: 7 * 60,
    checkIn: 'missed',
    minutesDone: null,
    carriedOver: false,
  }));
  return { ...c, sessions: [...c.sessions, ...extra] };
}

/** One catch-up of the cases in turn: the sessions and trade-offs it made. */
function catchUps(cases: CatchUpInput[]) {
  return (i: number) => {
    const r = catchUp(cases[i % cases.length] as CatchUpInput);
    return r === 'not-offered' ? 0 : r.blocks.length + r.tradeOffs.length;
  };
}

export function replanBench(): BenchResult[] {
  const seeds = [1, 2, 3, 4, 5];
  return [
    measure(
      'living plan catch-up (typical input, 1 in 4 sessions missed, 1 in 4 partial)',
      catchUps(seeds.map(catchUpCase)),
      { p95: 50 },
      'sessions or trade-offs/re-plan',
    ),
    measure(
      'living plan catch-up with trade-offs (typical input, 20 h more missed before an exam)',
      catchUps(seeds.map(shortCase)),
      { p95: 50 },
      'sessions or trade-offs/re-plan',
    ),
  ];
}
