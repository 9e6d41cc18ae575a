import {
  type BusyClash,
  type BusyTime,
  type CheckInInput,
  CLASHES_LIST_MAX,
  formatClock,
  LIVING_PLAN_MESSAGES,
  parseClock,
  type ReplanInput,
  type ReplanResult,
  type StudySession,
  type SubjectReadiness,
} from '@studybuddy/contracts';
import {
  type CatchUpInput,
  type CheckInState,
  catchUp,
  freeHoursBeforeDeadlines,
  type LocalSession,
} from '../../domain/planner/catch-up.js';
import { clashingSessions } from '../../domain/planner/clashes.js';
import { dayNumber, isoDate } from '../../domain/planner/dates.js';
import { subjectReadiness } from '../../domain/planner/readiness.js';
import { storedWeek } from '../../domain/planner/stored-week.js';
import { meanRecall } from '../../domain/srs/srs.js';
import { fromZoned, toZoned } from '../../domain/time/zoned.js';
import { AppError } from '../../platform/app-error.js';
import { localBusy } from '../busy-times/index.js';
import type { LivingPlanRepository } from './living-plan.repository.js';

type Plan = NonNullable<Awaited<ReturnType<LivingPlanRepository['findPlan']>>>;
type SessionRow = Awaited<ReturnType<LivingPlanRepository['listPlanSessions']>>[number];
/** What a session's local view needs (a plan's session, or one of the sessions ahead). */
type LocalSessionRow = Pick<
  SessionRow,
  | 'id'
  | 'subjectId'
  | 'topicId'
  | 'startAt'
  | 'endAt'
  | 'checkInStatus'
  | 'minutesDone'
  | 'carriedOver'
>;

/** The catch-up's view of a plan's stored wizard input; null for a plan made by hand. */
function sourceOf(plan: Plan): CatchUpInput['source'] | null {
  return storedWeek(plan.sourceInput);
}

const badRequest = (message: string) => new AppError(400, 'validation_failed', message);
const sessionNotFound = () => AppError.notFound('Study session not found.');
const planNotFound = () => AppError.notFound('Study plan not found.');
const DAY_MS = 86_400_000;
/**
 * The clashes look at this many sessions ahead at most (the earliest): a year-long plan holds a
 * few hundred, and the list answers within a bounded time for any student.
 */
const SESSIONS_AHEAD_MAX = 3000;

export interface LivingPlanDeps {
  repo: LivingPlanRepository;
  /** The session as the calendar reads it (the study-sessions feature's DTO; 404 if none). */
  readSession(userId: number, id: number): Promise<StudySession>;
  /** The student's busy time (the busy-times feature): a re-plan books none of it. */
  listBusyTimes(userId: number): Promise<BusyTime[]>;
  /** The clock; tests set "now" to a later day. */
  now?: () => Date;
}

