import {
  type BusyTime,
  estimateHoursNeeded,
  estimateWeeklyHours,
  type Notice,
  type WeekStart,
} from '@studybuddy/contracts';
import type { FileReaders } from '../../adapters/files/ingest.js';
import { notice } from '../../domain/notices.js';
import {
  blockTitle,
  type PlannerInput,
  type PlannerOutput,
  planTexts,
} from '../../domain/planner/planner.js';
import { storedWeek } from '../../domain/planner/stored-week.js';
import { addDays, fromZoned, todayIn, toZoned } from '../../domain/time/zoned.js';
import { localBusy } from '../busy-times/index.js';
import type { PlacementRepository, PlacementRow } from './placement.repository.js';

export interface PlacementDeps {
  placement: PlacementRepository;
  /** The work pool plans on (a long plan is CPU work that would hold other requests). */
  readers: Pick<FileReaders, 'work'>;
  /** The student's busy time (typed and imported): no session goes on it. */
  listBusyTimes(userId: number): Promise<BusyTime[]>;
  weekStartOf(userId: number): Promise<WeekStart>;
}

/** What a placement did: sessions added, and what it could not do. */
export interface Placement {
  placed: number;
  notices: Notice[];
}

const HOUR_MS = 3_600_000;

/** A new plan's days without a class exam to end them: four weeks, as the wizard's default. */
const WEEKS_WITHOUT_EXAM = 4;

/** A week the placement reads (the stored wizard input's parts it needs). */
type Week = NonNullable<ReturnType<typeof storedWeek>>;

/**
 * A plan's stored wizard input for a class: `week` over a period from today (in `timeZone`) to
 * the class's last exam, or four weeks without one. It holds no subjects: the plan's own are
 * its subjects. Also the week a member gives a plan made by hand (PUT /api/classes/:id/week).
 */
export function classPlanWeek(
  week: Omit<Week, 'period'>,
  timeZone: string,
  lastExam: string | null,
  now: Date,
) {
  const start = todayIn(timeZone, now);
  const end = lastExam && lastExam > start ? lastExam : addDays(start, 7 * WEEKS_WITHOUT_EXAM);
  return {
    sourceInput: JSON.stringify({
      availability: week.availability,
      preferences: week.preferences,
      language: week.language,
      period: { start, end },
      subjects: [],
    }),
    timeZone,
  };
}

/**
 * The wizard input of a new plan for a class, from the student's newest smart-scheduler plan:
 * the same week (availability, session length, wishes, cap) and language, over a period from
 * today to the class's last exam (or four weeks); null when the student has no such plan, and
 * the new plan is then one made by hand.
 */
export async function weekForNewPlan(
  deps: PlacementDeps,
  userId: number,
  lastExam: string | null,
  now: Date,
): Promise<{ sourceInput: string; timeZone: string } | null> {
  const latest = await deps.placement.latestWizardPlan(userId);
  const input = storedWeek(latest?.sourceInput ?? null);
  if (!input) return null;
  return classPlanWeek(input, latest?.timeZone ?? 'UTC', lastExam, now);
}

/**
 * Places the study sessions of some subjects of a plan again, from tomorrow on, around
 * everything else (docs/classes.md, Placing a class): the subjects' sessions ahead that were not
 * checked in are replaced, every other session of the student (of any plan) and their busy time
 * are kept clear, and the plan's own week, session length and wishes apply. What a subject
 * still needs is its hours (the teacher's suggestion, else the estimate from its topics) less
 * the hours already done. Nothing else in the plan moves. A plan made by hand has no week to
 * place into: nothing is placed, and a notice says so.
 */
