/**
 * Deterministic reading of the free-text "extra wishes" in English, Greek, Spanish, French and
 * German, whatever the interface language. Understood clauses become hard limits (blocked
 * weekdays, time bounds, a daily cap) or a soft part-of-day preference; every other clause is
 * echoed back so the student knows it was ignored.
 *
 * English is read by the patterns below. The other languages are read from word lists
 * (wish-words.ts) over the clause's folded words, only for what the English patterns did not
 * find, so English wishes read as they always did. In a clause with a negation word anywhere:
 * an "after"/"before" word followed by a time bounds the day ("nicht nach 18 Uhr"), else the
 * days it names are blocked ("pas le dimanche"). "At most" (or a negated "more"), hours and
 * "a day" cap the day ("no más de 3 horas al día"). A clause without a negation that names a
 * part of the day prefers it ("lieber morgens").
 */
import { formatClock, type Notice, type PartOfDay, type SlotLimits } from '@studybuddy/contracts';
import { notice } from '../notices.js';
import {
  AFTER,
  AFTERNOON,
  AFTERNOON_PHRASES,
  AND,
  BEFORE,
  CAP,
  CAP_FILLERS,
  CAP_PAIRS,
  DAY,
  DAY_ARTICLES,
  DAYS,
  EVENING,
  fold,
  HOUR_WORDS,
  HOURS,
  JOINERS,
  MORE,
  MORNING,
  NEGATIONS,
  PER,
  PLUS_NOT_JOINING_AFTER,
  PLUS_NOT_JOINING_BEFORE,
  TIME_FILLERS,
  WEEKDAY_PHRASES,
  WEEKDAYS,
  WEEKEND,
  WEEKEND_PHRASES,
} from './wish-words.js';

const PREFERRED = {
  morning: 'wish_prefer_mornings',
  afternoon: 'wish_prefer_afternoons',
  evening: 'wish_prefer_evenings',
} as const;

/**
 * What the wishes ask: the study week's slot limits (blocked days, time bounds, a daily cap,
 * applied by its allowed-slot rule) and a preferred part of the day (used by its packing).
 */
