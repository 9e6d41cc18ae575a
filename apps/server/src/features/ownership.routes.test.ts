import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPlanTree } from '../testing/fixtures.js';
import { createTestApp, dbKinds, type TestApp, TestClient } from '../testing/harness.js';

/**
 * Every route with an id, tried by a second student on the first student's data: always 404
 * (never 403, so ids do not leak), and the first student's data is unchanged afterwards.
 */
describe.each(dbKinds)('ownership on %s', (kind) => {
  let t: TestApp;
  let ana: TestClient;
  let eve: TestClient;
  let tree: Awaited<ReturnType<typeof createPlanTree>>;
  let busyId: number;
  const busyForm = {
    kind: 'lecture',
    title: 'Lecture',
    date: '2026-12-07',
    startTime: '10:00',
    endTime: '12:00',
  };

  beforeEach(async () => {
    t = await createTestApp(kind);
    ana = new TestClient(t.app);
    eve = new TestClient(t.app);
    await ana.registerAndLogin();
    await eve.registerAndLogin({ username: 'eve', email: 'eve@example.com' });
    tree = await createPlanTree(ana);
    await ana.post(`/review/lesson/${tree.lessonId}`, { rating: 5, comment: 'Mine' });
    busyId = (await ana.post('/api/busy-times', busyForm)).json().id;
  });
  afterEach(async () => t.close());

  it('answers 404 to every route touching another student’s data and changes nothing', async () => {
    const snapshot = async () => ({
      plan: (await ana.get(`/api/generic/GetStudyProgramById/${tree.plan.id}`)).json(),
      sessions: (await ana.get('/api/generic/GetStudySessionDto')).json(),
      reviews: (await ana.get(`/review/lesson/${tree.lessonId}`)).json(),
      lesson: (await ana.get(`/lessons/${tree.lessonId}`)).json(),
      busy: (await ana.get('/api/busy-times')).json(),
    });
    const before = await snapshot();
    const { plan, subject, topic, session, lessonId } = tree;
    const eveOwn = await createPlanTree(eve, 'Eve');
    const sessionForm = {
      studyPlan: plan.id,
      subject: subject.id,
      topic: topic.id,
      title: 'x',
      startDateTime: '2026-12-05T10:00:00Z',
      endDateTime: '2026-12-05T11:00:00Z',
    };
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/generic/GetStudyProgramById/${plan.id}`],
      ['PUT', `/api/generic/UpdateStudyProgram/${plan.id}`, { name: 'pwned' }],
      ['DELETE', `/api/generic/DeleteStudyProgram/${plan.id}`],
      ['GET', `/subjects?planId=${plan.id}`],
      ['GET', `/subjects/${subject.id}`],
      ['PUT', `/subjects/${subject.id}`, { name: 'pwned' }],
      ['DELETE', `/subjects/${subject.id}`],
      ['POST', '/subjects', { studyPlanId: plan.id, name: 'intruder' }],
      ['GET', `/api/generic/GetTopicsBySubjectId/${subject.id}`],
      ['GET', `/topics/${topic.id}`],
      ['PUT', `/topics/${topic.id}`, { completed: true }],
      ['DELETE', `/topics/${topic.id}`],
      ['POST', '/topics', { subjectId: subject.id, name: 'intruder' }],
      ['GET', `/lessons/${lessonId}`],
      ['GET', `/review/lesson/${lessonId}`],
      ['POST', `/review/lesson/${lessonId}`, { rating: 1, comment: 'bad' }],
      [
        'PUT',
        `/api/generic/UpdateStudySession/${session.id}`,
        {
          ...sessionForm,
          studyPlan: eveOwn.plan.id,
          subject: eveOwn.subject.id,
          topic: eveOwn.topic.id,
        },
      ],
      ['DELETE', `/api/generic/DeleteStudySession/${session.id}`],
      [
        'PUT',
        `/api/sessions/${session.id}/time`,
        { startDateTime: sessionForm.startDateTime, endDateTime: sessionForm.endDateTime },
      ],
      ['PUT', `/api/busy-times/${busyId}`, { ...busyForm, title: 'pwned' }],
      ['DELETE', `/api/busy-times/${busyId}`],
    ];
    for (const [method, url, payload] of attempts) {
      const r = await eve.request({
        method: method as 'GET',
        url,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(r.statusCode, `${method} ${url}`).toBe(404);
      expect(r.json().code, `${method} ${url}`).toBe('not_found');
    }
    // Placing a session on someone else's plan is refused without saying whose it is.
    const placed = await eve.post('/api/generic/CreateStudySession', sessionForm);
    expect(placed.statusCode).toBe(400);

    // Lists show only one's own rows.
    const evePlans = (await eve.get('/api/generic/GetStudyProgramOfUser')).json();
    expect(evePlans.map((p: { name: string }) => p.name)).toEqual(['Eve']);
    const eveSessions = (await eve.get('/api/generic/GetStudySessionDto')).json();
    expect(eveSessions.every((s: { planId: number }) => s.planId === eveOwn.plan.id)).toBe(true);
    expect((await eve.get('/api/busy-times')).json()).toEqual([]);
    const eveProgress = (await eve.get('/api/progress')).json();
    expect(eveProgress.map((p: { planId: number }) => p.planId)).toEqual([eveOwn.plan.id]);

    expect(await snapshot()).toEqual(before);
  });
});
