/**
 * The living plan's re-plan (docs/product.md, The living plan): the unfinished work of missed,
 * partly done and unchecked past sessions, and of sessions ahead that busy time now covers,
 * goes into free places before each subject's deadline, as new catch-up sessions (the caller
 * moves a covered session to its first place instead); no other session moves. When the work
 * no longer fits, nothing is placed for that subject and concrete trade-offs are offered
 * instead. Pure and deterministic: no I/O, no clock ("today" and the minute of the day are
 * given), no time zones (the caller turns instants into the plan's local days and minutes and
 * back).
 */
import {
  ADDED_TIME_WINDOW,
  allowedHalfHours,
  HALF_HOURS,
  type Notice,
  SLOT_MINUTES,
  type TradeOffKind,
  touchedHalfHours,
  weekdayOf,
} from '@studybuddy/contracts';
import { notice } from '../notices.js';
import { dayNumber, isoDate } from './dates.js';
import { type DayTemplate, dayTemplates } from './model.js';
import type { PlannerInput } from './types.js';
import { parseWishes } from './wishes.js';

const EPS = 1e-9;
/** Half-hours of a day. */
const H = HALF_HOURS;
/** The half-hours where added time may go when the student's own window is full. */
const FALLBACK_WINDOW = {
  start: ADDED_TIME_WINDOW.start / SLOT_MINUTES,
  end: ADDED_TIME_WINDOW.end / SLOT_MINUTES,
};

export type CheckInState = 'done' | 'partial' | 'missed' | null;

/** A session in the plan's local time: a day number and minutes from that day's midnight. */
export interface LocalSession {
  id: number;
  subjectId: number;
  topicId: number | null;
  day: number;
  /** Minutes from midnight; `end` is at most 1440 (the caller clips a session past midnight). */
  start: number;
  end: number;
  checkIn: CheckInState;
  minutesDone: number | null;
  carriedOver: boolean;
  /**
   * A session still ahead that busy time added after it now covers (a clash): its work waits
   * like a missed session's, and the caller moves the session to the place found for it.
   */
  covered?: boolean;
}

export interface CatchUpSubject {
  id: number;
  name: string;
  /** The exam day, YYYY-MM-DD, or null (then the period end is the deadline). */
  examDate: string | null;
  topics: Array<{ id: number; name: string; dropped: boolean }>;
}

export interface CatchUpInput {
  /** The plan's stored wizard input: period, availability and preferences (wishes included). */
  source: Pick<PlannerInput, 'period' | 'availability' | 'preferences'>;
  /** Today's day number and the minute of the day now, in the plan's time zone. */
  today: number;
  nowMinute: number;
  subjects: CatchUpSubject[];
  /** The plan's sessions. */
  sessions: LocalSession[];
  /** The student's other sessions (other plans), which catch-up sessions must not overlap. */
  busy: Array<{ day: number; start: number; end: number }>;
}

/** A catch-up session to add: the work of session `sourceId`, on `day` from `start` to `end`. */
export interface CatchUpBlock {
  sourceId: number;
  subjectId: number;
  topicId: number | null;
  day: number;
  start: number;
  end: number;
}

export interface TradeOffOption {
  id: string;
  kind: TradeOffKind;
  subjectId: number;
  subject: string;
  notice: Notice;
}

export interface CatchUpResult {
  /** Sessions to add (kind catch-up). */
  blocks: CatchUpBlock[];
  /** Sessions whose unfinished work is now placed or given up: set carried_over. */
  carried: number[];
  /** Topics to mark dropped. */
  droppedTopics: number[];
  /** Exam days to move. */
  examMoves: Array<{ subjectId: number; examDate: string }>;
  /** Ways out for the subjects whose work does not fit; nothing of theirs is changed. */
  tradeOffs: TradeOffOption[];
  /** True when no missed, partial or unchecked past work is waiting. */
  nothingToDo: boolean;
}

/** Work waiting to be placed: one session's unfinished minutes in session-sized chunks. */
interface Pending {
  session: LocalSession;
  /** Chunk lengths in half-hours. */
  chunks: number[];
}

