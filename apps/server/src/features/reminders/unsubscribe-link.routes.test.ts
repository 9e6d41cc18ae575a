import { NOTIFICATION_MESSAGES } from '@studybuddy/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createFactories } from '../../testing/factories.js';
import {
  captureLog,
  createTestApp,
  dbKinds,
  sampleUser,
  TestClient,
} from '../../testing/harness.js';
import { type SmtpSink, startSmtpSink } from '../../testing/smtp-sink.js';

const MINUTE = 60_000;
const PUBLIC_URL = 'https://study.example.org';
const inMinutes = (n: number) => new Date(Date.now() + n * MINUTE).toISOString();
const PROFILE = { firstName: 'Ana', lastName: 'Lee', email: sampleUser.email };

/** An e-mail's unsubscribe link, as the student's mailbox keeps it: what a click posts. */
describe.each(dbKinds)('unsubscribe links on %s', (kind) => {
  const open: { close(): Promise<unknown> | unknown }[] = [];
  afterEach(async () => {
    for (const o of open.splice(0).reverse()) await o.close();
  });

  async function setUp() {
    const sink: SmtpSink = await startSmtpSink();
    open.push(sink);
    const log = captureLog();
    const t = await createTestApp(
      kind,
      { LOG_LEVEL: 'info', PUBLIC_URL, SMTP_URL: sink.url },
      { logStream: log.stream },
    );
    open.push(t);
    const f = createFactories(t.db);
    const ana = new TestClient(t.app);
    const anaId = (await ana.registerAndLogin()).id;
    const tree = await f.planTree(anaId, { status: 'active', timeZone: 'Europe/Athens' });

    /** A session starting soon is reminded by e-mail: the token of that e-mail's link. */
    async function mailedToken(): Promise<string> {
      const sent = sink.messages.length;
      await f.studySession(
        anaId,
        { studyPlanId: tree.plan.id, subjectId: tree.subject.id, topicId: tree.topic.id },
        { title: 'Practice', startAt: inMinutes(20), endAt: inMinutes(80) },
      );
      await t.app.reminders.scan();
      await t.settle();
      const text = sink.messages[sent]?.text ?? '';
      const token = new RegExp(`${PUBLIC_URL}/unsubscribe\\?token=([A-Za-z0-9_.-]+)`).exec(text);
      if (!token?.[1]) throw new Error(`no unsubscribe link in: ${text}`);
      return token[1];
    }
    /** As the web page posts it: no login, no cookies, no CSRF token. */
    const click = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/reminders/unsubscribe', payload: { token } });
    /** The profile's switch, saved as the profile form does. */
    const setReminders = async (on: boolean, firstName = PROFILE.firstName) => {
      const r = await ana.post('/user/profile/update', {
        ...PROFILE,
        firstName,
        notifyOnLesson: on,
      });
      expect(r.statusCode, r.body).toBe(200);
    };
    const remindersOn = async () =>
      (
        await t.db.db
          .selectFrom('users')
          .select('notifyOnLesson')
          .where('id', '=', anaId)
          .executeTakeFirstOrThrow()
      ).notifyOnLesson === 1;
    return { t, log, mailedToken, click, setReminders, remindersOn };
  }

  it('stop working once the student turns reminders on again; the new e-mails’ links work', async () => {
    const { mailedToken, click, setReminders, remindersOn } = await setUp();
    await setReminders(true);
    const first = await mailedToken();
    // Saving the profile with the switch still on is no re-subscription: the link still works.
    await setReminders(true, 'Anna');
    expect((await click(first)).statusCode).toBe(200);
    expect(await remindersOn()).toBe(false);
    // A second click (the page after the mail client's one-click) is no error.
    expect((await click(first)).statusCode).toBe(200);

    await setReminders(true);
    const refused = await click(first);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'validation_failed',
      message: NOTIFICATION_MESSAGES.badUnsubscribeLink,
    });
    expect(await remindersOn()).toBe(true);

    const second = await mailedToken();
    expect(second).not.toBe(first);
    expect((await click(second)).statusCode).toBe(200);
    expect(await remindersOn()).toBe(false);
  });

  it('never reach the log, however the address is spelled', async () => {
    const { t, log, mailedToken, setReminders } = await setUp();
    await setReminders(true);
    const token = await mailedToken();
    const from = log.lines.length;
    // The e-mail's own link: the web page, served to anyone.
    await t.app.inject({ method: 'GET', url: `/unsubscribe?token=${token}` });
    // The one-click address, as sent and spelled otherwise; the router and the query parser
    // decode both, so each turns reminders off.
    const oneClick = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const url of [
      `/api/reminders/unsubscribe?token=${token}`,
      `/api/reminders/%75nsubscribe?token=${token}`,
      `/api/reminders/unsubscribe?%74oken=${token}`,
    ]) {
      const r = await t.app.inject({
        method: 'POST',
        url,
        headers: oneClick,
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(r.statusCode, url).toBe(200);
    }
    const urls = log.lines.slice(from).flatMap((l) => {
      const url = (l.req as { url?: string } | undefined)?.url;
      return url === undefined ? [] : [url];
    });
    expect(urls).toEqual([
      '/unsubscribe?<token>',
      '/api/reminders/unsubscribe?<token>',
      '/api/reminders/%75nsubscribe?<token>',
      '/api/reminders/unsubscribe?<token>',
    ]);
    const signature = token.split('.')[1] as string;
    expect(log.text()).not.toContain(signature);
  });
});
