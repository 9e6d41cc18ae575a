import type { TestClient } from './harness.js';

async function ok<T>(
  p: Promise<{ statusCode: number; body: string; json(): unknown }>,
  status: number,
): Promise<T> {
  const r = await p;
  if (r.statusCode !== status)
    throw new Error(`expected ${status}, got ${r.statusCode}: ${r.body}`);
  return r.json() as T;
}

/** A plan with one subject, one topic (and its generated lesson) and one session. */
export async function createPlanTree(client: TestClient, name = 'Finals') {
  const plan = await ok<{ id: number }>(
    client.post('/api/generic/CreateStudyProgram', {
      name,
      deadline: '2027-01-20',
      description: 'Winter exams',
    }),
    201,
  );
  const subject = await ok<{ id: number }>(
    client.post('/subjects', { studyPlanId: plan.id, name: 'Calculus' }),
    201,
  );
  const topic = await ok<{ id: number; lessonId: number }>(
    client.post('/topics', {
      subjectId: subject.id,
      name: 'Derivatives',
      deepDiveContent: '<p>The derivative of $x^2$ is $2x$. It measures the rate of change.</p>',
    }),
    201,
  );
  const session = await ok<{ id: number }>(
    client.post('/api/generic/CreateStudySession', {
      studyPlan: plan.id,
      subject: subject.id,
      topic: topic.id,
      title: 'Derivatives',
      startDateTime: '2026-12-01T16:00:00Z',
      endDateTime: '2026-12-01T17:30:00Z',
      notes: 'Chapter 3',
      reminder: true,
    }),
    201,
  );
  return { plan, subject, topic, lessonId: topic.lessonId, session };
}