interface Prepared {
  input: CatchUpInput;
  p0: number;
  p1: number;
  templates: DayTemplate[];
  allowed: boolean[][];
  /** Booked half-hours per day offset (days * 48), minutes booked per day, subjects per day. */
  busy: Uint8Array;
  used: Float64Array;
  subjectDays: Map<number, Uint8Array>;
  /** Pending work per subject id, in time order; `ignored` are carried over without placing. */
  pending: Map<number, Pending[]>;
  ignored: number[];
  deadline: Map<number, number>;
}

interface Grid {
  busy: Uint8Array;
  used: Float64Array;
  subjectDays: Map<number, Uint8Array>;
}

interface RunOptions {
  exclude?: ReadonlySet<number>;
  deadlines?: ReadonlyMap<number, number>;
}

interface SubjectRun {
  blocks: CatchUpBlock[];
  /** Chunks that found no place. */
  leftover: Array<{ session: LocalSession; len: number }>;
  items: Pending[];
  /** Items of an excluded (dropped) topic: carried without a place. */
  excluded: Pending[];
}

interface Run {
  grid: Grid;
  subjects: Map<number, SubjectRun>;
  short: number[];
}

/** The unfinished minutes of a session, or 0 when nothing of it is waiting. */
export function unfinishedMinutes(s: LocalSession, today: number): number {
  if (s.carriedOver) return 0;
  const length = Math.max(0, s.end - s.start);
  if (s.checkIn === 'missed') return length;
  if (s.checkIn === null && s.covered) return length;
  if (s.checkIn === 'partial') return Math.max(0, length - (s.minutesDone ?? 0));
  if (s.checkIn === null && s.day < today) return length;
  return 0;
}

/** Exclusive last day of a subject's window: its exam day, else the day after the period. */
function deadlineOf(s: CatchUpSubject, p1: number): number {
  const exam = s.examDate ? dayNumber(s.examDate) : Number.NaN;
  return Number.isNaN(exam) ? p1 + 1 : Math.min(exam, p1 + 1);
}

function prepare(input: CatchUpInput): Prepared {
  // The planner's own weekday templates (wishes applied): places, daily hours and windows; and
  // the study week's allowed half-hours for the free half-hours outside the places.
  const wishes = parseWishes(input.source.preferences.extraWishes ?? '');
  const templates = dayTemplates({ ...input.source, subjects: [] } as PlannerInput, wishes);
  const allowed = templates.map(
    (_, w) => allowedHalfHours(input.source.availability, w, wishes).allowed,
  );
  const p0 = dayNumber(input.source.period.start);
  let p1 = dayNumber(input.source.period.end);
  if (Number.isNaN(p0) || Number.isNaN(p1) || p1 < p0) p1 = p0 - 1;
  const days = Math.max(0, p1 - p0 + 1);
  const busy = new Uint8Array(days * H);
  const used = new Float64Array(days);
  const subjectDays = new Map<number, Uint8Array>();
  const book = (day: number, start: number, end: number) => {
    const d = day - p0;
    if (d < 0 || d >= days || end <= start) return;
    used[d] = (used[d] as number) + (end - start);
    const { from, to } = touchedHalfHours(start, end);
    for (let h = from; h < to; h++) busy[d * H + h] = 1;
  };
  for (const b of input.busy) book(b.day, b.start, b.end);
  const deadline = new Map(input.subjects.map((s) => [s.id, deadlineOf(s, p1)]));
  const dropped = new Set(input.subjects.flatMap((s) => s.topics.filter((t) => t.dropped)));
  const droppedIds = new Set([...dropped].map((t) => t.id));
  const pending = new Map<number, Pending[]>();
  const ignored: number[] = [];
  const len = Math.round(input.source.preferences.sessionLength * 2) || 2;
  const sorted = [...input.sessions].sort(
    (a, b) => a.day - b.day || a.start - b.start || a.id - b.id,
  );
  for (const s of sorted) {
    book(s.day, s.start, s.end);
    const d = s.day - p0;
    if (d >= 0 && d < days) {
      const mark = subjectDays.get(s.subjectId) ?? new Uint8Array(days);
      subjectDays.set(s.subjectId, mark);
      mark[d] = 1;
    }
    const end = deadline.get(s.subjectId);
    if (end === undefined) continue;
    const minutes = unfinishedMinutes(s, input.today);
    if (minutes <= 0) continue;
    // An exam already over: its work is moot, so it is left as it is and never counted.
    if (end <= input.today) continue;
    if (s.topicId !== null && droppedIds.has(s.topicId)) {
      ignored.push(s.id);
      continue;
    }
    const chunks: number[] = [];
    let left = Math.ceil(minutes / 30 - EPS);
    while (left > 0) {
      const c = Math.min(len, left);
      chunks.push(c);
      left -= c;
    }
    const list = pending.get(s.subjectId) ?? [];
    list.push({ session: s, chunks });
    pending.set(s.subjectId, list);
  }
  return { input, p0, p1, templates, allowed, busy, used, subjectDays, pending, ignored, deadline };
}