export interface Wishes extends SlotLimits {
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

/** Words and numbers of a folded clause; "18:00", "2,5" and "18h30" stay one token. */
const TOKEN = /\d+(?:[.,:h]\d+)?|\p{L}+/gu;
/** Words of the raw text, where clauses may be cut. */
const RAW_WORD = /[\p{L}\p{M}\p{N}]+/gu;
const CLOCK_TOKEN = /^(\d{1,2})(?:[:.h](\d{2}))?$/;
const MINUTES_TOKEN = /^\d{2}$/;
const DIGIT = /^\d/;
const NUMBER_TOKEN = /^\d+(?:[.,]\d+)?$/;
const HOURS_MINUTES_TOKEN = /^(\d{1,2})h(\d{2})$/;
/** An English number of hours ("3 hours", "2.5h", "1 hr"). */
const ENGLISH_HOURS_RE = /\d\s*(?:h|hrs?|hours?)\b/;

/** What a time-bound clause found: its time, undefined when it is not a valid time of day. */
interface Bound {
  minute: number | undefined;
}

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

const at = (t: readonly string[], i: number): string => t[i] ?? '';

function phraseAt(t: readonly string[], i: number, phrase: readonly string[]): boolean {
  return phrase.every((w, k) => t[i + k] === w);
}

function hasPhrase(t: readonly string[], phrases: readonly (readonly string[])[]): boolean {
  return t.some((_, i) => phrases.some((p) => phraseAt(t, i, p)));
}

/** The part of the day named at word i ("matin", "απόγευμα", "après-midi"). */
function partAt(t: readonly string[], i: number): PartOfDay | undefined {
  const w = at(t, i);
  if (MORNING.has(w)) return 'morning';
  if (AFTERNOON.has(w) || AFTERNOON_PHRASES.some((p) => phraseAt(t, i, p))) return 'afternoon';
  if (EVENING.has(w)) return 'evening';
  return undefined;
}

const DAY_PHRASES = [...WEEKEND_PHRASES, ...WEEKDAY_PHRASES];

/** Whether words from i on name days, the weekend or weekdays (so "and" joins days). */
function namesDays(t: readonly string[], i: number): boolean {
  const w = at(t, i);
  if (DAYS.has(w) || WEEKEND.has(w) || WEEKDAYS.has(w)) return true;
  return DAY_PHRASES.some((p) => phraseAt(t, i, p));
}

/** Whether the folded word i joins two clauses ("plus" here, not in `clauses`: "au plus 3 h"). */
function joins(t: readonly string[], i: number): boolean {
  const w = at(t, i);
  if (JOINERS.has(w)) return true;
  if (w === 'plus')
    return !PLUS_NOT_JOINING_BEFORE.has(at(t, i - 1)) && !PLUS_NOT_JOINING_AFTER.has(at(t, i + 1));
  if (!AND.has(w)) return false;
  for (let j = i + 1; j < t.length; j++) {
    if (namesDays(t, j)) return false;
    if (!DAY_ARTICLES.has(at(t, j))) break;
  }
  return true;
}

/** Cuts a clause at joining words found by word, not by `\b` (which knows only ASCII letters). */
function splitAtJoiners(clause: string): string[] {
  const words = [...clause.matchAll(RAW_WORD)];
  const folded = words.map((m) => fold(m[0]));
  const out: string[] = [];
  let from = 0;
  for (const [i, m] of words.entries()) {
    if (!joins(folded, i)) continue;
    out.push(clause.slice(from, m.index));
    from = m.index + m[0].length;
  }
  out.push(clause.slice(from));
  return out;
}

/** Splits wishes into clauses on punctuation, line breaks and joining words (not "saturdays and sundays"). */
function clauses(text: string): string[] {
  return text
    .split(
      /[;\n]|,(?!\d)|\.(?=\s|$)|\b(?:but|also)\b|\band\b(?!\s+(?:on\s+)?(?:mon|tue|wed|thu|fri|sat|sun|week))/i,
    )
    .flatMap(splitAtJoiners)
    .map((c) => c.trim())
    .filter((c) => c.length > 0);
}

function englishBound(re: RegExp, c: string): Bound | undefined {
  const m = re.exec(c);
  return m?.[1] ? { minute: clockOf(m[1], m[2], m[3]) } : undefined;
}

/** "a.m."/"p.m." after a time, or a part of the day ("8 de la tarde", "8 Uhr abends"). */
function meridiem(t: readonly string[], k: number, hour: number): string | undefined {
  let p = k;
  // German "am" is "on the" before a part of the day ("8 am Abend"), else it is a.m.
  while (TIME_FILLERS.has(at(t, p)) || at(t, p) === 'am') p++;
  const part = partAt(t, p);
  if (part) return hour >= 1 && hour <= 11 ? (part === 'morning' ? 'am' : 'pm') : undefined;
  const a = at(t, k);
  const b = at(t, k + 1);
  if (a === 'am' || a === 'pm') return a;
  if ((a === 'a' || a === 'p') && b === 'm') return `${a}m`;
  // Greek π.μ. and μ.μ.
  if (a === 'πμ' || (a === 'π' && b === 'μ')) return 'am';
  if (a === 'μμ' || (a === 'μ' && b === 'μ')) return 'pm';
  return undefined;
}

/** The time of day at word j ("18:00", "18 h 30", "9 Uhr", "8 το βράδυ"), if j is a number. */
function clockAt(t: readonly string[], j: number): number | undefined {
  const m = CLOCK_TOKEN.exec(at(t, j));
  if (!m?.[1]) return undefined;
  let minutes = m[2];
  let k = j + 1;
  if (HOUR_WORDS.has(at(t, k))) {
    k++;
    if (minutes === undefined && MINUTES_TOKEN.test(at(t, k))) {
      minutes = at(t, k);
      k++;
    }
  }
  return clockOf(m[1], minutes, meridiem(t, k, Number(m[1])));
}

/** A time bound in a negated clause: an "after" (or "before") word, then a time. */
function timeBound(t: readonly string[], words: ReadonlySet<string>): Bound | undefined {
  for (let i = 0; i < t.length; i++) {
    if (!words.has(at(t, i))) continue;
    let j = i + 1;
    while (TIME_FILLERS.has(at(t, j))) j++;
    if (DIGIT.test(at(t, j))) return { minute: clockAt(t, j) };
  }
  return undefined;
}

/** Hours at word j with their unit ("3 horas", "2,5 Std", "2h30"), and the word after them. */
function hoursAt(t: readonly string[], j: number): { hours: number; next: number } | undefined {
  const w = at(t, j);
  const hm = HOURS_MINUTES_TOKEN.exec(w);
  if (hm) {
    const minutes = Number(hm[2]);
    return minutes < 60 ? { hours: Number(hm[1]) + minutes / 60, next: j + 1 } : undefined;
  }
  if (NUMBER_TOKEN.test(w) && HOURS.has(at(t, j + 1)))
    return { hours: Number(w.replace(',', '.')), next: j + 2 };
  return undefined;
}

/** A daily cap: "at most" (or a negated "more"), hours, then a day ("au plus 3 h par jour"). */
function dailyCap(t: readonly string[], negated: boolean): number | undefined {
  for (let i = 0; i < t.length; i++) {
    const w = at(t, i);
    const cap =
      CAP.has(w) ||
      (negated && MORE.has(w)) ||
      CAP_PAIRS.some(([a, b]) => at(t, i - 1) === a && w === b);
    if (!cap) continue;
    let j = i + 1;
    while (CAP_FILLERS.has(at(t, j))) j++;
    const found = hoursAt(t, j);
    if (!found) continue;
    let k = found.next;
    while (PER.has(at(t, k))) k++;
    if (DAY.has(at(t, k))) return found.hours;
  }
  return undefined;
}

/** Weekdays named in the word-list languages, added to `days`. */
function addNamedDays(t: readonly string[], days: Set<number>): void {
  const weekend = t.some((w) => WEEKEND.has(w)) || hasPhrase(t, WEEKEND_PHRASES);
  const weekdays = t.some((w) => WEEKDAYS.has(w)) || hasPhrase(t, WEEKDAY_PHRASES);
  if (weekend) {
    days.add(5);
    days.add(6);
  }
  if (weekdays) for (const d of [0, 1, 2, 3, 4]) days.add(d);
  for (const w of t) {
    const d = DAYS.get(w);
    if (d !== undefined) days.add(d);
  }
}

/** The part of the day a clause names, mornings first as in English. */
function partOfDay(t: readonly string[]): PartOfDay | undefined {
  const named = new Set(t.map((_, i) => partAt(t, i)));
  return (['morning', 'afternoon', 'evening'] as const).find((p) => named.has(p));
}

function englishPart(c: string): PartOfDay | undefined {
  if (/\bmornings?\b/.test(c)) return 'morning';
  if (/\bafternoons?\b/.test(c)) return 'afternoon';
  if (/\bevenings?\b|\bnights?\b/.test(c)) return 'evening';
  return undefined;
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
    const t = fold(raw).match(TOKEN) ?? [];
    const negatedInEnglish = NEGATION_RE.test(c);
    const negated = negatedInEnglish || t.some((x) => NEGATIONS.has(x));
    let understood = false;
    const after = englishBound(NOT_AFTER_RE, c) ?? (negated ? timeBound(t, AFTER) : undefined);
    if (after?.minute !== undefined) {
      w.notAfter = Math.min(w.notAfter ?? 1440, after.minute);
      understood = true;
    }
    const before = englishBound(NOT_BEFORE_RE, c) ?? (negated ? timeBound(t, BEFORE) : undefined);
    if (before?.minute !== undefined) {
      w.notBefore = Math.max(w.notBefore ?? 0, before.minute);
      understood = true;
    }
    const maxMatch = MAX_HOURS_RE.exec(c);
    const max = maxMatch?.[1] ? Number(maxMatch[1]) : dailyCap(t, negated);
    if (max !== undefined && max >= 0 && max <= 24) {
      w.maxHours = Math.min(w.maxHours ?? 24, max);
      understood = true;
    }
    // "No more than 2 hours on Sundays" limits Sundays' hours, which the planner cannot do per
    // day: it is echoed back as not understood rather than read as "no Sundays".
    const limitsHours = ENGLISH_HOURS_RE.test(c) || t.some((_, i) => hoursAt(t, i) !== undefined);
    if (!after && !before && negated && !limitsHours) {
      const days = new Set<number>();
      // English day names only in English negations: French "pas avant mon cours" has no Monday.
      if (negatedInEnglish) {
        if (/\bweekends?\b/.test(c)) {
          days.add(5);
          days.add(6);
        }
        if (/\bweekdays\b/.test(c)) for (const d of [0, 1, 2, 3, 4]) days.add(d);
        for (const [re, d] of DAY_WORDS) if (re.test(c)) days.add(d);
      }
      addNamedDays(t, days);
      if (days.size > 0) {
        for (const d of days) blocked.add(d);
        understood = true;
      }
    } else if (!negated) {
      const part = englishPart(c) ?? partOfDay(t);
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
