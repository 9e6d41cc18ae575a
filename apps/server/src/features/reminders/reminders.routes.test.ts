import { NOTIFICATION_MESSAGES } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { toZoned } from '../../domain/time/zoned.js';
import { loadOrCreateSecret } from '../../platform/secrets.js';
import { createFactories } from '../../testing/factories.js';
import { createFastHasher } from '../../testing/fast-hasher.js';
import {
  captureLog,
  countRows,
  createTestApp,
  dbKinds,
  TestClient,
  testReaders,
} from '../../testing/harness.js';
import { type SmtpSink, startSmtpSink } from '../../testing/smtp-sink.js';
import { createUnsubscribeTokens } from './unsubscribe-token.js';

const MINUTE = 60_000;
const PUBLIC_URL = 'https://study.example.org';
const inMinutes = (n: number) => new Date(Date.now() + n * MINUTE).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds (a few seconds at most). */
async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe.each(dbKinds)('session reminders on %s', (kind) => {
  const open: { close(): Promise<unknown> | unknown }[] = [];
  afterEach(async () => {
    for (const o of open.splice(0).reverse()) await o.close();
  });

  /** An app (with the sink as SMTP unless `smtp` is false), Ana signed in, and her accepted plan. */
  async function setUp(opts: { smtp?: boolean; env?: Record<string, string> } = {}) {
    let sink: SmtpSink | undefined;
    if (opts.smtp !== false) {
      sink = await startSmtpSink();
      open.push(sink);
    }
    const log = captureLog();
    const t = await createTestApp(
      kind,
      {
        LOG_LEVEL: 'info',
        PUBLIC_URL,
        ...(sink ? { SMTP_URL: sink.url } : {}),
        ...opts.env,
      },
      { logStream: log.stream },
    );
    open.push(t);
    const f = createFactories(t.db);
    const ana = new TestClient(t.app);
    const anaId = (await ana.registerAndLogin()).id;
    const tree = await f.planTree(anaId, { status: 'active', timeZone: 'Europe/Athens' });
    /** A session of Ana's plan starting `minutes` from now, its reminder on unless said. */
    const session = (minutes: number, overrides: Record<string, unknown> = {}) =>
      f.studySession(
        anaId,
        { studyPlanId: tree.plan.id, subjectId: tree.subject.id, topicId: tree.topic.id },
        {
          title: 'Practice',
          startAt: inMinutes(minutes),
          endAt: inMinutes(minutes + 60),
          reminder: 1,
          ...overrides,
        },
      );
    const reminders = () =>
      t.db.db.selectFrom('sessionReminders').selectAll().orderBy('id').execute();
    return { t, f, log, sink, ana, anaId, tree, session, reminders };
  }

  it('puts a due reminder in the bell once, which the student reads and marks read', async () => {
    const { t, f, ana, anaId, tree, session, reminders } = await setUp({ smtp: false });
    const soon = await session(20);
    // Not due yet: 50 minutes away with the default lead of 30.
    const later = await session(50, { title: 'Later' });
    // Off: its own switch is off and so is the student's.
    const quiet = await session(25, { title: 'Quiet', reminder: 0 });
    // A draft plan's session is not on the calendar.
    const draft = await f.planTree(anaId, { status: 'draft' });
    await f.studySession(
      anaId,
      { studyPlanId: draft.plan.id, subjectId: draft.subject.id, topicId: draft.topic.id },
      { startAt: inMinutes(15), endAt: inMinutes(75), reminder: 1 },
    );
    // Begun already.
    await session(-5, { title: 'Begun' });

    expect(await t.app.reminders.scan()).toBe(1);
    await t.settle();
    const list = (await ana.get('/api/notifications')).json();
    expect(list).toEqual({
      unread: 1,
      items: [
        {
          id: expect.any(Number),
          kind: 'session-reminder',
          read: false,
          createdAt: expect.any(String),
          data: {
            sessionId: soon.id,
            planId: tree.plan.id,
            topicId: tree.topic.id,
            title: 'Practice',
            subjectName: 'Calculus',
            topicName: 'Derivatives',
            startsAt: soon.startAt,
          },
        },
      ],
    });
    expect(await reminders()).toEqual([
      expect.objectContaining({
        sessionId: soon.id,
        startsAt: soon.startAt,
        status: 'sent',
        emailStatus: null,
        sentAt: expect.any(String),
      }),
    ]);

    // Scanning again makes nothing more.
    expect(await t.app.reminders.scan()).toBe(0);
    await t.settle();
    expect(await countRows(t.db, 'notifications')).toBe(1);

    // The student's switch turns on the quiet session's; a 60-minute lead makes the later due.
    await t.db.db
      .updateTable('users')
      .set({ notifyOnLesson: 1, reminderLeadMinutes: 60 })
      .where('id', '=', anaId)
      .execute();
    expect(await t.app.reminders.scan()).toBe(2);
    await t.settle();
    const titles = (await ana.get('/api/notifications'))
      .json()
      .items.map((n: { data: { sessionId: number } }) => n.data.sessionId);
    expect(titles.sort()).toEqual([soon.id, later.id, quiet.id].sort());

    // Marked read one by one, or all at once; another student's id is not found.
    const id = list.items[0].id as number;
    const read = await ana.post(`/api/notifications/${id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().unread).toBe(2);
    expect(read.json().items.find((n: { id: number }) => n.id === id).read).toBe(true);
    const ben = new TestClient(t.app);
    await ben.registerAndLogin({ username: 'ben', email: 'ben@example.com' });
    const theirs = await ben.post(`/api/notifications/${id}/read`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({
      code: 'not_found',
      message: NOTIFICATION_MESSAGES.notFound,
      requestId: theirs.headers['x-request-id'],
    });
    expect((await ben.get('/api/notifications')).json()).toEqual({ items: [], unread: 0 });
    const all = await ana.post('/api/notifications/read-all');
    expect(all.json().unread).toBe(0);
    expect(all.json().items.every((n: { read: boolean }) => n.read)).toBe(true);
    expect((await new TestClient(t.app).get('/api/notifications')).statusCode).toBe(401);
  });

  it.runIf(kind === 'postgres')(
    'sends exactly one e-mail per session when two servers share the database and both scan',
    async () => {
      const { t, sink, session, reminders } = await setUp();
      const second: FastifyInstance = await buildApp({
        config: t.config,
        db: t.db,
        readers: testReaders(),
        hasher: createFastHasher(),
        jobTimes: { pollMs: 50, backoffMs: 20 },
        logStream: captureLog().stream,
      });
      await second.ready();
      open.push(second);
      const ids = [(await session(10)).id, (await session(20)).id, (await session(29)).id];
      for (let i = 0; i < 3; i++) {
        const made = await Promise.all([
          t.app.reminders.scan(),
          second.reminders.scan(),
          t.app.reminders.scan(),
          second.reminders.scan(),
        ]);
        expect(made.reduce((a, b) => a + b, 0)).toBe(i === 0 ? 3 : 0);
      }
      await Promise.all([t.settle(), second.jobs.idle()]);
      expect(sink?.messages).toHaveLength(3);
      expect(await reminders()).toHaveLength(3);
      for (const r of await reminders()) {
        expect(r).toMatchObject({ status: 'sent', emailStatus: 'sent' });
        expect(ids).toContain(r.sessionId);
      }
      expect(await countRows(t.db, 'notifications')).toBe(3);
    },
  );

  it('reminds a moved session for its new time only, and a deleted one not at all', async () => {
    const { t, sink, ana, session, reminders } = await setUp();
    const moved = await session(20);
    const deleted = await session(25, { title: 'Deleted' });
    // The rows are made, but the jobs wait.
    await t.app.jobs.stop();
    expect(await t.app.reminders.scan()).toBe(2);
    const newStart = inMinutes(28);
    await t.db.db
      .updateTable('studySessions')
      .set({ startAt: newStart, endAt: inMinutes(88) })
      .where('id', '=', moved.id)
      .execute();
    const del = await ana.request({
      method: 'DELETE',
      url: `/api/generic/DeleteStudySession/${deleted.id}`,
    });
    expect(del.statusCode, del.body).toBe(200);
    await t.app.jobs.start();
    await t.settle();
    expect(sink?.messages).toHaveLength(0);
    expect(await countRows(t.db, 'notifications')).toBe(0);
    expect(await reminders()).toEqual([
      expect.objectContaining({ sessionId: moved.id, status: 'cancelled', emailStatus: null }),
    ]);

    // Still due at its new time: one reminder for it.
    expect(await t.app.reminders.scan()).toBe(1);
    await t.settle();
    expect(sink?.messages).toHaveLength(1);
    const [notification] = (await ana.get('/api/notifications')).json().items;
    expect(notification.data).toMatchObject({ sessionId: moved.id, startsAt: newStart });

    // Moved again, three hours on: nothing is due until then.
    await t.db.db
      .updateTable('studySessions')
      .set({ startAt: inMinutes(180), endAt: inMinutes(240) })
      .where('id', '=', moved.id)
      .execute();
    expect(await t.app.reminders.scan()).toBe(0);
    await t.settle();
    expect(sink?.messages).toHaveLength(1);
  });

  it('keeps trying while the mail server is down and sends once when it is back; the bell has it at once', async () => {
    const { t, sink, ana, session, reminders } = await setUp();
    if (!sink) throw new Error('no sink');
    sink.state.refusing = true;
    await session(20);
    expect(await t.app.reminders.scan()).toBe(1);
    await until(() => sink.state.connections >= 3, 'three refused tries');
    // The bell got it on the first try, and only once.
    expect((await ana.get('/api/notifications')).json().unread).toBe(1);
    expect(await reminders()).toEqual([
      expect.objectContaining({ status: 'pending', emailStatus: null, sentAt: expect.any(String) }),
    ]);
    sink.state.refusing = false;
    await t.settle();
    expect(sink.messages).toHaveLength(1);
    expect(await countRows(t.db, 'notifications')).toBe(1);
    expect(await reminders()).toEqual([
      expect.objectContaining({ status: 'sent', emailStatus: 'sent' }),
    ]);
  });

  it('gives the e-mail up an hour after it was due, and never reminds of a session begun', async () => {
    const { t, sink, session, reminders } = await setUp();
    const late = await session(20);
    const begun = await session(25, { title: 'Begun' });
    await t.app.jobs.stop();
    expect(await t.app.reminders.scan()).toBe(2);
    // As if the mail server had been down for over an hour since the reminder was due.
    await t.db.db
      .updateTable('sessionReminders')
      .set({ dueAt: inMinutes(-61) })
      .where('sessionId', '=', late.id)
      .execute();
    // As if the session had begun before its job ran.
    const started = inMinutes(-1);
    await t.db.db
      .updateTable('studySessions')
      .set({ startAt: started })
      .where('id', '=', begun.id)
      .execute();
    await t.db.db
      .updateTable('sessionReminders')
      .set({ startsAt: started })
      .where('sessionId', '=', begun.id)
      .execute();
    await t.app.jobs.start();
    await t.settle();
    expect(sink?.messages).toHaveLength(0);
    const rows = await reminders();
    expect(rows.find((r) => r.sessionId === late.id)).toMatchObject({
      status: 'failed',
      emailStatus: 'failed',
      error: 'e-mail not sent in time',
      sentAt: expect.any(String),
    });
    expect(rows.find((r) => r.sessionId === begun.id)).toMatchObject({
      status: 'failed',
      error: 'too late',
      sentAt: null,
    });
    // The bell still shows the one whose session is ahead; none for the one begun.
    const notes = await t.db.db.selectFrom('notifications').select('data').execute();
    expect(notes.map((n) => JSON.parse(n.data).sessionId)).toEqual([late.id]);
  });

  it('turns reminders off from a signed link without a login, and refuses any other token', async () => {
    const { t, f, anaId, session } = await setUp({ smtp: false });
    await t.db.db.updateTable('users').set({ notifyOnLesson: 1 }).where('id', '=', anaId).execute();
    await session(200);
    await session(300);
    const ben = await f.user({ username: 'ben' });
    /** What the account's links are signed for: its creation time and unsubscribe version. */
    const account = async (id: number) => {
      const u = await t.db.db
        .selectFrom('users')
        .select(['createdAt', 'unsubscribeVersion'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return { createdAt: u.createdAt, version: u.unsubscribeVersion };
    };
    const tokens = createUnsubscribeTokens(
      loadOrCreateSecret(t.config.dataDir, 'jwt', t.config.jwtSecret),
    );
    const anaToken = tokens.sign({ userId: anaId, purpose: 'reminders-off' }, await account(anaId));
    const benToken = tokens.sign(
      { userId: ben.id, purpose: 'reminders-off' },
      await account(ben.id),
    );
    const settings = async () => ({
      notify: (
        await t.db.db
          .selectFrom('users')
          .select('notifyOnLesson')
          .where('id', '=', anaId)
          .executeTakeFirstOrThrow()
      ).notifyOnLesson,
      sessions: (
        await t.db.db
          .selectFrom('studySessions')
          .select('reminder')
          .where('userId', '=', anaId)
          .execute()
      ).map((s) => s.reminder),
    });
    /** As a mail client or the web page posts it: no login, no cookies, no CSRF token. */
    const post = (payload: object, query = '') =>
      t.app.inject({ method: 'POST', url: `/api/reminders/unsubscribe${query}`, payload });

    const [anaBody, anaSig] = anaToken.split('.') as [string, string];
    const [benBody, benSig] = benToken.split('.') as [string, string];
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const refused = [
      `${anaBody}.${flip(anaSig)}`,
      // Ben's valid signature on claims changed to name Ana.
      `${anaBody}.${benSig}`,
      // Ben's claims with Ana's signature.
      `${benBody}.${anaSig}`,
      tokens.sign({ userId: anaId, purpose: 'calendar' }, await account(anaId)),
      // Signed for an account made at another time (a deleted one whose id was given again).
      tokens.sign(
        { userId: anaId, purpose: 'reminders-off' },
        { ...(await account(anaId)), createdAt: '2020-01-01T00:00:00.000Z' },
      ),
      // Signed for another version of the account (before reminders were turned back on).
      tokens.sign(
        { userId: anaId, purpose: 'reminders-off' },
        { ...(await account(anaId)), version: 7 },
      ),
      tokens.sign({ userId: 999_999, purpose: 'reminders-off' }, await account(anaId)),
      'garbage',
      `${anaToken}.x`,
      `${anaBody}.${anaSig}=`,
    ];
    for (const token of refused) {
      const r = await post({ token });
      expect(r.statusCode, token).toBe(400);
      expect(r.json(), token).toMatchObject({
        code: 'validation_failed',
        message: NOTIFICATION_MESSAGES.badUnsubscribeLink,
      });
    }
    expect(await settings()).toEqual({ notify: 1, sessions: [1, 1] });

    const ok = await post({ token: anaToken });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ message: NOTIFICATION_MESSAGES.unsubscribed });
    expect(await settings()).toEqual({ notify: 0, sessions: [0, 0] });
    // Once more changes nothing and is no error (a second click).
    expect((await post({ token: anaToken })).statusCode).toBe(200);
    // RFC 8058 allows the one-click body as multipart/form-data too: the query's token counts.
    const boundary = 'x-boundary';
    const multipart = await t.app.inject({
      method: 'POST',
      url: `/api/reminders/unsubscribe?token=${encodeURIComponent(anaToken)}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    // Without a token anywhere: refused.
    const none = await t.app.inject({ method: 'POST', url: '/api/reminders/unsubscribe' });
    expect(none.statusCode).toBe(400);
    // The OpenAPI document describes the route.
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.body).toContain('/api/reminders/unsubscribe');
    // Ben's own link still works for Ben.
    expect((await post({ token: benToken })).statusCode).toBe(200);
  });

  it('writes the e-mail in the student’s language and zone, with the lesson and unsubscribe links', async () => {
    const { t, f, sink, ana, anaId, tree, log } = await setUp();
    if (!sink) throw new Error('no sink');
    const locale = await ana.request({
      method: 'PUT',
      url: '/api/account/locale',
      payload: { language: 'el', timeZone: 'Europe/Athens' },
    });
    expect(locale.statusCode, locale.body).toBe(200);
    const badZone = await ana.request({
      method: 'PUT',
      url: '/api/account/locale',
      payload: { language: 'el', timeZone: 'Mars/Olympus' },
    });
    expect(badZone.statusCode).toBe(400);
    const topic = await f.topic(anaId, tree.subject.id, { name: 'Limits <b> & "series"' });
    const start = inMinutes(20);
    await f.studySession(
      anaId,
      { studyPlanId: tree.plan.id, subjectId: tree.subject.id, topicId: topic.id },
      { title: 'Practice', startAt: start, endAt: inMinutes(80), reminder: 1 },
    );
    await t.app.reminders.scan();
    await t.settle();
    expect(sink.messages).toHaveLength(1);
    const mail = sink.messages[0];
    if (!mail) throw new Error('no mail');
    const hhmm = toZoned(new Date(start), 'Europe/Athens').time;
    expect(mail.to).toEqual(['ana@example.com']);
    expect(mail.headers.from).toBe('StudyBuddy <studybuddy@localhost>');
    expect(mail.subject).toBe(`Υπενθύμιση: Calculus: Limits <b> & "series" στις ${hhmm}`);
    expect(mail.text).toContain('Γεια σου Ana,');
    expect(mail.text).toContain(`στις ${hhmm} (Europe/Athens)`);
    expect(mail.text).toContain('Μάθημα: Calculus');
    expect(mail.text).toContain('Ενότητα: Limits <b> & "series"');
    const lessonUrl = `${PUBLIC_URL}/topic/${topic.id}/detail`;
    expect(mail.text).toContain(`Άνοιξε το μάθημα: ${lessonUrl}`);
    const page = new RegExp(`${PUBLIC_URL}/unsubscribe\\?token=([A-Za-z0-9_.-]+)`).exec(mail.text);
    expect(page).not.toBeNull();
    // The HTML holds the same, every value escaped.
    expect(mail.html).toContain('Limits &lt;b&gt; &amp; &quot;series&quot;');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain(`href="${lessonUrl}"`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/unsubscribe?token=${page?.[1]}"`);
    // RFC 8058: the one-click address with the same token, and the header that says so.
    const oneClick = `${PUBLIC_URL}/api/reminders/unsubscribe?token=${page?.[1]}`;
    expect(mail.headers['list-unsubscribe']).toBe(`<${oneClick}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // One Message-ID, the reminder's own, the same on every try.
    expect(mail.raw.match(/^Message-ID:/gim)).toHaveLength(1);
    expect(mail.headers['message-id']).toMatch(
      /^<reminder-\d+-[0-9a-z]+-[0-9a-z]+@study\.example\.org>$/,
    );

    // The mail client's one-click: a form post to that address, nothing else.
    const click = await t.app.inject({
      method: 'POST',
      url: oneClick.slice(PUBLIC_URL.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.statusCode, click.body).toBe(200);
    const user = await t.db.db
      .selectFrom('users')
      .select('notifyOnLesson')
      .where('id', '=', anaId)
      .executeTakeFirstOrThrow();
    expect(user.notifyOnLesson).toBe(0);
    const flags = await t.db.db
      .selectFrom('studySessions')
      .select('reminder')
      .where('userId', '=', anaId)
      .execute();
    expect(flags.every((s) => s.reminder === 0)).toBe(true);

    // The SMTP password and the link's token never reach the log.
    expect(log.events('mail.config')).toEqual([
      expect.objectContaining({ smtp: expect.stringContaining('reminders:***@127.0.0.1') }),
    ]);
    expect(log.text()).not.toContain('hunter2');
    expect(log.text()).not.toContain(page?.[1]);
    expect(log.text()).toContain('/api/reminders/unsubscribe?<token>');
    expect(log.events('reminders.sent')).toHaveLength(1);
    expect(log.events('reminders.unsubscribed')).toEqual([
      expect.objectContaining({ userId: anaId }),
    ]);
  });
});
