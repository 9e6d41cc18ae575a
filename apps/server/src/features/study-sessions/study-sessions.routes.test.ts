import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPlanTree } from '../../testing/fixtures.js';
import { createTestApp, dbKinds, type TestApp, TestClient } from '../../testing/harness.js';

describe.each(dbKinds)('study session routes on %s', (kind) => {
  let t: TestApp;
  let client: TestClient;
  let tree: Awaited<ReturnType<typeof createPlanTree>>;
  const form = () => ({
    studyPlan: tree.plan.id,
    subject: tree.subject.id,
    topic: tree.topic.id,
    title: 'Practice',
    startDateTime: '2026-12-03T10:00:00+02:00',
    endDateTime: '2026-12-03T11:00:00+02:00',
    notes: '',
    reminder: false,
  });

  beforeEach(async () => {
    t = await createTestApp(kind);
    client = new TestClient(t.app);
    await client.registerAndLogin();
    tree = await createPlanTree(client);
  });
  afterEach(async () => t.close());

  it('lists sessions earliest first with the calendar fields, times in UTC', async () => {
    const created = await client.post('/api/generic/CreateStudySession', form());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      day: '2026-12-03',
      startTime: '2026-12-03T08:00:00.000Z',
      endTime: '2026-12-03T09:00:00.000Z',
      subjectName: 'Calculus',
      topicName: 'Derivatives',
      topicId: tree.topic.id,
      planId: tree.plan.id,
      notes: null,
      title: 'Practice',
    });
    const list = (await client.get('/api/generic/GetStudySessionDto')).json();
    expect(list.map((s: { title: string }) => s.title)).toEqual(['Derivatives', 'Practice']);
    expect(list[0]).toMatchObject({ notes: 'Chapter 3', reminder: true });
  });

  it('updates and deletes a session', async () => {
    const id = tree.session.id;
    const r = await client.request({
      method: 'PUT',
      url: `/api/generic/UpdateStudySession/${id}`,
      payload: { ...form(), title: 'Moved', notes: 'Bring the book' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      id,
      title: 'Moved',
      notes: 'Bring the book',
      day: '2026-12-03',
    });
    expect(
      (await client.request({ method: 'DELETE', url: `/api/generic/DeleteStudySession/${id}` }))
        .statusCode,
    ).toBe(200);
    expect((await client.get('/api/generic/GetStudySessionDto')).json()).toEqual([]);
  });

  it('refuses an end before the start, a missing title and a time without a zone', async () => {
    const before = await client.post('/api/generic/CreateStudySession', {
      ...form(),
      endDateTime: '2026-12-03T09:00:00+02:00',
    });
    expect(before.statusCode).toBe(400);
    expect(before.json().details).toContainEqual({
      path: 'endDateTime',
      message: 'End must be after start.',
    });
    expect(
      (await client.post('/api/generic/CreateStudySession', { ...form(), title: '' })).statusCode,
    ).toBe(400);
    expect(
      (
        await client.post('/api/generic/CreateStudySession', {
          ...form(),
          startDateTime: '2026-12-03T10:00',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await client.post('/api/generic/CreateStudySession', { ...form(), studyPlan: 'abc' }))
        .statusCode,
    ).toBe(400);
    expect((await client.get('/api/generic/GetStudySessionDto')).json()).toHaveLength(1);
  });

  it('refuses a topic or subject of another plan', async () => {
    const other = await createPlanTree(client, 'Other');
    const wrongTopic = await client.post('/api/generic/CreateStudySession', {
      ...form(),
      topic: other.topic.id,
    });
    expect(wrongTopic.statusCode).toBe(400);
    expect(wrongTopic.json().message).toBe('Choose a subject and topic of the chosen study plan.');
    const wrongSubject = await client.post('/api/generic/CreateStudySession', {
      ...form(),
      subject: other.subject.id,
    });
    expect(wrongSubject.statusCode).toBe(400);
    expect((await client.get('/api/generic/GetStudySessionDto')).json()).toHaveLength(2);
  });

  it('reports progress per plan and subject', async () => {
    await client.request({
      method: 'PUT',
      url: `/topics/${tree.topic.id}`,
      payload: { completed: true },
    });
    await client.post('/api/generic/CreateStudySession', {
      ...form(),
      startDateTime: '2020-01-01T10:00:00Z',
      endDateTime: '2020-01-01T12:00:00Z',
    });
    const progress = (await client.get('/api/progress')).json();
    expect(progress).toEqual([
      expect.objectContaining({
        planId: tree.plan.id,
        topicsTotal: 1,
        topicsCompleted: 1,
        hoursPlanned: 3.5,
        hoursDone: 2,
        subjects: [
          expect.objectContaining({ subjectName: 'Calculus', hoursPlanned: 3.5, hoursDone: 2 }),
        ],
      }),
    ]);
  });
});
