import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFactories } from '../../testing/factories.js';
import { createTestApp, dbKinds, type TestApp, TestClient } from '../../testing/harness.js';
import { multipart } from '../../testing/multipart.js';
import { form, isoDay, wizard } from '../../testing/wizard-form.js';
import { CALENDAR_READ_THROTTLE } from './calendars.routes.js';

/** YYYYMMDD of a day `offset` days from today. */
const icsDay = (offset: number) => isoDay(offset).replaceAll('-', '');

/**
 * A timetable as a university exports it: a lecture every day 16:00-18:00 in Athens for the
 * next 40 days (one of them cancelled), and a seminar 12 weeks away.
 */
function timetable() {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//University//Timetable//EN',
    'X-WR-CALNAME:Semester timetable',
    'BEGIN:VEVENT',
    'UID:daily-lecture@uni.example',
    `DTSTART;TZID=Europe/Athens:${icsDay(1)}T160000`,
    `DTEND;TZID=Europe/Athens:${icsDay(1)}T180000`,
    'RRULE:FREQ=DAILY;COUNT=40',
    `EXDATE;TZID=Europe/Athens:${icsDay(3)}T160000`,
    'SUMMARY:Thermodynamics lecture',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:far-seminar@uni.example',
    `DTSTART:${icsDay(84)}T090000Z`,
    `DTEND:${icsDay(84)}T100000Z`,
    'SUMMARY:Seminar far ahead',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

describe.each(dbKinds)('imported calendars on %s', (kind) => {
  let t: TestApp;
  let ana: TestClient;
  beforeEach(async () => {
    t = await createTestApp(kind);
    ana = new TestClient(t.app);
    await ana.registerAndLogin();
  });
  afterEach(async () => t.close());

  const upload = (client: TestClient, content: string | Buffer, name?: string) =>
    client.request({
      method: 'POST',
      url: '/api/calendars',
      ...multipart([
        ...(name ? [{ name: 'name', content: name }] : []),
        { name: 'file', filename: 'timetable.ics', content },
      ]),
    });
  const busyRows = async () =>
    (await t.db.db.selectFrom('calendarBusy').selectAll().execute()).length;

  it('imports a timetable whose lectures the plan and the busy-time view respect', async () => {
    const r = await upload(ana, timetable());
    expect(r.statusCode, r.body).toBe(201);
    const calendar = r.json();
    // 40 days less the cancelled one; the seminar 12 weeks away is past the horizon (no plan
    // reaches it: today plus 8 weeks).
    expect(calendar).toMatchObject({
      name: 'Semester timetable',
      kind: 'file',
      countsAsBusy: true,
      eventCount: 39,
      warnings: [],
    });
    expect((await ana.get('/api/calendars')).json()).toEqual([calendar]);

    // The one view: typed and imported busy time together, in the student's zone (UTC here).
    await ana.post('/api/busy-times', {
      kind: 'work',
      title: 'Cafe shift',
      date: isoDay(2),
      startTime: '08:00',
      endTime: '12:00',
    });
    const view = await ana.get(`/api/busy-times/occurrences?from=${isoDay(2)}&to=${isoDay(3)}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toEqual([
      expect.objectContaining({
        date: isoDay(2),
        startTime: '08:00',
        endTime: '12:00',
        title: 'Cafe shift',
        source: { kind: 'manual', id: expect.any(Number), name: 'work' },
      }),
      expect.objectContaining({
        date: isoDay(2),
        // 16:00 in Athens is 14:00 UTC in winter, 13:00 in summer.
        startTime: expect.stringMatching(/^1[34]:00$/),
        title: 'Thermodynamics lecture',
        source: { kind: 'calendar', id: calendar.id, name: 'Semester timetable' },
      }),
    ]);
    // Typed busy time stays apart where it is edited.
    expect((await ana.get('/api/busy-times')).json()).toHaveLength(1);

    // The wizard's plan (in Athens, free from 08:00) books nothing on a lecture.
    const plan = await ana.request({
      method: 'POST',
      url: '/api/ai/ProcessStudyMaterials',
      ...form(wizard()),
    });
    expect(plan.statusCode, plan.body).toBe(201);
    const schedule = plan.json().schedule as {
      date: string;
      blocks: { start: string; end: string }[];
    }[];
    const onLectures = schedule.flatMap((d) =>
      d.date === isoDay(3) ? [] : d.blocks.filter((b) => b.start < '18:00' && b.end > '16:00'),
    );
    expect(schedule.flatMap((d) => d.blocks).length).toBeGreaterThan(0);
    expect(onLectures).toEqual([]);

    // Not busy any more: planning sees the evenings free again; the view still shows them.
    const off = await ana.request({
      method: 'PUT',
      url: `/api/calendars/${calendar.id}`,
      payload: { name: 'Old timetable', countsAsBusy: false },
    });
    expect(off.json()).toMatchObject({ name: 'Old timetable', countsAsBusy: false });
    const again = await ana.request({
      method: 'POST',
      url: '/api/ai/ProcessStudyMaterials',
      ...form(wizard()),
    });
    const blocks = (again.json().schedule as { blocks: { start: string }[] }[]).flatMap(
      (d) => d.blocks,
    );
    expect(blocks.some((b) => b.start >= '16:00' && b.start < '18:00')).toBe(true);
  });

  it("reads the file again over a plan that reaches further, and removes a calendar's busy time with it", async () => {
    const { id } = (await upload(ana, timetable(), 'My week')).json();
    expect((await ana.get('/api/calendars')).json()[0]).toMatchObject({
      name: 'My week',
      eventCount: 39,
    });
    const plan = await ana.post('/api/generic/CreateStudyProgram', {
      name: 'Long plan',
      deadline: isoDay(100),
      description: '',
    });
    expect(plan.statusCode, plan.body).toBe(201);
    const refreshed = await ana.post(`/api/calendars/${id}/refresh`);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json().eventCount).toBe(40);
    expect(await busyRows()).toBe(40);

    const gone = await ana.request({ method: 'DELETE', url: `/api/calendars/${id}` });
    expect(gone.statusCode).toBe(200);
    expect(await busyRows()).toBe(0);
    expect(
      (await ana.get(`/api/busy-times/occurrences?from=${isoDay(1)}&to=${isoDay(9)}`)).json(),
    ).toEqual([]);
  });

  it('refuses what is not a calendar, broken lines, too many events and over 5 MB, importing nothing', async () => {
    const refused = async (content: string, status: number, code: string) => {
      const r = await upload(ana, content);
      expect(r.statusCode, r.body).toBe(status);
      expect(r.json().code).toBe(code);
    };
    await refused('Subject,Day\nMaths,Monday\n', 400, 'calendar_not_ics');
    await refused(
      'BEGIN:VCALENDAR\r\nthis line is broken\r\nEND:VCALENDAR\r\n',
      400,
      'calendar_broken',
    );
    const event = 'BEGIN:VEVENT\r\nUID:x\r\nDTSTART:20270301T100000Z\r\nEND:VEVENT\r\n';
    await refused(
      `BEGIN:VCALENDAR\r\n${event.repeat(5001)}END:VCALENDAR\r\n`,
      400,
      'calendar_too_many_events',
    );
    await refused(
      `BEGIN:VCALENDAR\r\nX-PAD:${'x'.repeat(5 * 1024 * 1024)}\r\nEND:VCALENDAR\r\n`,
      413,
      'payload_too_large',
    );
    expect((await ana.get('/api/calendars')).json()).toEqual([]);
    expect(await busyRows()).toBe(0);
  });

  it("bounds a student's imported busy time: a new calendar past it is refused, a refresh keeps what fits", async () => {
    const a = (await upload(ana, timetable(), 'A')).json();
    const b = (await upload(ana, timetable(), 'B')).json();
    // B swollen to the whole allowance (as 20,000 real intervals would).
    const rows = Array.from({ length: 20_000 - 39 }, (_, i) => ({
      calendarId: b.id,
      title: `Filler ${i}`,
      startsAt: '2027-01-01T09:00:00.000Z',
      endsAt: '2027-01-01T10:00:00.000Z',
    }));
    const userId = (
      await t.db.db.selectFrom('calendars').select('userId').executeTakeFirstOrThrow()
    ).userId;
    for (let i = 0; i < rows.length; i += 500)
      await t.db.db
        .insertInto('calendarBusy')
        .values(rows.slice(i, i + 500).map((r) => ({ ...r, userId })))
        .execute();
    const third = await upload(ana, timetable(), 'C');
    expect(third.statusCode).toBe(400);
    expect(third.json().message).toMatch(/more than 20,000 busy times/);
    // A's refresh finds no room left beside B: A stays, empty, and says it was cut.
    const refreshed = await ana.post(`/api/calendars/${a.id}/refresh`);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json()).toMatchObject({
      eventCount: 0,
      warnings: [{ code: 'too_many_occurrences' }],
    });
    expect(await busyRows()).toBe(20_000);
  });

  it("keeps each student's calendars to them", async () => {
    const { id } = (await upload(ana, timetable())).json();
    const eve = new TestClient(t.app);
    await eve.registerAndLogin({ username: 'eve', email: 'eve@example.com' });
    expect((await eve.get('/api/calendars')).json()).toEqual([]);
    expect(
      (await eve.get(`/api/busy-times/occurrences?from=${isoDay(1)}&to=${isoDay(9)}`)).json(),
    ).toEqual([]);
    for (const r of [
      await eve.post(`/api/calendars/${id}/refresh`),
      await eve.request({
        method: 'PUT',
        url: `/api/calendars/${id}`,
        payload: { name: 'Mine', countsAsBusy: false },
      }),
      await eve.request({ method: 'DELETE', url: `/api/calendars/${id}` }),
    ])
      expect(r.statusCode).toBe(404);
    expect(await busyRows()).toBe(39);
  });

  it("bounds a student's calendar reads: the 31st in 10 minutes waits, and another student's do not", async () => {
    const { id } = (await upload(ana, timetable())).json();
    for (let i = 1; i < CALENDAR_READ_THROTTLE.points; i++)
      expect((await ana.post(`/api/calendars/${id}/refresh`)).statusCode).toBe(200);
    const refused = await ana.post(`/api/calendars/${id}/refresh`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/^You have read calendars too often\. Please try again in /),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // An import counts as a read too, and is refused before its file is read.
    expect((await upload(ana, timetable(), 'Second')).statusCode).toBe(429);
    expect((await ana.get('/api/calendars')).json()).toHaveLength(1);
    const eve = new TestClient(t.app);
    await eve.registerAndLogin({ username: 'eve', email: 'eve@example.com' });
    expect((await upload(eve, timetable())).statusCode).toBe(201);
  });
});

describe('subscribed calendars', () => {
  let t: TestApp;
  let ana: TestClient;
  let timetableServer: Server;
  let link: string;
  let body = '';
  let served = 0;
  beforeEach(async () => {
    served = 0;
    timetableServer = createServer((req, res) => {
      served++;
      if (req.headers['if-none-match'] === `"${body.length}"`) {
        res.statusCode = 304;
        return res.end();
      }
      res.setHeader('etag', `"${body.length}"`);
      res.end(body);
    });
    await new Promise<void>((resolve) => timetableServer.listen(0, '127.0.0.1', resolve));
    link = `http://127.0.0.1:${(timetableServer.address() as AddressInfo).port}/timetable.ics`;
  });
  afterEach(async () => {
    await t?.close();
    timetableServer.closeAllConnections();
    await new Promise((resolve) => timetableServer.close(resolve));
  });
  const start = async (env: Record<string, string>) => {
    t = await createTestApp('sqlite', env);
    ana = new TestClient(t.app);
    await ana.registerAndLogin();
  };

  it('subscribes to a link, reads its changes on refresh, and never shows or stores the link in clear', async () => {
    // The timetable server runs on this machine: the admin allows private addresses.
    await start({ ICS_ALLOW_PRIVATE: 'true' });
    body = timetable();
    const r = await ana.post('/api/calendars', { url: link });
    expect(r.statusCode, r.body).toBe(201);
    const calendar = r.json();
    expect(calendar).toMatchObject({ kind: 'subscription', eventCount: 39, host: '127.0.0.1' });
    expect(JSON.stringify((await ana.get('/api/calendars')).json())).not.toContain('timetable.ics');
    const stored = await t.db.db.selectFrom('calendars').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain('/timetable.ics');

    // Unchanged at the source: the server says so (ETag) and the busy time stays.
    expect((await ana.post(`/api/calendars/${calendar.id}/refresh`)).json().eventCount).toBe(39);
    // The lecture of the day after tomorrow cancelled at the source: gone after a refresh.
    body = timetable().replace('EXDATE', `EXDATE;TZID=Europe/Athens:${icsDay(4)}T160000\r\nEXDATE`);
    const after = await ana.post(`/api/calendars/${calendar.id}/refresh`);
    expect(after.json().eventCount).toBe(38);
    expect(served).toBe(3);
  });

  it('reads a subscription again by itself once ICS_REFRESH_MINUTES have passed, and only then', async () => {
    await start({ ICS_ALLOW_PRIVATE: 'true', ICS_REFRESH_MINUTES: '60' });
    body = timetable();
    const { id } = (await ana.post('/api/calendars', { url: link })).json();
    // A shorter series at the source (its ETag changes with its length).
    body = timetable().replace('COUNT=40', 'COUNT=9');
    // Read a minute ago: not due.
    await t.app.calendarRefresher.scanNow();
    await t.settle();
    expect(served).toBe(1);
    // Read two hours ago: due, read once by this scan, and the source's change is in.
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000).toISOString();
    await t.db.db.updateTable('calendars').set({ lastSyncAt: twoHoursAgo }).execute();
    await t.app.calendarRefresher.scanNow();
    await t.settle();
    expect(served).toBe(2);
    expect((await ana.get('/api/calendars')).json()).toEqual([
      expect.objectContaining({ id, eventCount: 8 }),
    ]);
    await t.app.calendarRefresher.scanNow();
    await t.settle();
    expect(served).toBe(2);
  });

  it('names in the bell the sessions a background read newly puts under busy time, once', async () => {
    await start({ ICS_ALLOW_PRIVATE: 'true', ICS_REFRESH_MINUTES: '60' });
    const single = (summary: string, day: string, from: string, to: string) =>
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//University//Timetable//EN',
        'BEGIN:VEVENT',
        `UID:${summary}@uni.example`,
        `DTSTART:${day}T${from}00Z`,
        `DTEND:${day}T${to}00Z`,
        `SUMMARY:${summary}`,
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n');
    body = single('Seminar', icsDay(30), '0900', '1000');
    const { id } = (await ana.post('/api/calendars', { name: 'Uni', url: link })).json();
    // An accepted plan with a session the day after tomorrow, 14:00-15:00 UTC.
    const f = createFactories(t.db);
    const userId = (await t.db.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
    const plan = await f.plan(userId, { status: 'active', timeZone: 'UTC' });
    const subject = await f.subject(userId, plan.id, { name: 'Thermodynamics' });
    const topic = await f.topic(userId, subject.id, { name: 'Entropy' });
    const startAt = `${isoDay(2)}T14:00:00.000Z`;
    await f.studySession(
      userId,
      { studyPlanId: plan.id, subjectId: subject.id, topicId: topic.id },
      { title: 'Entropy', startAt, endAt: `${isoDay(2)}T15:00:00.000Z`, kind: 'learn' },
    );
    const readInBackground = async () => {
      const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000).toISOString();
      await t.db.db.updateTable('calendars').set({ lastSyncAt: twoHoursAgo }).execute();
      await t.app.calendarRefresher.scanNow();
      await t.settle();
    };
    const bell = async () => (await ana.get('/api/notifications')).json();
    // A lab moved onto the session at the source.
    body = single('Lab', icsDay(2), '1330', '1500');
    await readInBackground();
    expect(served).toBe(2);
    expect(await bell()).toMatchObject({
      unread: 1,
      items: [
        {
          kind: 'busy-clash',
          read: false,
          data: { calendarId: id, calendarName: 'Uni', count: 1, startsAt: startAt },
        },
      ],
    });
    // Read again with the clash unchanged: nothing new to say.
    body = `${single('Lab', icsDay(2), '1330', '1500')}\r\n`;
    await readInBackground();
    expect(served).toBe(3);
    expect((await bell()).items).toHaveLength(1);
  });

  it('refuses a link to this machine unless the admin allows it, and a link that answers no calendar', async () => {
    await start({});
    body = timetable();
    const refused = await ana.post('/api/calendars', { url: link });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('calendar_link_refused');
    expect(served).toBe(0);
    expect((await ana.post('/api/calendars', { url: 'file:///etc/passwd' })).json().code).toBe(
      'calendar_link_refused',
    );
    await t.close();
    await start({ ICS_ALLOW_PRIVATE: 'true' });
    body = '<html>Not found</html>';
    const notCalendar = await ana.post('/api/calendars', { url: link });
    expect(notCalendar.json().code).toBe('calendar_not_ics');
    expect((await ana.get('/api/calendars')).json()).toEqual([]);
  });
});