function cloneGrid(g: Grid): Grid {
  return {
    busy: g.busy.slice(),
    used: g.used.slice(),
    subjectDays: new Map([...g.subjectDays].map(([k, v]) => [k, v.slice()])),
  };
}

function isFree(g: Grid, d: number, from: number, len: number): boolean {
  if (from < 0 || from + len > H) return false;
  for (let h = from; h < from + len; h++) if (g.busy[d * H + h]) return false;
  return true;
}

function book(g: Grid, d: number, from: number, len: number, subjectId: number, days: number) {
  for (let h = from; h < from + len; h++) g.busy[d * H + h] = 1;
  g.used[d] = (g.used[d] as number) + len * 30;
  const mark = g.subjectDays.get(subjectId) ?? new Uint8Array(days);
  g.subjectDays.set(subjectId, mark);
  mark[d] = 1;
}

/** First half-hour still ahead on a day (today: from the next half-hour on). */
function firstHalf(p: Prepared, day: number): number {
  return day === p.input.today ? Math.ceil(p.input.nowMinute / 30 - EPS) : 0;
}

/**
 * The free place for one chunk before `to` (exclusive day), soonest first: the template's
 * places on days without a session of the subject, then on any day, then any free allowed
 * half-hours; always within the day's hours.
 */
function findPlace(
  p: Prepared,
  g: Grid,
  subjectId: number,
  len: number,
  from: number,
  to: number,
): { d: number; start: number } | null {
  const first = Math.max(from, p.input.today, p.p0) - p.p0;
  const last = Math.min(to, p.p1 + 1) - p.p0;
  const mine = g.subjectDays.get(subjectId);
  for (let pass = 0; pass < 3; pass++) {
    for (let d = first; d < last; d++) {
      const tpl = p.templates[weekdayOf(p.p0 + d)] as DayTemplate;
      if (!tpl.enabled || (g.used[d] as number) + len * 30 > tpl.hours * 60 + EPS) continue;
      if (pass === 0 && mine?.[d]) continue;
      const min = firstHalf(p, p.p0 + d);
      if (pass < 2) {
        for (const i of tpl.order) {
          const place = tpl.places[i];
          if (!place || place.len < len || place.start < min) continue;
          if (isFree(g, d, place.start, len)) return { d, start: place.start };
        }
      } else {
        const allowed = p.allowed[weekdayOf(p.p0 + d)] as boolean[];
        for (let h = min; h + len <= H; h++) {
          let ok = true;
          for (let i = h; ok && i < h + len; i++) if (!allowed[i] || g.busy[d * H + i]) ok = false;
          if (ok) return { d, start: h };
        }
      }
    }
  }
  return null;
}

/** Places every subject's pending work, earliest deadline first. */
function run(p: Prepared, opts: RunOptions = {}, base?: Grid): Run {
  const grid = cloneGrid(base ?? p);
  const days = p.p1 - p.p0 + 1;
  const deadlineOf = (id: number) => opts.deadlines?.get(id) ?? (p.deadline.get(id) as number);
  const order = p.input.subjects
    .map((s) => s.id)
    .filter((id) => p.pending.has(id))
    .sort((a, b) => deadlineOf(a) - deadlineOf(b) || a - b);
  const subjects = new Map<number, SubjectRun>();
  const short: number[] = [];
  for (const id of order) {
    const r: SubjectRun = { blocks: [], leftover: [], items: [], excluded: [] };
    for (const item of p.pending.get(id) ?? []) {
      const topic = item.session.topicId;
      if (topic !== null && opts.exclude?.has(topic)) {
        r.excluded.push(item);
        continue;
      }
      r.items.push(item);
      for (const len of item.chunks) {
        const at = findPlace(p, grid, id, len, p.input.today, deadlineOf(id));
        if (!at) {
          r.leftover.push({ session: item.session, len });
          continue;
        }
        book(grid, at.d, at.start, len, id, days);
        r.blocks.push({
          sourceId: item.session.id,
          subjectId: id,
          topicId: topic,
          day: p.p0 + at.d,
          start: at.start * 30,
          end: (at.start + len) * 30,
        });
      }
    }
    if (r.leftover.length > 0) short.push(id);
    subjects.set(id, r);
  }
  return { grid, subjects, short };
}

