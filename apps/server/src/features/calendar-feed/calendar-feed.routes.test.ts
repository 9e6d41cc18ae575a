import { CALENDAR_FEED_MESSAGES } from '@studybuddy/contracts';
import ICAL from 'ical.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFactories } from '../../testing/factories.js';
import {
  captureLog,
  createTestApp,
  dbKinds,
  type TestApp,
  TestClient,
} from '../../testing/harness.js';

/** "Now" in these tests: Friday 20 November 2026, 09:00 UTC, before every session. */
const NOW = '2026-11-20T09:00:00.000Z';
const ICS = 'text/calendar; charset=utf-8';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** The 404 of an unknown feed address, with the request id its answer carries. */
const unknownLink = (r: { headers: Record<string, unknown> }) => ({
  code: 'not_found',
  message: CALENDAR_FEED_MESSAGES.unknownLink,
  requestId: r.headers['x-request-id'],
});

interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  url: string;
  start: string;
  end: string;
}

/** A calendar as a calendar app reads it (ical.js): its properties and its events by start. */
function parseCalendar(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  const events: ParsedEvent[] = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const e = new ICAL.Event(vevent);
    return {
      uid: e.uid,
      summary: e.summary,
      description: e.description,
      url: String(vevent.getFirstPropertyValue('url')),
      start: e.startDate.toJSDate().toISOString(),
      end: e.endDate.toJSDate().toISOString(),
    };
  });
  const prop = (name: string) => calendar.getFirstPropertyValue(name);
  return { calendar, prop, events };
}