export function createLivingPlanService(deps: LivingPlanDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  /** A wall-clock view of an instant in the plan's zone: day number and minute. */
  function local(iso: string, tz: string) {
    const z = toZoned(new Date(iso), tz);
    return { date: z.date, day: dayNumber(z.date), minute: parseClock(z.time) };
  }

  function localSession(s: LocalSessionRow, tz: string): LocalSession {
    const start = local(s.startAt, tz);
    const end = local(s.endAt, tz);
    return {
      id: s.id,
      subjectId: s.subjectId,
      topicId: s.topicId,
      day: start.day,
      start: start.minute,
      end: end.day === start.day ? end.minute : 1440,
      checkIn: (s.checkInStatus ?? null) as CheckInState,
      minutesDone: s.minutesDone,
      carriedOver: s.carriedOver === 1,
    };
  }

  /** The student's busy time on the local days from..to of `tz`, as the catch-up reads it. */
  function busyIntervals(busyTimes: BusyTime[], from: string, to: string, tz: string) {
    const occurrences = localBusy(busyTimes, from, to, tz);
    return {
      occurrences,
      intervals: occurrences.map((b) => ({
        day: dayNumber(b.date),
        start: parseClock(b.startTime),
        end: parseClock(b.endTime),
      })),
    };
  }

  /** Everything a re-plan and the readiness read about one plan, at `at`. */
  async function load(userId: number, plan: Plan, at: Date) {
    const tz = plan.timeZone ?? 'UTC';
    const [subjects, topics, sessions, busy, busyTimes] = await Promise.all([
      repo.listSubjects(userId, plan.id),
      repo.listTopics(userId, plan.id),
      repo.listPlanSessions(userId, plan.id),
      repo.listOtherBusy(userId, plan.id, new Date(at.getTime() - DAY_MS).toISOString()),
      deps.listBusyTimes(userId),
    ]);
    const source = sourceOf(plan);
    // The student's own busy time over the plan's period, in the plan's zone.
    const busyOfStudent = source
      ? busyIntervals(busyTimes, source.period.start, source.period.end, tz).intervals
      : [];
    const nowLocal = local(at.toISOString(), tz);
    // Sessions ahead that the student's busy time now covers wait like missed ones (clashes).
    const locals = sessions.map((s) => localSession(s, tz));
    const clashing = clashingSessions(locals, busyOfStudent, nowLocal.day, nowLocal.minute);
    for (const s of locals) if (clashing.has(s.id)) s.covered = true;
    const input: CatchUpInput | null = source && {
      source,
      today: nowLocal.day,
      nowMinute: nowLocal.minute,
      subjects: subjects.map((s) => ({
        id: s.id,
        name: s.name,
        examDate: s.examDate,
        topics: topics
          .filter((t) => t.subjectId === s.id)
          .map((t) => ({ id: t.id, name: t.name, dropped: t.dropped === 1 })),
      })),
      sessions: locals,
      busy: [
        ...busy.map((b) => {
          const start = local(b.startAt, tz);
          const end = local(b.endAt, tz);
          return {
            day: start.day,
            start: start.minute,
            end: end.day === start.day ? end.minute : 1440,
          };
        }),
        ...busyOfStudent,
      ],
    };
    return { tz, subjects, topics, sessions, locals, source, input, today: nowLocal.date };
  }

  async function readinessOf(
    userId: number,
    plan: Plan,
    at: Date,
    loaded?: Awaited<ReturnType<typeof load>>,
  ): Promise<SubjectReadiness[]> {
    const data = loaded ?? (await load(userId, plan, at));
    const cards = await repo.listCards(userId, plan.id);
    const { tz, subjects, topics, sessions, locals, source, input } = data;
    // A plan made by hand has no stored period: its sessions' days and its deadline stand in.
    const days = locals.map((s) => s.day).filter((d) => !Number.isNaN(d));
    const period = source?.period ?? {
      start: days.length > 0 ? isoDate(Math.min(...days)) : data.today,
      end: plan.deadline ?? (days.length > 0 ? isoDate(Math.max(...days)) : data.today),
    };
    const free = input ? freeHoursBeforeDeadlines(input) : new Map<number, number>();
    return subjects.map((s) => {
      const deadlineDate = s.examDate ?? period.end;
      const deadlineDay = s.examDate ? dayNumber(s.examDate) : dayNumber(period.end) + 1;
      const mine = sessions.flatMap((row, i) =>
        row.subjectId === s.id ? [{ row, day: (locals[i] as LocalSession).day }] : [],
      );
      return subjectReadiness({
        subjectId: s.id,
        subject: s.name,
        examDate: s.examDate,
        period,
        hoursNeeded: s.hoursNeeded,
        weeklyHours: s.weeklyHours,
        sessions: mine.map(({ row, day }) => ({
          hours: (Date.parse(row.endAt) - Date.parse(row.startAt)) / 3_600_000,
          topicId: row.topicId,
          kind: row.kind,
          checkIn: (row.checkInStatus ?? null) as CheckInState,
          minutesDone: row.minutesDone,
          future: Date.parse(row.startAt) >= at.getTime(),
          beforeDeadline: day < deadlineDay,
        })),
        topics: topics
          .filter((t) => t.subjectId === s.id)
          .map((t) => ({ id: t.id, dropped: t.dropped === 1 })),
        freeHours: free.get(s.id) ?? 0,
        recall: meanRecall(
          cards.filter((c) => c.subjectId === s.id),
          fromZoned(deadlineDate, '00:00', tz),
        ),
      });
    });
  }

  async function activePlan(userId: number, planId: number): Promise<Plan> {
    const plan = await repo.findPlan(userId, planId);
    if (!plan) throw planNotFound();
    if (plan.status !== 'active') throw badRequest(LIVING_PLAN_MESSAGES.notAccepted);
    return plan;
  }

  return {
    /** Records how a past session went; checking in again overwrites. */
    async checkIn(userId: number, id: number, input: CheckInInput): Promise<StudySession> {
      const session = await repo.findActiveSession(userId, id);
      if (!session) throw sessionNotFound();
      const at = now();
      if (Date.parse(session.startAt) > at.getTime()) {
        throw badRequest(LIVING_PLAN_MESSAGES.notStarted);
      }
      const length = (Date.parse(session.endAt) - Date.parse(session.startAt)) / 60_000;
      if (input.status === 'partial' && (input.minutesDone ?? 0) > length) {
        throw AppError.validation(LIVING_PLAN_MESSAGES.minutesOverLength, [
          { path: 'minutesDone', message: LIVING_PLAN_MESSAGES.minutesOverLength },
        ]);
      }
      await repo.checkIn(userId, id, {
        checkInStatus: input.status,
        minutesDone: input.status === 'partial' ? (input.minutesDone ?? null) : null,
        rating: input.rating ?? null,
        checkedInAt: at.toISOString(),
      });
      return deps.readSession(userId, id);
    },

    /** Re-places the unfinished work, or offers trade-offs; with `choice`, applies one. */
    async replan(userId: number, planId: number, body: ReplanInput): Promise<ReplanResult> {
      const plan = await activePlan(userId, planId);
      const at = now();
      const data = await load(userId, plan, at);
      if (!data.input) throw badRequest(LIVING_PLAN_MESSAGES.handMade);
      const result = catchUp(data.input, body.choice);
      if (result === 'not-offered') throw badRequest(LIVING_PLAN_MESSAGES.choiceNotOffered);
      const byId = new Map(data.sessions.map((s) => [s.id, s]));
      const names = new Map(data.subjects.map((s) => [s.id, s.name]));
      const instant = (day: number, minute: number) =>
        fromZoned(isoDate(day), formatClock(minute), data.tz).toISOString();
      // A covered session moves to the first place found for its work (the rest of a long one
      // becomes catch-up sessions); it is not carried over, since it still holds that work.
      const covered = new Set(data.locals.filter((s) => s.covered).map((s) => s.id));
      const moved = new Set<number>();
      const moves: Array<{ id: number; startAt: string; endAt: string; from: string }> = [];
      const added: typeof result.blocks = [];
      for (const b of result.blocks) {
        if (covered.has(b.sourceId) && !moved.has(b.sourceId)) {
          moved.add(b.sourceId);
          moves.push({
            id: b.sourceId,
            startAt: instant(b.day, b.start),
            endAt: instant(b.day, b.end),
            from: byId.get(b.sourceId)?.startAt as string,
          });
        } else added.push(b);
      }
      const carried = result.carried.filter((id) => !moved.has(id));
      const changed =
        added.length +
          moves.length +
          carried.length +
          result.droppedTopics.length +
          result.examMoves.length >
        0;
      const ids = changed
        ? await repo.applyReplan(
            userId,
            planId,
            {
              sessions: added.map((b) => ({
                subjectId: b.subjectId,
                topicId: b.topicId,
                title: byId.get(b.sourceId)?.title ?? names.get(b.subjectId) ?? '',
                startAt: instant(b.day, b.start),
                endAt: instant(b.day, b.end),
              })),
              moves: moves.map(({ from: _f, ...m }) => m),
              carried,
              droppedTopics: result.droppedTopics,
              examMoves: result.examMoves,
            },
            at.toISOString(),
          )
        : [];
      if (ids === null)
        throw new AppError(
          409,
          'validation_failed',
          'The plan was re-planned meanwhile. Try again.',
        );
      const readiness = await readinessOf(userId, plan, at, changed ? undefined : data);
      const subjectOf = (id: number) => names.get(byId.get(id)?.subjectId ?? -1) ?? '';
      return {
        moved: [
          ...moves.map((m) => ({
            sessionId: m.id,
            subject: subjectOf(m.id),
            from: m.from,
            to: m.startAt,
          })),
          ...added.map((b, i) => ({
            sessionId: ids[i] as number,
            subject: names.get(b.subjectId) ?? '',
            from: byId.get(b.sourceId)?.startAt as string,
            to: instant(b.day, b.start),
          })),
        ],
        added: [],
        removed: [],
        tradeOffs: result.tradeOffs.map(({ subjectId: _s, ...t }) => t),
        readiness,
      };
    },

    /**
     * The sessions ahead, of accepted plans, that the student's busy time covers (typed or
     * imported), earliest first: what adding or changing busy time put a session under.
     */
    async clashes(userId: number): Promise<BusyClash[]> {
      const at = now();
      const rows = await repo.listSessionsAhead(userId, at.toISOString(), SESSIONS_AHEAD_MAX);
      if (rows.length === 0) return [];
      const busyTimes = await deps.listBusyTimes(userId);
      if (busyTimes.length === 0) return [];
      const titles = new Map(busyTimes.map((b) => [b.id, b.title]));
      const out: BusyClash[] = [];
      for (const tz of new Set(rows.map((r) => r.timeZone ?? 'UTC'))) {
        const mine = rows.filter((r) => (r.timeZone ?? 'UTC') === tz);
        const locals = mine.map((r) => localSession(r, tz));
        const dates = mine.map((r) => local(r.startAt, tz).date).sort();
        const { occurrences, intervals } = busyIntervals(
          busyTimes,
          dates[0] as string,
          dates.at(-1) as string,
          tz,
        );
        const nowLocal = local(at.toISOString(), tz);
        const hits = clashingSessions(locals, intervals, nowLocal.day, nowLocal.minute);
        for (const r of mine) {
          const hit = hits.get(r.id);
          if (hit === undefined) continue;
          out.push({
            sessionId: r.id,
            planId: r.planId,
            planName: r.planName,
            subject: r.subject ?? '',
            title: r.title,
            startAt: r.startAt,
            endAt: r.endAt,
            busyTitle: titles.get(occurrences[hit]?.busyId ?? 0) ?? '',
            canReplan: r.sourceInput !== null,
          });
        }
      }
      return out
        .sort((a, b) => a.startAt.localeCompare(b.startAt) || a.sessionId - b.sessionId)
        .slice(0, CLASHES_LIST_MAX);
    },

    /** Per subject: whether the student will be ready by the deadline. */
    async readiness(userId: number, planId: number): Promise<SubjectReadiness[]> {
      const plan = await repo.findPlan(userId, planId);
      if (!plan) throw planNotFound();
      return readinessOf(userId, plan, now());
    },
  };
}
export type LivingPlanService = ReturnType<typeof createLivingPlanService>;