/**
 * Added time for the leftover chunks: free half-hours inside the student's window of each study
 * day, then 08:00-21:00 on any day, before the deadline and outside the booked time.
 */
function addTime(p: Prepared, g: Grid, subjectId: number, r: SubjectRun): CatchUpBlock[] | null {
  const grid = cloneGrid(g);
  const days = p.p1 - p.p0 + 1;
  const first = Math.max(p.input.today, p.p0) - p.p0;
  const last = Math.min(p.deadline.get(subjectId) as number, p.p1 + 1) - p.p0;
  const out: CatchUpBlock[] = [];
  for (const chunk of r.leftover) {
    let placed = false;
    for (let pass = 0; pass < 2 && !placed; pass++) {
      for (let d = first; d < last && !placed; d++) {
        const tpl = p.templates[weekdayOf(p.p0 + d)] as DayTemplate;
        if (pass === 0 && !tpl.enabled) continue;
        const from = Math.max(
          firstHalf(p, p.p0 + d),
          pass === 0 ? Math.ceil(tpl.windowStart / 30) : FALLBACK_WINDOW.start,
        );
        const to = pass === 0 ? Math.floor(tpl.windowEnd / 30) : FALLBACK_WINDOW.end;
        for (let h = from; h + chunk.len <= to; h++) {
          if (!isFree(grid, d, h, chunk.len)) continue;
          book(grid, d, h, chunk.len, subjectId, days);
          out.push({
            sourceId: chunk.session.id,
            subjectId,
            topicId: chunk.session.topicId,
            day: p.p0 + d,
            start: h * 30,
            end: (h + chunk.len) * 30,
          });
          placed = true;
          break;
        }
      }
    }
    if (!placed) return null;
  }
  return out;
}

/** True when `after` leaves short no subject but those of `allowed`. */
const onlyShort = (after: Run, allowed: number[]) => after.short.every((s) => allowed.includes(s));

interface Offer extends TradeOffOption {
  apply(): { run: Run; extra: CatchUpBlock[]; dropped: number[]; exam?: string };
}

function offersFor(p: Prepared, base: Run): Offer[] {
  const offers: Offer[] = [];
  for (const k of base.short) {
    const subject = p.input.subjects.find((s) => s.id === k) as CatchUpSubject;
    const r = base.subjects.get(k) as SubjectRun;
    const others = base.short.filter((s) => s !== k);
    const missingHours = r.leftover.reduce((s, c) => s + c.len, 0) / 2;
    const extra = addTime(p, base.grid, k, r);
    if (extra && extra.length > 0) {
      const days = new Set(extra.map((b) => b.day));
      offers.push({
        id: `add-time:${k}`,
        kind: 'add-time',
        subjectId: k,
        subject: subject.name,
        notice: notice('tradeoff_add_time', {
          subject: subject.name,
          addHours: missingHours,
          blockDate: isoDate(Math.min(...days)),
          count: days.size,
        }),
        apply: () => ({ run: base, extra, dropped: [] }),
      });
    }
    const exam = subject.examDate ? dayNumber(subject.examDate) : Number.NaN;
    if (!Number.isNaN(exam)) {
      // The earliest later exam day by which every subject's work fits, within the period + 1.
      for (let day = Math.max(exam, p.input.today) + 1; day <= p.p1 + 1; day++) {
        const moved = run(p, { deadlines: new Map([[k, day]]) });
        if (moved.short.includes(k) || !onlyShort(moved, others)) continue;
        const newDate = isoDate(day);
        offers.push({
          id: `move-exam:${k}:${newDate}`,
          kind: 'move-exam',
          subjectId: k,
          subject: subject.name,
          notice: notice('tradeoff_move_exam', {
            subject: subject.name,
            examDate: subject.examDate as string,
            newDate,
          }),
          apply: () => ({ run: moved, extra: [], dropped: [], exam: newDate }),
        });
        break;
      }
    }
    const total = subject.topics.length;
    const active = subject.topics.filter((t) => !t.dropped).length;
    const seen = new Set<number>();
    for (const c of r.leftover) {
      const topicId = c.session.topicId;
      if (topicId === null || seen.has(topicId)) continue;
      seen.add(topicId);
      const topic = subject.topics.find((t) => t.id === topicId);
      if (!topic || topic.dropped) continue;
      const without = run(p, { exclude: new Set([topicId]) });
      if (without.short.includes(k) || !onlyShort(without, others)) continue;
      offers.push({
        id: `drop-topic:${topicId}`,
        kind: 'drop-topic',
        subjectId: k,
        subject: subject.name,
        notice: notice('tradeoff_drop_topic', {
          subject: subject.name,
          topic: topic.name,
          percent: total > 0 ? Math.round((100 * Math.max(0, active - 1)) / total) : 0,
        }),
        apply: () => ({ run: without, extra: [], dropped: [topicId] }),
      });
    }
  }
  return offers;
}

