import type { ApiClient } from './api.js';

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

/**
 * A smart-scheduler proposal made through the API (not the wizard's screens): three weeks from
 * tomorrow, every day free from 16:00 to 21:00 for 2 h, 1-h sessions, the given subjects.
 * `accept` puts it on the calendar. Returns the plan's id.
 */
export async function generatedPlan(
  api: ApiClient,
  subjects: { name: string; keyTopics: string }[],
  opts: { accept?: boolean } = {},
): Promise<number> {
  const form = new FormData();
  const free = Array.from({ length: 24 }, (_, h) => h >= 16 && h < 21);
  form.set('period', JSON.stringify({ start: day(1), end: day(21) }));
  form.set(
    'availability',
    JSON.stringify(
      Array.from({ length: 7 }, (_, d) => ({
        day: d,
        enabled: true,
        hours: 2,
        startTime: '16:00',
        endTime: '21:00',
        slots: free,
      })),
    ),
  );
  form.set('subjects', JSON.stringify(subjects.map((s, i) => ({ ...s, subjectIndex: i }))));
  form.set('preferences', JSON.stringify({ sessionLength: 1, frontLoad: false, extraWishes: '' }));
  form.set('timeZone', 'UTC');
  const proposal = await api.post<{ planId: number }>('/api/ai/ProcessStudyMaterials', form);
  if (opts.accept) await api.post(`/api/ai/AcceptStudyPlan/${proposal.planId}`, {});
  return proposal.planId;
}

/**
 * A plan with one subject and one topic (and the topic's generated lesson), made through the API
 * for a journey that starts past the screens that build one. Returns their ids.
 */
export async function planWithTopic(
  api: ApiClient,
  names: { plan: string; subject: string; topic: string; deepDiveContent?: string },
): Promise<{
  plan: { id: number };
  subject: { id: number };
  topic: { id: number; lessonId: number };
}> {
  const plan = await api.post<{ id: number }>('/api/generic/CreateStudyProgram', {
    name: names.plan,
  });
  const subject = await api.post<{ id: number }>('/subjects', {
    studyPlanId: plan.id,
    name: names.subject,
  });
  const topic = await api.post<{ id: number; lessonId: number }>('/topics', {
    subjectId: subject.id,
    name: names.topic,
    ...(names.deepDiveContent === undefined ? {} : { deepDiveContent: names.deepDiveContent }),
  });
  return { plan, subject, topic };
}

/** YYYY-MM-DD of today plus `offset` days (UTC). */
export { day as dayFromToday };