export async function placeSubjects(
  deps: PlacementDeps,
  userId: number,
  planId: number,
  subjectIds: readonly number[],
  now: Date,
): Promise<Placement> {
  const repo = deps.placement;
  const plan = await repo.findPlan(userId, planId);
  if (!plan) return { placed: 0, notices: [notice('class_plan_gone')] };
  const input = storedWeek(plan.sourceInput);
  if (!input || plan.status !== 'active')
    return { placed: 0, notices: [notice('class_plan_by_hand', { plan: plan.name })] };
  if (subjectIds.length === 0) return { placed: 0, notices: [] };
  const tz = plan.timeZone ?? 'UTC';
  const start = addDays(todayIn(tz, now), 1);
  const from = fromZoned(start, '00:00', tz).toISOString();

  const subjects = await repo.listSubjects(userId, planId, subjectIds);
  // A subject whose exam is tomorrow or earlier has no day left to place into.
  const open = subjects.filter((s) => s.examDate === null || s.examDate > start);
  if (open.length === 0) return { placed: 0, notices: [] };
  const ids = open.map((s) => s.id);
  const [topics, sessions] = await Promise.all([
    repo.listTopics(userId, ids),
    repo.listSubjectSessions(userId, ids),
  ]);
  // Replaced: the sessions ahead that were not checked in. Kept: everything past or checked in.
  const replaced = sessions.filter((s) => s.startAt >= from && s.checkInStatus === null);
  const hoursDone = new Map<number, number>();
  for (const s of sessions) {
    const hours =
      s.checkInStatus === 'done'
        ? (Date.parse(s.endAt) - Date.parse(s.startAt)) / HOUR_MS
        : s.checkInStatus === 'partial'
          ? (s.minutesDone ?? 0) / 60
          : 0;
    hoursDone.set(s.subjectId, (hoursDone.get(s.subjectId) ?? 0) + hours);
  }

  // The plan's period, or up to the last exam when the class's is later.
  const end = open.reduce(
    (last, s) => (s.examDate && s.examDate > last ? s.examDate : last),
    input.period.end,
  );
  if (end < start) return { placed: 0, notices: [] };
  const endAt = fromZoned(addDays(end, 1), '00:00', tz).toISOString();
  const replacedIds = new Set(replaced.map((s) => s.id));
  const others = await repo.listSessionsBetween(userId, from, endAt);
  const busy = [
    ...localBusy(await deps.listBusyTimes(userId), start, end, tz).map((b) => ({
      date: b.date,
      start: b.startTime,
      end: b.endTime,
    })),
    ...others.filter((s) => !replacedIds.has(s.id)).flatMap((s) => localPieces(s, tz)),
  ];

  const periodDays = Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;
  const length = input.preferences.sessionLength;
  const plannerSubjects: PlannerInput['subjects'] = [];
  const placedIds: number[] = [];
  const topicIdsOf: number[][] = [];
  for (const s of open) {
    const own = topics.filter((t) => t.subjectId === s.id);
    const estimate = {
      keyTopics: own.map((t) => t.name).join('\n'),
      fileBytes: [],
      priority: toPriority(s.priority),
    };
    const done = hoursDone.get(s.id) ?? 0;
    const need = s.examDate
      ? (s.hoursNeeded ?? estimateHoursNeeded({ ...estimate, hasExam: true }, length)) - done
      : null;
    // Less than half an hour left: the subject is done as far as the plan goes.
    if (need !== null && need < 0.5) continue;
    plannerSubjects.push({
      name: s.name,
      deadline: s.examDate ?? undefined,
      priority: toPriority(s.priority),
      topics: (own.length > 0 ? own : [{ name: s.name }]).map((t) => ({ name: t.name, size: 1 })),
      materials: [],
      hoursNeeded: need ?? undefined,
      weeklyHours:
        s.examDate === null
          ? (s.weeklyHours ?? estimateWeeklyHours(estimate, periodDays))
          : undefined,
    });
    placedIds.push(s.id);
    topicIdsOf.push(own.map((t) => t.id));
  }

  const result =
    plannerSubjects.length === 0
      ? undefined
      : await deps.readers.work.run<PlannerOutput>({
          kind: 'plan',
          input: {
            period: { start, end },
            availability: input.availability,
            subjects: plannerSubjects,
            preferences: input.preferences,
            busy,
            weekStart: await deps.weekStartOf(userId),
            language: input.language,
          },
        });
  const texts = planTexts(input.language);
  const at = now.toISOString();
  const rows: PlacementRow[] = (result?.blocks ?? []).map((b) => {
    const subject = plannerSubjects[b.subjectIndex];
    const topicIndex = b.topicIndexes[0];
    const topicId =
      topicIndex === undefined ? null : (topicIdsOf[b.subjectIndex]?.[topicIndex] ?? null);
    const topicName = topicIndex === undefined ? undefined : subject?.topics[topicIndex]?.name;
    return {
      userId,
      studyPlanId: planId,
      subjectId: placedIds[b.subjectIndex] as number,
      topicId,
      title: blockTitle(texts, b.kind, subject?.name, topicName),
      startAt: fromZoned(b.date, b.start, tz).toISOString(),
      endAt: fromZoned(b.date, b.end, tz).toISOString(),
      notes: null,
      reminder: 0,
      kind: b.kind,
      focus: JSON.stringify(b.focus),
      materials: JSON.stringify(b.materials),
      createdAt: at,
      updatedAt: at,
    };
  });
  await repo.replaceSessions(userId, [...replacedIds], rows);
  return { placed: rows.length, notices: result?.warnings ?? [] };
}

const toPriority = (p: number): 0 | 1 | 2 => (p === 0 ? 0 : p === 2 ? 2 : 1);

/** A session as busy time on the plan's local days (split at midnight; 24:00 ends a day). */
function localPieces(s: { startAt: string; endAt: string }, tz: string) {
  const a = toZoned(new Date(s.startAt), tz);
  const b = toZoned(new Date(s.endAt), tz);
  if (a.date === b.date) return [{ date: a.date, start: a.time, end: b.time }];
  const pieces = [{ date: a.date, start: a.time, end: '24:00' }];
  for (let d = addDays(a.date, 1); d < b.date; d = addDays(d, 1))
    pieces.push({ date: d, start: '00:00', end: '24:00' });
  if (b.time !== '00:00') pieces.push({ date: b.date, start: '00:00', end: b.time });
  return pieces;
}
