import { firstJsDay, type StudySession } from '@studybuddy/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { addDays } from 'date-fns';
import { useEffect } from 'react';
import { busyTimesQueryOptions } from '@/features/busy-times/api/get-busy-times';
import { busyIntervalsQueryOptions } from '@/features/calendars/api/calendars';
import { dueFlashcardsQueryOptions } from '@/features/flashcards/api/get-due-flashcards';
import { flashcardsQueryOptions } from '@/features/flashcards/api/get-flashcards';
import { lessonQueryOptions } from '@/features/lessons/api/get-lesson';
import { reviewsQueryOptions } from '@/features/lessons/api/get-reviews';
import { planQueryOptions } from '@/features/plans/api/get-plan';
import { plansQueryOptions } from '@/features/plans/api/get-plans';
import { profileQueryOptions } from '@/features/profile/api/get-profile';
import { progressQueryOptions } from '@/features/progress/api/get-progress';
import { quizResultsQueryOptions } from '@/features/quizzes/api/get-quiz-results';
import { useSessions } from '@/features/study-sessions/api/get-sessions';
import { toDateParam, weekDays, weekStartOf } from '@/features/study-sessions/utils/week';
import { subjectQueryOptions } from '@/features/subjects/api/get-subject';
import { topicQueryOptions } from '@/features/topics/api/get-topic';
import { useOnline } from '@/hooks/use-online';

/** The days ahead whose lessons and cards are kept for reading offline. */
export const OFFLINE_DAYS_AHEAD = 7;
/** At most this many topics are fetched ahead: a crowded week still syncs in moments. */
const MOST_TOPICS = 40;
/** What was fetched this recently is not fetched again for the offline copy. */
const FRESH_MS = 5 * 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The topics of the sessions from the start of today to OFFLINE_DAYS_AHEAD days on, in the
 * order they come, each once, and their plans (a topic's screen finds it through its plan).
 */
export function topicsAhead(
  sessions: readonly StudySession[],
  now: Date,
): { topicIds: number[]; planIds: number[] } {
  const from = new Date(now);
  from.setHours(0, 0, 0, 0);
  const to = from.getTime() + OFFLINE_DAYS_AHEAD * DAY_MS;
  const topicIds: number[] = [];
  const planIds: number[] = [];
  for (const s of [...sessions].sort((a, b) => a.startTime.localeCompare(b.startTime))) {
    const at = new Date(s.startTime).getTime();
    if (s.topicId === null || at < from.getTime() || at >= to || topicIds.includes(s.topicId))
      continue;
    topicIds.push(s.topicId);
    if (!planIds.includes(s.planId)) planIds.push(s.planId);
    if (topicIds.length === MOST_TOPICS) break;
  }
  return { topicIds, planIds };
}

/**
 * The date ranges the calendar asks busy time for over the next OFFLINE_DAYS_AHEAD days: the
 * week of today and the week after (week view), and each day (the phone's day view).
 */
export function calendarRanges(now: Date, startsOn: 0 | 1): Array<[string, string]> {
  const ranges: Array<[string, string]> = [];
  const thisWeek = weekStartOf(now, startsOn);
  for (const start of [thisWeek, addDays(thisWeek, 7)]) {
    const days = weekDays(start);
    ranges.push([toDateParam(days[0] as Date), toDateParam(days.at(-1) as Date)]);
  }
  const today = new Date(now);
  today.setHours(12, 0, 0, 0);
  for (let i = 0; i < OFFLINE_DAYS_AHEAD; i++) {
    const day = toDateParam(new Date(today.getTime() + i * DAY_MS));
    ranges.push([day, day]);
  }
  return ranges;
}

/**
 * Fetches what the next days need offline into the cache (the offline copy keeps it): the
 * plans, progress, typed busy time and profile, the plans of the sessions ahead, and for each
 * topic ahead its subject, its lessons with their cards, the cards due, the notes and the quiz results. One request at a time, so the student's own screens go first.
 */
async function syncAhead(
  client: QueryClient,
  sessions: readonly StudySession[],
  cancelled: () => boolean,
): Promise<void> {
  // A background copy: a fetch that fails (the signal went mid-sync, a busy server) is no news
  // for the student, who is looking at something else. It opened the error dialog on top of the
  // screen when the phone went offline mid-sync (found by a slow CI run of the living-plan
  // journey), and it never shows the loading overlay.
  const fresh = { staleTime: FRESH_MS, meta: { handlesOwnErrors: true, silent: true } };
  // Each its own call: a list of options of different answers has no one type to prefetch.
  const overview = [
    () => client.prefetchQuery({ ...plansQueryOptions(), ...fresh }),
    () => client.prefetchQuery({ ...progressQueryOptions(), ...fresh }),
    () => client.prefetchQuery({ ...busyTimesQueryOptions(), ...fresh }),
    () => client.prefetchQuery({ ...profileQueryOptions(), ...fresh }),
  ];
  for (const prefetch of overview) {
    if (cancelled()) return;
    await prefetch();
  }
  // The calendar's busy time (typed and imported) as its views ask for it: this week and the
  // next in the week view, each of the next days in the phone's day view.
  const profile = client.getQueryData(profileQueryOptions().queryKey);
  for (const [from, to] of calendarRanges(new Date(), firstJsDay(profile?.weekStartsOn))) {
    if (cancelled()) return;
    await client.prefetchQuery({ ...busyIntervalsQueryOptions(from, to), ...fresh });
  }
  const { topicIds, planIds } = topicsAhead(sessions, new Date());
  for (const planId of planIds) {
    if (cancelled()) return;
    await client.prefetchQuery({ ...planQueryOptions(planId), ...fresh });
  }
  for (const topicId of topicIds) {
    if (cancelled()) return;
    const topic = await client
      .fetchQuery({ ...topicQueryOptions(topicId), ...fresh })
      .catch(() => undefined);
    if (!topic) continue;
    // The topic's screen names its subject and links the lesson through it.
    await client.prefetchQuery({ ...subjectQueryOptions(topic.subjectId), ...fresh });
    for (const lesson of topic.lessons) {
      if (cancelled()) return;
      await client.prefetchQuery({ ...lessonQueryOptions(lesson.id), ...fresh });
      await client.prefetchQuery({ ...flashcardsQueryOptions(lesson.id), ...fresh });
      await client.prefetchQuery({ ...dueFlashcardsQueryOptions(lesson.id), ...fresh });
      await client.prefetchQuery({ ...reviewsQueryOptions(lesson.id), ...fresh });
      await client.prefetchQuery({ ...quizResultsQueryOptions(lesson.id), ...fresh });
    }
  }
}

/**
 * Keeps the next week readable with no signal (docs/architecture.md, The phone): whenever the
 * sessions are read online, what they lead to is fetched after the screen has settled.
 */
export default function OfflineSync() {
  const client = useQueryClient();
  const online = useOnline();
  const sessions = useSessions();
  const { data, dataUpdatedAt } = sessions;

  useEffect(() => {
    if (!online || !data || dataUpdatedAt === 0) return;
    let stopped = false;
    // After the screen's own requests: the sync is for later, not for this screen.
    const timer = setTimeout(() => void syncAhead(client, data, () => stopped), 2000);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [client, online, data, dataUpdatedAt]);

  return null;
}