describe.each(dbKinds)('calendar feed routes on %s', (kind) => {
  let t: TestApp;
  let ana: TestClient;
  let ben: TestClient;
  let anaId: number;
  let benId: number;
  let f: ReturnType<typeof createFactories>;

  /** An accepted plan in a zone, with one subject, topic and lesson, all the student's. */
  async function acceptedPlan(userId: number, name: string, timeZone: string) {
    const plan = await f.plan(userId, { name, timeZone, status: 'active', deadline: '2027-01-20' });
    const subject = await f.subject(userId, plan.id, { name: 'Calculus' });
    const topic = await f.topic(userId, subject.id, { name: 'Derivatives' });
    const lesson = await f.lesson(userId, topic.id);
    return { plan, subject, topic, lesson };
  }

  /** A session made through the API, its times given in the student's zone. */
  async function addSession(
    client: TestClient,
    tree: Awaited<ReturnType<typeof acceptedPlan>>,
    fields: { title: string; start: string; end: string; notes?: string },
  ): Promise<number> {
    const r = await client.post('/api/generic/CreateStudySession', {
      studyPlan: tree.plan.id,
      subject: tree.subject.id,
      topic: tree.topic.id,
      title: fields.title,
      startDateTime: fields.start,
      endDateTime: fields.end,
      notes: fields.notes ?? '',
    });
    if (r.statusCode !== 201) throw new Error(`session not created: ${r.body}`);
    return r.json().id;
  }

  /** Turns the feed on and gives the path of its address (and the address). */
  async function turnOn(client: TestClient) {
    const r = await client.post('/api/calendar-feed');
    expect(r.statusCode).toBe(200);
    const url = r.json().url as string;
    return { url, path: new URL(url).pathname };
  }

  /** The feed as a calendar app fetches it: no login, no cookies. */
  const fetchFeed = (path: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: path, headers });

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(NOW));
    t = await createTestApp(kind);
    f = createFactories(t.db);
    ana = new TestClient(t.app);
    anaId = (await ana.registerAndLogin()).id;
    ben = new TestClient(t.app);
    benId = (await ben.registerAndLogin({ username: 'ben', email: 'ben@example.com' })).id;
  });
  afterEach(async () => {
    await t.close();
    vi.useRealTimers();
  });

  it('is off until turned on; then gives an absolute address that opens without a login', async () => {
    expect((await ana.get('/api/calendar-feed')).json()).toEqual({ enabled: false, url: null });
    const r = await ana.request({
      method: 'POST',
      url: '/api/calendar-feed',
      headers: { host: 'study.example.org' },
    });
    expect(r.statusCode).toBe(200);
    const { enabled, url } = r.json();
    expect(enabled).toBe(true);
    const match = /^http:\/\/study\.example\.org\/api\/calendar\/([^/]+)\.ics$/.exec(url);
    expect(match?.[1]).toMatch(TOKEN);
    // The same address every time it is read, until renewed.
    const again = await ana.request({
      method: 'GET',
      url: '/api/calendar-feed',
      headers: { host: 'study.example.org' },
    });
    expect(again.json()).toEqual({ enabled: true, url });
    const feed = await fetchFeed(new URL(url).pathname);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe(ICS);
    expect(feed.headers['cache-control']).toBe('private, max-age=300');
    // Raw iCalendar text, not a JSON string.
    expect(feed.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(feed.body.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    const { prop, events } = parseCalendar(feed.body);
    expect(prop('prodid')).toContain('StudyBuddy');
    expect(prop('x-wr-calname')).toBe('StudyBuddy');
    expect(events).toEqual([]);
  });

  it('holds every session of the accepted plans, at their instants, for two students in two zones', async () => {
    const athens = await acceptedPlan(anaId, 'Finals', 'Europe/Athens');
    const practice = await addSession(ana, athens, {
      title: 'Practice',
      start: '2026-12-03T10:00:00+02:00',
      end: '2026-12-03T11:30:00+02:00',
      notes: 'Chapter 3, exercises 1-9; bring "the" book',
    });
    const evening = await addSession(ana, athens, {
      title: 'Evening review',
      start: '2026-12-04T19:00:00+02:00',
      end: '2026-12-04T20:00:00+02:00',
    });
    // A planned session without a topic, after midnight in Athens (still 5 Dec in UTC).
    const noTopic = await f.studySession(
      anaId,
      { studyPlanId: athens.plan.id, subjectId: athens.subject.id, topicId: null },
      {
        title: 'Catch up',
        startAt: '2026-12-05T22:30:00.000Z',
        endAt: '2026-12-05T23:30:00.000Z',
        kind: 'learn',
      },
    );
    // A draft (a proposal not accepted) is not on the calendar, so not in the feed.
    const draft = await f.planTree(anaId, { status: 'draft', timeZone: 'Europe/Athens' });
    await f.studySession(
      anaId,
      { studyPlanId: draft.plan.id, subjectId: draft.subject.id, topicId: draft.topic.id },
      {
        title: 'Draft session',
        startAt: '2026-12-03T12:00:00.000Z',
        endAt: '2026-12-03T13:00:00.000Z',
      },
    );
    const newYork = await acceptedPlan(benId, 'Midterms', 'America/New_York');
    const late = await addSession(ben, newYork, {
      title: 'Late study',
      start: '2026-12-03T19:00:00-05:00',
      end: '2026-12-03T20:15:00-05:00',
    });

    const anaFeed = await fetchFeed((await turnOn(ana)).path);
    expect(anaFeed.statusCode).toBe(200);
    const a = parseCalendar(anaFeed.body);
    expect(a.prop('x-wr-timezone')).toBe('Europe/Athens');
    const origin = 'http://localhost:80';
    const topicUrl = `${origin}/topic/${athens.topic.id}/detail`;
    const lessonUrl = `${origin}/lesson-detail/${athens.plan.id}/Calculus/Derivatives/${athens.lesson.id}`;
    expect(a.events).toEqual([
      {
        uid: `session-${practice}@localhost`,
        summary: 'Practice',
        description: [
          'Subject: Calculus',
          'Topic: Derivatives',
          'Notes: Chapter 3, exercises 1-9; bring "the" book',
          '',
          `Open in StudyBuddy: ${topicUrl}`,
          `Lesson: ${lessonUrl}`,
        ].join('\n'),
        url: topicUrl,
        start: '2026-12-03T08:00:00.000Z',
        end: '2026-12-03T09:30:00.000Z',
      },
      {
        uid: `session-${evening}@localhost`,
        summary: 'Evening review',
        description: expect.stringContaining('Subject: Calculus\nTopic: Derivatives\n\n'),
        url: topicUrl,
        start: '2026-12-04T17:00:00.000Z',
        end: '2026-12-04T18:00:00.000Z',
      },
      {
        uid: `session-${noTopic.id}@localhost`,
        summary: 'Catch up',
        // The calendar at the session's day in the plan's zone: 6 December in Athens.
        description: `Subject: Calculus\n\nOpen in StudyBuddy: ${origin}/calendar?date=2026-12-06`,
        url: `${origin}/calendar?date=2026-12-06`,
        start: '2026-12-05T22:30:00.000Z',
        end: '2026-12-05T23:30:00.000Z',
      },
    ]);
    expect(a.events[1]?.description).not.toContain('Notes:');

    const benFeed = parseCalendar((await fetchFeed((await turnOn(ben)).path)).body);
    expect(benFeed.prop('x-wr-timezone')).toBe('America/New_York');
    expect(benFeed.events).toEqual([
      expect.objectContaining({
        uid: `session-${late}@localhost`,
        summary: 'Late study',
        url: `${origin}/topic/${newYork.topic.id}/detail`,
        start: '2026-12-04T00:00:00.000Z',
        end: '2026-12-04T01:15:00.000Z',
      }),
    ]);
  });

  it('carries the exam days of accepted plans as all-day events, in the feed and the plan file', async () => {
    const finals = await acceptedPlan(anaId, 'Finals', 'Pacific/Auckland');
    await t.db.db
      .updateTable('subjects')
      .set({ examDate: '2027-01-15' })
      .where('id', '=', finals.subject.id)
      .execute();
    const noExam = await f.subject(anaId, finals.plan.id, { name: 'Reading', examDate: null });
    const draft = await f.planTree(anaId, { status: 'draft' });
    await t.db.db
      .updateTable('subjects')
      .set({ examDate: '2027-02-01' })
      .where('id', '=', draft.subject.id)
      .execute();
    const examsOf = (body: string) =>
      parseCalendar(body)
        .calendar.getAllSubcomponents('vevent')
        .map((v) => new ICAL.Event(v))
        .filter((e) => e.uid.startsWith('exam-'))
        .map((e) => ({
          uid: e.uid,
          summary: e.summary,
          allDay: e.startDate.isDate,
          day: e.startDate.toString(),
        }));
    const expected = [
      {
        uid: `exam-${finals.subject.id}@localhost`,
        summary: 'Exam: Calculus',
        allDay: true,
        day: '2027-01-15',
      },
    ];
    const feed = await fetchFeed((await turnOn(ana)).path);
    // The day the student entered, whatever the zone: not the UTC day before in Auckland.
    expect(feed.body).toContain('DTSTART;VALUE=DATE:20270115');
    expect(examsOf(feed.body)).toEqual(expected);
    expect(feed.body).not.toContain(`exam-${noExam.id}@`);
    const file = await ana.get(`/api/plans/${finals.plan.id}/calendar.ics`);
    expect(file.statusCode).toBe(200);
    expect(examsOf(file.body)).toEqual(expected);
    // Another student's feed carries none of them.
    expect(examsOf((await fetchFeed((await turnOn(ben)).path)).body)).toEqual([]);
  });

  it('follows changes: a moved or deleted session shows so with the same UID', async () => {
    const tree = await acceptedPlan(anaId, 'Finals', 'Europe/Athens');
    const id = await addSession(ana, tree, {
      title: 'Practice',
      start: '2026-12-03T10:00:00+02:00',
      end: '2026-12-03T11:00:00+02:00',
    });
    const { path } = await turnOn(ana);
    const moved = await ana.request({
      method: 'PUT',
      url: `/api/sessions/${id}/time`,
      payload: {
        startDateTime: '2026-12-03T15:00:00+02:00',
        endDateTime: '2026-12-03T16:00:00+02:00',
      },
    });
    expect(moved.statusCode).toBe(200);
    expect(parseCalendar((await fetchFeed(path)).body).events).toEqual([
      expect.objectContaining({
        uid: `session-${id}@localhost`,
        start: '2026-12-03T13:00:00.000Z',
        end: '2026-12-03T14:00:00.000Z',
      }),
    ]);
    await ana.request({ method: 'DELETE', url: `/api/generic/DeleteStudySession/${id}` });
    expect(parseCalendar((await fetchFeed(path)).body).events).toEqual([]);
  });

  it('stops the old address at once on renewal, and every address when turned off', async () => {
    const first = await turnOn(ana);
    const second = await turnOn(ana);
    expect(second.url).not.toBe(first.url);
    const old = await fetchFeed(first.path);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual(unknownLink(old));
    expect((await fetchFeed(second.path)).statusCode).toBe(200);
    expect((await ana.get('/api/calendar-feed')).json()).toEqual({
      enabled: true,
      url: second.url,
    });

    const off = await ana.request({ method: 'DELETE', url: '/api/calendar-feed' });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ enabled: false, url: null });
    expect((await ana.get('/api/calendar-feed')).json()).toEqual({ enabled: false, url: null });
    const gone = await fetchFeed(second.path);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual(unknownLink(gone));
    expect(gone.headers['content-type']).toContain('application/json');
    // Turning it off again changes nothing.
    const twice = await ana.request({ method: 'DELETE', url: '/api/calendar-feed' });
    expect(twice.json()).toEqual({ enabled: false, url: null });
  });

  it('answers a forged, malformed or someone else’s-looking address with the same 404', async () => {
    await turnOn(ana);
    const forged = 'A'.repeat(43);
    for (const token of [forged, 'abc', `${forged}A`, 'not a token', '%00', `${'A'.repeat(42)}=`]) {
      const r = await fetchFeed(`/api/calendar/${encodeURIComponent(token)}.ics`);
      expect(r.statusCode, token).toBe(404);
      expect(r.json(), token).toEqual(unknownLink(r));
    }
    // Without the extension there is no such route: still a JSON 404.
    const bare = await fetchFeed(`/api/calendar/${forged}`);
    expect(bare.statusCode).toBe(404);
    expect(bare.json().code).toBe('not_found');
    // Past the router's parameter length (100) Fastify refuses the path itself, as on any route.
    const long = await fetchFeed(`/api/calendar/${'A'.repeat(300)}.ics`);
    expect(long.statusCode).toBe(414);
    expect(long.headers['content-type']).toContain('application/json');
  });

  it('throttles reads of the feed per client address', async () => {
    const forged = `/api/calendar/${'B'.repeat(43)}.ics`;
    for (let i = 0; i < 60; i++) expect((await fetchFeed(forged)).statusCode).toBe(404);
    const refused = await fetchFeed(forged);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is counted apart.
    const other = await t.app.inject({ method: 'GET', url: forged, remoteAddress: '203.0.113.7' });
    expect(other.statusCode).toBe(404);
  });

  it('refuses an anonymous caller on the feed settings with 401', async () => {
    const anonymous = new TestClient(t.app);
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const r = await anonymous.request({ method, url: '/api/calendar-feed' });
      expect(r.statusCode, method).toBe(401);
    }
    const download = await anonymous.get(`/api/plans/1/calendar.ics`);
    expect(download.statusCode).toBe(401);
  });

  it('downloads one plan as an .ics file with a safe file name; another student’s plan is not found', async () => {
    const tree = await acceptedPlan(anaId, 'Μαθηματικά & "Physics"', 'Europe/Athens');
    const id = await addSession(ana, tree, {
      title: 'Practice',
      start: '2026-12-03T10:00:00+02:00',
      end: '2026-12-03T11:00:00+02:00',
      notes: 'Chapter 3',
    });
    const other = await acceptedPlan(anaId, 'Other', 'Europe/Athens');
    await addSession(ana, other, {
      title: 'Elsewhere',
      start: '2026-12-04T10:00:00+02:00',
      end: '2026-12-04T11:00:00+02:00',
    });
    const r = await ana.get(`/api/plans/${tree.plan.id}/calendar.ics`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe(ICS);
    expect(r.headers['cache-control']).toBe('no-store');
    const disposition = String(r.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="Physics\.ics"; filename\*=UTF-8''/);
    const star = /filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? '';
    expect(star).toMatch(/^[A-Za-z0-9%._~!-]+$/);
    expect(decodeURIComponent(star)).toBe('Μαθηματικά & "Physics".ics');
    const { prop, events } = parseCalendar(r.body);
    expect(prop('x-wr-timezone')).toBe('Europe/Athens');
    expect(prop('x-wr-calname')).toBe('StudyBuddy: Μαθηματικά & "Physics"');
    expect(events).toEqual([
      expect.objectContaining({
        uid: `session-${id}@localhost`,
        summary: 'Practice',
        description: expect.stringContaining('Notes: Chapter 3'),
        start: '2026-12-03T08:00:00.000Z',
        end: '2026-12-03T09:00:00.000Z',
      }),
    ]);

    for (const url of [
      `/api/plans/${tree.plan.id}/calendar.ics`,
      '/api/plans/99999/calendar.ics',
    ]) {
      const refused = await ben.get(url);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json()).toEqual({
        code: 'not_found',
        message: 'Study plan not found.',
        requestId: refused.headers['x-request-id'],
      });
    }
    // The feature works without the feed being on: the download needs only the login.
    expect((await ana.get('/api/calendar-feed')).json().enabled).toBe(false);
  });

  it('writes a plan name with line breaks as escaped text: it cannot add calendar lines', async () => {
    const tree = await acceptedPlan(anaId, 'Finals', 'Europe/Athens');
    const evil =
      'Finals\r\nEND:VCALENDAR\r\nBEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:Pay here\r\nEND:VEVENT; a, b\\ c';
    // The name a student may give through the API (the schema trims it, nothing more).
    const renamed = await ana.request({
      method: 'PUT',
      url: `/api/generic/UpdateStudyProgram/${tree.plan.id}`,
      payload: { name: evil },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await addSession(ana, tree, {
      title: 'Practice',
      start: '2026-12-03T10:00:00+02:00',
      end: '2026-12-03T11:00:00+02:00',
    });
    const r = await ana.get(`/api/plans/${tree.plan.id}/calendar.ics`);
    expect(r.statusCode).toBe(200);
    // Content lines unfolded (RFC 5545 3.1): a line break inside a value starts no new line.
    const lines = r.body.replace(/\r\n[ \t]/g, '').split('\r\n');
    expect(lines.filter((l) => /^(BEGIN|END):VCALENDAR$/.test(l))).toEqual([
      'BEGIN:VCALENDAR',
      'END:VCALENDAR',
    ]);
    expect(lines.filter((l) => l.startsWith('BEGIN:VEVENT'))).toHaveLength(1);
    expect(lines.some((l) => l.startsWith('SUMMARY:Pay here'))).toBe(false);
    expect(lines).toContain(
      'X-WR-CALNAME:StudyBuddy: Finals\\nEND:VCALENDAR\\nBEGIN:VCALENDAR\\nBEGIN:VEVENT\\nSUMMARY:Pay here\\nEND:VEVENT\\; a\\, b\\\\ c',
    );
    // A calendar app reads the name back whole from both (as TEXT, RFC 7986; ical.js leaves
    // these two raw, so their text is read here), a CR LF as one line break.
    const { prop, events } = parseCalendar(r.body);
    const text = (value: unknown) => ICAL.design.icalendar.value.text.fromICAL(String(value));
    const name = `StudyBuddy: ${evil.replaceAll('\r\n', '\n')}`;
    expect(text(prop('x-wr-calname'))).toBe(name);
    expect(text(prop('name'))).toBe(name);
    expect(events.map((e) => e.summary)).toEqual(['Practice']);
  });

  it('names a plan without any ASCII letter study-plan.ics', async () => {
    const tree = await acceptedPlan(anaId, 'Φυσική', 'Europe/Athens');
    const r = await ana.get(`/api/plans/${tree.plan.id}/calendar.ics`);
    expect(r.headers['content-disposition']).toBe(
      `attachment; filename="study-plan.ics"; filename*=UTF-8''${encodeURIComponent('Φυσική.ics')}`,
    );
    expect(parseCalendar(r.body).events).toEqual([]);
  });

  it('documents both .ics routes as text/calendar in OpenAPI', async () => {
    const doc = (await ana.get('/api/docs/json')).json();
    const paths = Object.keys(doc.paths).filter((p) => p.includes('.ics'));
    expect(paths.length).toBe(2);
    for (const p of paths) {
      expect(Object.keys(doc.paths[p].get.responses['200'].content)).toEqual(['text/calendar']);
    }
  });

  it('never writes a feed token to the log', async () => {
    const log = captureLog();
    const logged = await createTestApp(kind, { LOG_LEVEL: 'info' }, { logStream: log.stream });
    try {
      const client = new TestClient(logged.app);
      await client.registerAndLogin();
      const { url } = (await client.post('/api/calendar-feed')).json();
      const path = new URL(url).pathname;
      const from = log.lines.length;
      expect((await logged.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
      const token = /\/api\/calendar\/([^/]+)\.ics/.exec(path)?.[1] as string;
      // The router reads the path percent-decoded: each of these spellings serves the feed.
      const hex = (c: string) => `%${c.charCodeAt(0).toString(16)}`;
      for (const served of [
        `/api/%63alendar/${token}.ics`,
        `/%61pi/calendar/${token}.ics`,
        `/api/calendar/${hex(token.charAt(0))}${token.slice(1)}.ics`,
        `/api/calendar/${token}%2eics`,
      ]) {
        const r = await logged.app.inject({ method: 'GET', url: served });
        expect(r.statusCode, served).toBe(200);
      }
      // A mistyped address serves nothing, and its token is still not written.
      await logged.app.inject({ method: 'GET', url: `/API/Calendar/${token}.ICS` });
      const urls = log.lines.slice(from).flatMap((l) => {
        const url = (l.req as { url?: string } | undefined)?.url;
        return url === undefined ? [] : [url];
      });
      expect(urls.length).toBeGreaterThanOrEqual(6);
      for (const url of urls) {
        expect(url).toBe('/api/calendar/<token>.ics');
        expect(decodeURIComponent(url)).not.toContain(token.slice(1));
      }
      expect(log.text()).not.toContain(token.slice(1));
    } finally {
      await logged.close();
    }
  });
});