const publicOffer = ({ apply: _apply, ...o }: Offer): TradeOffOption => o;

/**
 * Re-plans the unfinished work. Without `choice`: when every subject's work fits, its
 * catch-up sessions; otherwise nothing to change and the trade-offs. With `choice` (an offered
 * id): that trade-off applied, with every subject whose work fits; 'not-offered' when the id is
 * not among the trade-offs offered now.
 */
export function catchUp(input: CatchUpInput, choice?: string): CatchUpResult | 'not-offered' {
  const p = prepare(input);
  const nothingToDo = p.pending.size === 0 && p.ignored.length === 0;
  const base = run(p);
  const offers = offersFor(p, base);
  const empty: CatchUpResult = {
    blocks: [],
    carried: [],
    droppedTopics: [],
    examMoves: [],
    tradeOffs: offers.map(publicOffer),
    nothingToDo,
  };
  let chosen: Offer | undefined;
  if (choice !== undefined) {
    chosen = offers.find((o) => o.id === choice);
    if (!chosen) return 'not-offered';
  } else if (base.short.length > 0) {
    return empty;
  }
  const applied = chosen ? chosen.apply() : { run: base, extra: [], dropped: [] as number[] };
  const held = new Set(applied.run.short.filter((s) => s !== chosen?.subjectId));
  const blocks: CatchUpBlock[] = [];
  const carried = [...p.ignored];
  for (const [id, r] of applied.run.subjects) {
    if (held.has(id)) continue;
    blocks.push(...r.blocks);
    for (const item of [...r.items, ...r.excluded]) carried.push(item.session.id);
  }
  blocks.push(...applied.extra);
  blocks.sort((a, b) => a.day - b.day || a.start - b.start || a.sourceId - b.sourceId);
  return {
    blocks,
    carried: [...new Set(carried)].sort((a, b) => a - b),
    droppedTopics: applied.dropped,
    examMoves:
      chosen && 'exam' in applied && applied.exam
        ? [{ subjectId: chosen.subjectId, examDate: applied.exam }]
        : [],
    tradeOffs: offers.filter((o) => held.has(o.subjectId)).map(publicOffer),
    nothingToDo,
  };
}

/**
 * Free study hours left from now until each subject's deadline: per day, the allowed
 * half-hours not booked, capped by the day's hours less what is booked.
 */
export function freeHoursBeforeDeadlines(input: CatchUpInput): Map<number, number> {
  const p = prepare(input);
  const days = p.p1 - p.p0 + 1;
  const perDay: number[] = [];
  for (let d = 0; d < days; d++) {
    const day = p.p0 + d;
    const tpl = p.templates[weekdayOf(day)] as DayTemplate;
    if (day < input.today || !tpl.enabled) {
      perDay.push(0);
      continue;
    }
    const allowed = p.allowed[weekdayOf(day)] as boolean[];
    let free = 0;
    for (let h = firstHalf(p, day); h < H; h++) if (allowed[h] && !p.busy[d * H + h]) free++;
    perDay.push(Math.max(0, Math.min(free / 2, tpl.hours - (p.used[d] as number) / 60)));
  }
  const out = new Map<number, number>();
  for (const s of input.subjects) {
    const end = Math.min(p.deadline.get(s.id) as number, p.p1 + 1) - p.p0;
    let sum = 0;
    for (let d = 0; d < end; d++) sum += perDay[d] as number;
    out.set(s.id, sum);
  }
  return out;
}
