import { SESSION_PLACEMENT_MESSAGES } from '@studybuddy/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPlanTree } from '../../testing/fixtures.js';
import { createTestApp, dbKinds, type TestApp, TestClient } from '../../testing/harness.js';

/** "Now" in these tests: Friday 20 November 2026, 09:00 UTC, before the sessions they move. */
const NOW = '2026-11-20T09:00:00.000Z';

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
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(NOW));
    t = await createTestApp(kind);
    client = new TestClient(t.app);
    await client.registerAndLogin();
    tree = await createPlanTree(client);
  });
  afterEach(async () => {
    await t.close();
    vi.useRealTimers();
  });

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

  it('refuses a session on busy time or moved into the past, with the message on the start', async () => {
    const busy = await client.post('/api/busy-times', {
      kind: 'lecture',
      title: 'Physics lecture',
      date: '2026-12-03',
      startTime: '10:30',
      endTime: '12:00',
      timeZone: 'Europe/Athens',
    });
    expect(busy.statusCode).toBe(201);
    const onIt = await client.post('/api/generic/CreateStudySession', form());
    expect(onIt.statusCode).toBe(400);
    expect(onIt.json()).toEqual({
      code: 'validation_failed',
      message: SESSION_PLACEMENT_MESSAGES.busy,
      details: [{ path: 'startDateTime', message: SESSION_PLACEMENT_MESSAGES.busy }],
      requestId: onIt.headers['x-request-id'],
    });
    const intoPast = await client.request({
      method: 'PUT',
      url: `/api/generic/UpdateStudySession/${tree.session.id}`,
      payload: {
        ...form(),
        startDateTime: '2026-11-19T10:00:00Z',
        endDateTime: '2026-11-19T11:00:00Z',
      },
    });
    expect(intoPast.statusCode).toBe(400);
    expect(intoPast.json().details).toEqual([
      { path: 'startDateTime', message: SESSION_PLACEMENT_MESSAGES.past },
    ]);
    expect((await client.get('/api/generic/GetStudySessionDto')).json()).toEqual([
      expect.objectContaining({ id: tree.session.id, startTime: '2026-12-01T16:00:00.000Z' }),
    ]);
  });

  it('moves a session to a new time by the same rules, keeping everything else', async () => {
    await client.post('/api/busy-times', {
      kind: 'work',
      title: 'Shift',
      date: '2026-12-03',
      startTime: '14:00',
      endTime: '18:00',
    });
    const move = (id: number, start: string, end: string) =>
      client.request({
        method: 'PUT',
        url: `/api/sessions/${id}/time`,
        payload: { startDateTime: start, endDateTime: end },
      });
    const id = tree.session.id;
    const onShift = await move(id, '2026-12-03T15:00:00Z', '2026-12-03T16:00:00Z');
    expect(onShift.statusCode).toBe(400);
    expect(onShift.json().message).toBe(SESSION_PLACEMENT_MESSAGES.busy);
    const backwards = await move(id, '2026-12-03T11:00:00Z', '2026-12-03T10:00:00Z');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().details).toEqual([
      { path: 'endDateTime', message: 'End must be after start.' },
    ]);
    expect((await move(id, '2026-11-19T10:00:00Z', '2026-11-19T11:00:00Z')).statusCode).toBe(400);
    expect((await move(999_999, '2026-12-03T10:00:00Z', '2026-12-03T11:00:00Z')).statusCode).toBe(
      404,
    );

    const moved = await move(id, '2026-12-03T09:00:00Z', '2026-12-03T10:30:00Z');
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      id,
      title: 'Derivatives',
      notes: 'Chapter 3',
      reminder: true,
      topicId: tree.topic.id,
      startTime: '2026-12-03T09:00:00.000Z',
      endTime: '2026-12-03T10:30:00.000Z',
    });
  });

  it('reports progress per plan and subject', async () => {
    await client.request({
      method: 'PUT',
      url: `/topics/${tree.topic.id}`,
      payload: { completed: true },
    });
    const past = await client.post('/api/generic/CreateStudySession', {
      ...form(),
      startDateTime: '2020-01-01T10:00:00Z',
      endDateTime: '2020-01-01T12:00:00Z',
    });
    // Hours count as done by the check-in, not by the clock (docs/product.md, Hours done).
    const unchecked = (await client.get('/api/progress')).json();
    expect(unchecked[0]).toMatchObject({ hoursPlanned: 3.5, hoursDone: 0 });
    const checkIn = await client.post(`/api/sessions/${past.json().id}/check-in`, {
      status: 'done',
    });
    expect(checkIn.statusCode).toBe(200);
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
