/** Deterministic sample inputs for tests and the benchmark (a seeded generator, no Math.random). */
import { formatClock } from '@studybuddy/contracts';
import { isoDate } from '../../domain/planner/dates.js';
import type { DayTemplate } from '../../domain/planner/model.js';
import type { PlannerInput } from '../../domain/planner/types.js';

/** A study day of one 2-h place (10:00-12:00), for the placing passes' unit tests. */
export const ONE_PLACE_DAY: DayTemplate = {
  enabled: true,
  hours: 2,
  windowStart: 600,
  windowEnd: 720,
  places: [{ start: 20, len: 4 }],
  order: [0],
  capacity: 2,
  packable: 2,
};

/** Small deterministic PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const START = 20_454; // 2026-01-01 as a day number

/** A wizard-like input: weeks, subjects, the session length, and a seed for the details. */
export function sampleInput(opts: {
  weeks: number;
  subjects: number;
  sessionLength?: 1 | 1.5 | 2;
  frontLoad?: boolean;
  seed?: number;
  allFree?: boolean;
}): PlannerInput {
  const r = rng(opts.seed ?? 1);
  const days = opts.weeks * 7;
  const availability = [...Array(7).keys()].map((day) => {
    if (opts.allFree)
      return {
        day,
        enabled: true,
        hours: 24,
        startTime: '00:00',
        endTime: '24:00',
        slots: Array(24).fill(true),
      };
    const start = 8 + Math.floor(r() * 10);
    return {
      day,
      enabled: true,
      hours: 2 + Math.floor(r() * 5),
      startTime: formatClock(start * 60),
      endTime: formatClock(Math.min(24, start + 8) * 60),
      slots: [...Array(24).keys()].map(() => r() > 0.25),
    };
  });
  const subjects = [...Array(opts.subjects).keys()].map((k) => {
    const n = 4 + Math.floor(r() * 8);
    const hasDeadline = opts.allFree ? true : r() < 0.85;
    return {
      name: `Subject ${k + 1}`,
      deadline: hasDeadline ? isoDate(START + 14 + Math.floor(r() * (days - 14))) : undefined,
      priority: Math.floor(r() * 3) as 0 | 1 | 2,
      topics: [...Array(n).keys()].map((t) => ({
        name: `Topic ${k + 1}.${t + 1}`,
        size: 50 + Math.floor(r() * 2000),
      })),
      materials: [`notes-${k + 1}.pdf`, `topic ${k + 1}.1 summary.docx`],
    };
  });
  return {
    period: { start: isoDate(START), end: isoDate(START + days - 1) },
    availability,
    subjects,
    preferences: {
      sessionLength: opts.sessionLength ?? 1.5,
      frontLoad: opts.frontLoad ?? false,
      extraWishes: '',
    },
  };
}

/** The benchmark's typical case: 52 weeks, 12 subjects, 2-6 h a day, 1.5-h sessions. */
export function typicalInput(seed = 1, frontLoad = false): PlannerInput {
  return sampleInput({ weeks: 52, subjects: 12, sessionLength: 1.5, seed, frontLoad });
}

/** The benchmark's worst case: 52 weeks, 12 subjects, every slot free, 24 h a day, 1-h sessions. */
export function worstInput(seed = 1): PlannerInput {
  return sampleInput({ weeks: 52, subjects: 12, sessionLength: 1, seed, allFree: true });
}
