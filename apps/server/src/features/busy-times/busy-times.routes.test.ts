import { BUSY_TIME_MESSAGES } from '@studybuddy/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  countRows,
  createTestApp,
  dbKinds,
  type TestApp,
  TestClient,
} from '../../testing/harness.js';

describe.each(dbKinds)('busy time routes on %s', (kind) => {
  let t: TestApp;
  let client: TestClient;
  const lecture = {
    kind: 'lecture',
    title: 'Organic chemistry',
    date: '2026-11-23',
    startTime: '10:00',
    endTime: '12:00',
    repeat: 'weekly',
    until: '2026-12-14',
    timeZone: 'Europe/Athens',
  };

  beforeEach(async () => {
    t = await createTestApp(kind);
    client = new TestClient(t.app);
    await client.registerAndLogin();
  });
  afterEach(async () => t.close());

  it('adds busy time and lists it earliest first, with the defaults filled in', async () => {
    const shift = await client.post('/api/busy-times', {
      kind: 'work',
      title: ' Café shift ',
      date: '2026-11-21',
      startTime: '18:00',
      endTime: '24:00',
    });
    expect(shift.statusCode).toBe(201);
    expect(shift.json()).toEqual({
      id: expect.any(Number),
      kind: 'work',
      title: 'Café shift',
      date: '2026-11-21',
      startTime: '18:00',
      endTime: '24:00',
      repeat: 'once',
      until: null,
      timeZone: 'UTC',
    });
    const created = await client.post('/api/busy-times', lecture);
    expect(created.statusCode).toBe(201);
    const early = await client.post('/api/busy-times', {
      ...lecture,
      startTime: '08:00',
      endTime: '09:00',
      until: null,
    });
    const list = (await client.get('/api/busy-times')).json();
    expect(list.map((b: { id: number }) => b.id)).toEqual([
      shift.json().id,
      early.json().id,
      created.json().id,
    ]);
    expect(list[2]).toEqual({ id: created.json().id, ...lecture });
  });

  it('changes and deletes busy time; a second delete is not found', async () => {
    const { id } = (await client.post('/api/busy-times', lecture)).json();
    const r = await client.request({
      method: 'PUT',
      url: `/api/busy-times/${id}`,
      payload: { ...lecture, kind: 'lab', title: 'Lab', repeat: 'once', until: null },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ id, kind: 'lab', title: 'Lab', repeat: 'once', until: null });
    expect((await client.get('/api/busy-times')).json()).toEqual([r.json()]);

    const del = await client.request({ method: 'DELETE', url: `/api/busy-times/${id}` });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: 'Busy time deleted.' });
    expect((await client.get('/api/busy-times')).json()).toEqual([]);
    const again = await client.request({ method: 'DELETE', url: `/api/busy-times/${id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({
      code: 'not_found',
      message: BUSY_TIME_MESSAGES.notFound,
      requestId: again.headers['x-request-id'],
    });
    const put = await client.request({
      method: 'PUT',
      url: `/api/busy-times/${id}`,
      payload: lecture,
    });
    expect(put.statusCode).toBe(404);
  });

  it('refuses bad busy time with the form messages and stores nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '  ' }, 'title', BUSY_TIME_MESSAGES.titleRequired],
      [{ title: 'x'.repeat(201) }, 'title', BUSY_TIME_MESSAGES.titleMax],
      [{ endTime: '10:00' }, 'endTime', BUSY_TIME_MESSAGES.endBeforeStart],
      [{ until: '2026-11-01' }, 'until', BUSY_TIME_MESSAGES.untilBeforeDate],
      [{ repeat: 'once' }, 'until', BUSY_TIME_MESSAGES.untilWithoutRepeat],
    ];
    for (const [change, path, message] of cases) {
      const r = await client.post('/api/busy-times', { ...lecture, ...change });
      expect(r.statusCode, message).toBe(400);
      expect(r.json().code).toBe('validation_failed');
      expect(r.json().details, message).toContainEqual({ path, message });
    }
    for (const change of [
      { kind: 'party' },
      { startTime: '9:00' },
      { endTime: '24:30' },
      { date: '2026-02-30' },
      { timeZone: 'Mars/Olympus' },
      { repeat: 'daily' },
      { extra: true },
    ]) {
      const r = await client.post('/api/busy-times', { ...lecture, ...change });
      expect(r.statusCode, JSON.stringify(change)).toBe(400);
    }
    expect(await countRows(t.db, 'busyTimes')).toBe(0);
    const { id } = (await client.post('/api/busy-times', lecture)).json();
    const bad = await client.request({
      method: 'PUT',
      url: `/api/busy-times/${id}`,
      payload: { ...lecture, endTime: '09:00' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await client.get('/api/busy-times')).json()).toEqual([{ id, ...lecture }]);
  });

  it("shows a student only their own busy time, and another student's id is not found", async () => {
    const { id } = (await client.post('/api/busy-times', lecture)).json();
    const eve = new TestClient(t.app);
    await eve.registerAndLogin({ username: 'eve', email: 'eve@example.com' });
    expect((await eve.get('/api/busy-times')).json()).toEqual([]);
    for (const [method, payload] of [
      ['PUT', { ...lecture, title: 'pwned' }],
      ['DELETE', undefined],
    ] as const) {
      const r = await eve.request({
        method,
        url: `/api/busy-times/${id}`,
        ...(payload ? { payload } : {}),
      });
      expect(r.statusCode).toBe(404);
      expect(r.json().message).toBe(BUSY_TIME_MESSAGES.notFound);
    }
    expect((await client.get('/api/busy-times')).json()).toEqual([{ id, ...lecture }]);
  });

  it('goes with the student when the account is deleted', async () => {
    await client.post('/api/busy-times', lecture);
    await t.db.db.deleteFrom('users').execute();
    expect(await countRows(t.db, 'busyTimes')).toBe(0);
  });
});
