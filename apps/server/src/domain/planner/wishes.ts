/**
 * Deterministic reading of the free-text "extra wishes": a small English grammar, nothing else.
 * Understood clauses become hard limits (blocked weekdays, time bounds, a daily cap) or a soft
 * part-of-day preference; every other clause is echoed back so the student knows it was ignored.
 */
import type { Notice } from '@studybuddy/contracts';
import { notice } from '../notices.js';
import { formatClock } from './dates.js';

export type PartOfDay = 'morning' | 'afternoon' | 'evening';

const PREFERRED = {
  morning: 'wish_prefer_mornings',
  afternoon: 'wish_prefer_afternoons',
  evening: 'wish_prefer_evenings',
} as const;

export interface Wishes {
  /** Weekdays (0 = Monday) with no study at all. */
  blockedDays: number[];
  /** No session starts before this minute of the day. */
  notBefore: number | undefined;
  /** No session ends after this minute of the day. */
  notAfter: number | undefined;
  /** Daily cap in hours. */
  maxHours: number | undefined;
  /** Soft preference: places in this part of the day are used first. */
  partOfDay: PartOfDay | undefined;
  /** What was applied, as notices to echo back. */
  applied: Notice[];
  /** Clauses that were not understood, trimmed, in input order. */
  notUnderstood: string[];
}

const DAY_WORDS: Array<[RegExp, number]> = [
  [/\bmon(day)?s?\b/, 0],
  [/\btue(s(day)?)?s?\b/, 1],
  [/\bwed(nesday)?s?\b/, 2],
  [/\bthu(r(s(day)?)?)?s?\b/, 3],
  [/\bfri(day)?s?\b/, 4],
  [/\bsat(urday)?s?\b/, 5],
  [/\bsun(day)?s?\b/, 6],
];

const TIME = String.raw`(\d{1,2})(?:[:.h](\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?`;
// Spaces around an optional word go with the word (`(?:word\s*)?`), never `\s*(?:word)?\s*`:
// two space runs side by side can split a long run of spaces in many ways (quadratic).
const NOT_AFTER_RE = new RegExp(
  String.raw`\b(?:not\s*|no\s+(?:(?:study|studying|sessions?)\s*)?)(?:after|later than|past)\s+${TIME}`,
);
const NOT_BEFORE_RE = new RegExp(
  String.raw`\b(?:not\s*|no\s+(?:(?:study|studying|sessions?)\s*)?)(?:before|earlier than)\s+${TIME}`,
);
const MAX_HOURS_RE =
  /\b(?:max(?:imum)?|at most|no more than|not more than|up to)\s+(\d+(?:\.\d+)?)\s*(?:h|hrs?|hours?)\s*(?:(?:a|per|\/|each)\s*)?day\b/;
const NEGATION_RE = /\b(?:no|not on|never on|not|never|without|free on|off on)\b/;

function clockOf(h: string, m: string | undefined, ampm: string | undefined): number | undefined {
  let hour = Number(h);
  const minute = m === undefined ? 0 : Number(m);
  if (minute > 59) return undefined;
  if (ampm) {
    if (hour < 1 || hour > 12) return undefined;
    const pm = ampm.startsWith('p');
    hour = (hour % 12) + (pm ? 12 : 0);
  }
  if (hour > 24 || (hour === 24 && minute > 0)) return undefined;
  return hour * 60 + minute;
}

/** Splits wishes into clauses on punctuation, line breaks and joining words (not "saturdays and sundays"). */
function clauses(text: string): string[] {
  return text
    .split(
      /[;\n]|,(?!\d)|\.(?=\s|$)|\b(?:but|also|plus)\b|\band\b(?!\s+(?:on\s+)?(?:mon|tue|wed|thu|fri|sat|sun|week))/i,
    )
    .map((c) => c.trim())
    .filter((c) => c.length > 0);
}

/** Reads the wishes the planner understands; see the module comment for the grammar. */
export function parseWishes(text: string): Wishes {
  const w: Wishes = {
    blockedDays: [],
    notBefore: undefined,
    notAfter: undefined,
    maxHours: undefined,
    partOfDay: undefined,
    applied: [],
    notUnderstood: [],
  };
  const blocked = new Set<number>();
  for (const raw of clauses(text)) {
    const c = raw.toLowerCase();
    let understood = false;
    const after = NOT_AFTER_RE.exec(c);
    if (after?.[1]) {
      const t = clockOf(after[1], after[2], after[3]);
      if (t !== undefined) {
        w.notAfter = Math.min(w.notAfter ?? 1440, t);
        understood = true;
      }
    }
    const before = NOT_BEFORE_RE.exec(c);
    if (before?.[1]) {
      const t = clockOf(before[1], before[2], before[3]);
      if (t !== undefined) {
        w.notBefore = Math.max(w.notBefore ?? 0, t);
        understood = true;
      }
    }
    const max = MAX_HOURS_RE.exec(c);
    if (max?.[1]) {
      const h = Number(max[1]);
      if (h >= 0 && h <= 24) {
        w.maxHours = Math.min(w.maxHours ?? 24, h);
        understood = true;
      }
    }
    if (!after && !before && NEGATION_RE.test(c)) {
      const days = new Set<number>();
      if (/\bweekends?\b/.test(c)) {
        days.add(5);
        days.add(6);
      }
      if (/\bweekdays\b/.test(c)) for (const d of [0, 1, 2, 3, 4]) days.add(d);
      for (const [re, d] of DAY_WORDS) if (re.test(c)) days.add(d);
      if (days.size > 0) {
        for (const d of days) blocked.add(d);
        understood = true;
      }
    } else if (!NEGATION_RE.test(c)) {
      const part = /\bmornings?\b/.test(c)
        ? 'morning'
        : /\bafternoons?\b/.test(c)
          ? 'afternoon'
          : /\bevenings?\b|\bnights?\b/.test(c)
            ? 'evening'
            : undefined;
      if (part) {
        w.partOfDay = part;
        understood = true;
      }
    }
    if (!understood) w.notUnderstood.push(raw);
  }
  w.blockedDays = [...blocked].sort((a, b) => a - b);
  if (w.blockedDays.length > 0)
    w.applied.push(notice('wish_no_study_days', { weekdays: w.blockedDays }));
  if (w.notBefore !== undefined)
    w.applied.push(notice('wish_not_before', { startTime: formatClock(w.notBefore) }));
  if (w.notAfter !== undefined)
    w.applied.push(notice('wish_not_after', { endTime: formatClock(w.notAfter) }));
  if (w.maxHours !== undefined) w.applied.push(notice('wish_max_hours', { maxHours: w.maxHours }));
  if (w.partOfDay) w.applied.push(notice(PREFERRED[w.partOfDay]));
  return w;
}
