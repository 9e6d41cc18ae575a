import {
  type BusyClashData,
  busyClashDataSchema,
  type ClassChangeData,
  classChangeDataSchema,
  type LocaleInput,
  NOTIFICATION_MESSAGES,
  NOTIFICATIONS_LIST_MAX,
  type NotificationList,
  REMINDER_LEAD_MINUTES,
  reminderLeadOf,
  type SessionReminderData,
  sessionReminderDataSchema,
} from '@studybuddy/contracts';
import type { Mailer } from '../../adapters/mail/mailer.js';
import { AppError } from '../../platform/app-error.js';
import type { JobHandler, JobLogger } from '../../platform/job-runner.js';
import { sessionUrl } from '../calendar-feed/index.js';
import type { PushService } from '../push/index.js';
import { classChangeEmail } from './class-change-email.js';
import { classChangePush } from './class-change-push.js';
import { reminderEmail } from './reminder-email.js';
import { reminderPush } from './reminder-push.js';
import {
  type ReminderRow,
  type RemindersRepository,
  SESSION_REMINDER_JOB,
} from './reminders.repository.js';
import {
  REMINDERS_OFF,
  type UnsubscribeBinding,
  type UnsubscribeTokens,
} from './unsubscribe-token.js';

const MINUTE_MS = 60_000;
/** The notifications' kind of a clash (the bell's `busy-clash`). */
const BUSY_CLASH_KIND = 'busy-clash';
/** The notifications' kind of a class's change set (the bell's `class-change`). */
const CLASS_CHANGE_KIND = 'class-change';
/** A push service keeps a class's change this long for a device that is off: a week. */
const CLASS_CHANGE_PUSH_TTL_SECONDS = 7 * 24 * 3600;
/** The scan looks this far ahead: the longest lead time. */
const HORIZON_MS = Math.max(...REMINDER_LEAD_MINUTES) * MINUTE_MS;
/** An e-mail not sent within this long after its due time is not sent at all. */
export const EMAIL_GRACE_MS = 60 * MINUTE_MS;

/** The payload of a `class-change-email` job. */
export interface ClassChangeEmailPayload {
  userId: number;
  data: ClassChangeData;
}

/** The payload of a `session-reminder` job. */
export interface SessionReminderPayload {
  reminderId: number;
}

export interface RemindersDeps {
  repo: RemindersRepository;
  /** Absent without SMTP_URL: reminders reach the bell only. */
  mailer?: Mailer;
  /** Push reminders to the student's subscribed devices; absent: none. */
  push?: Pick<PushService, 'sendToStudent'>;
  tokens: UnsubscribeTokens;
  /** The web app's origin for the links in e-mails (PUBLIC_URL). */
  publicUrl: string;
  /** New jobs were queued: the runner claims them now rather than at its next poll. */
  wakeJobs(): void;
  log: JobLogger;
  /** Tests may fix the clock. */
  now?: () => Date;
}

const badLink = () =>
  new AppError(400, 'validation_failed', NOTIFICATION_MESSAGES.badUnsubscribeLink, [
    { path: 'token', message: NOTIFICATION_MESSAGES.badUnsubscribeLink },
  ]);

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Session reminders (docs/product.md, Reminders): the scan that makes each due reminder once,
 * the job that delivers it (the bell, the push devices, then the e-mail), the bell's list, and
 * turning reminders off from an e-mail's link.
 */
export function createRemindersService(deps: RemindersDeps) {
  const { repo, mailer, push, tokens, log } = deps;
  const now = deps.now ?? (() => new Date());
  const host = new URL(deps.publicUrl).hostname || 'localhost';

  /** The two unsubscribe addresses of a student's e-mails: the web page and the one-click POST. */
  function unsubscribeLinks(userId: number, account: UnsubscribeBinding) {
    const token = encodeURIComponent(tokens.sign({ userId, purpose: REMINDERS_OFF }, account));
    return {
      page: `${deps.publicUrl}/unsubscribe?token=${token}`,
      oneClick: `${deps.publicUrl}/api/reminders/unsubscribe?token=${token}`,
    };
  }

  /** Where a reminder leads, in the e-mail and the push alike: the lesson, or the calendar's day. */
  const lessonUrlOf = (r: ReminderRow) =>
    sessionUrl({ origin: deps.publicUrl }, { ...r.session, startAt: r.startsAt });

  const dataOf = (r: ReminderRow): SessionReminderData => ({
    sessionId: r.sessionId,
    planId: r.session.planId,
    topicId: r.session.topicId,
    title: r.session.title,
    subjectName: r.session.subjectName,
    topicName: r.session.topicName,
    startsAt: r.startsAt,
  });

  async function finish(
    r: ReminderRow,
    outcome: 'sent' | 'failed' | 'cancelled',
    fields: { emailStatus?: 'sent' | 'failed' | null; error?: string },
  ): Promise<void> {
    const done = await repo.finishReminder(r.id, {
      status: outcome,
      ...fields,
      now: now().toISOString(),
    });
    if (!done) return;
    const line = {
      event: `reminders.${outcome}`,
      reminderId: r.id,
      sessionId: r.sessionId,
      userId: r.userId,
      ...(fields.emailStatus !== undefined ? { emailStatus: fields.emailStatus } : {}),
      ...(fields.error ? { reason: fields.error } : {}),
    };
    if (outcome === 'failed') log.warn(line, 'session reminder failed');
    else log.info(line, `session reminder ${outcome}`);
  }

  /**
   * Pushes the reminder to every device of the student, at most once whatever becomes of the
   * run: the row is stamped first, so a run tried again (SMTP down) or a crash after the stamp
   * never pushes it twice. A crash between the stamp and the push loses the push; the bell and
   * the e-mail still have the reminder, and a second alert on the lock screen would be worse.
   * A push that fails is logged and fails nothing else.
   */
  async function sendPush(r: ReminderRow, p: NonNullable<RemindersDeps['push']>, at: number) {
    if (r.pushSentAt !== null) return;
    if (!(await repo.claimPush(r.id, new Date(at).toISOString()))) return;
    const message = reminderPush({
      language: r.user.language,
      timeZone: r.user.timeZone,
      subjectName: r.session.subjectName,
      topicName: r.session.topicName,
      title: r.session.title,
      startsAt: r.startsAt,
      lessonUrl: lessonUrlOf(r),
    });
    try {
      // Kept by the push services until the session starts: a reminder after that is noise.
      const ttlSeconds = Math.floor((Date.parse(r.startsAt) - at) / 1000);
      const report = await p.sendToStudent(r.userId, message, { ttlSeconds });
      if (report.devices > 0)
        log.info(
          { event: 'reminders.push', reminderId: r.id, userId: r.userId, ...report },
          'session reminder pushed',
        );
    } catch (error) {
      log.warn(
        {
          event: 'reminders.push_failed',
          reminderId: r.id,
          userId: r.userId,
          error: describe(error),
        },
        'session reminder not pushed',
      );
    }
  }

  async function sendEmail(r: ReminderRow, m: Mailer): Promise<void> {
    const links = unsubscribeLinks(r.userId, r.user.unsubscribe);
    const email = reminderEmail({
      language: r.user.language,
      timeZone: r.user.timeZone,
      firstName: r.user.firstName,
      subjectName: r.session.subjectName,
      topicName: r.session.topicName,
      title: r.session.title,
      startsAt: r.startsAt,
      lessonUrl: lessonUrlOf(r),
      unsubscribeUrl: links.page,
    });
    await m.send({
      to: r.user.email,
      ...email,
      headers: {
        // The same id on every try: a mail system that got a copy already may drop another.
        'Message-ID': `<reminder-${r.id}-${Date.parse(r.startsAt).toString(36)}-${Date.parse(r.user.unsubscribe.createdAt).toString(36)}@${host}>`,
        'List-Unsubscribe': `<${links.oneClick}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'Auto-Submitted': 'auto-generated',
      },
    });
  }

  /**
   * Delivers one reminder: once in the bell, once to the student's push devices, then by
   * e-mail when there is SMTP. Ends it
   * `cancelled` when the session moved or the reminder is no longer wanted, `failed` when the
   * session has begun (a reminder is never sent late as if on time) or the e-mail could not go
   * within EMAIL_GRACE_MS of its due time (the bell still has it). An SMTP failure before that
   * throws, so the runner tries again.
   */
  const deliveryJob: JobHandler<SessionReminderPayload> = {
    // The job stops itself (EMAIL_GRACE_MS); a try a minute at most while the server is down.
    maxAttempts: 200,
    maxDelayMs: MINUTE_MS,

    async run({ reminderId }) {
      const r = await repo.findReminder(reminderId);
      // Gone with its session (the row is deleted with it), or ended by an earlier run.
      if (r?.status !== 'pending') return;
      const at = now().getTime();
      const startsAt = Date.parse(r.startsAt);
      if (Date.parse(r.session.startAt) !== startsAt) {
        return finish(r, 'cancelled', { error: 'the session moved' });
      }
      if (!r.session.wanted || r.session.planStatus !== 'active') {
        return finish(r, 'cancelled', { error: 'reminder turned off' });
      }
      if (at >= startsAt) {
        return finish(r, 'failed', {
          ...(mailer ? { emailStatus: 'failed' as const } : {}),
          error: 'too late',
        });
      }
      if (r.sentAt === null) {
        const data = JSON.stringify(sessionReminderDataSchema.parse(dataOf(r)));
        const written = await repo.deliverInApp({
          reminderId: r.id,
          userId: r.userId,
          data,
          now: new Date(at).toISOString(),
        });
        if (written)
          log.info(
            {
              event: 'reminders.in_app',
              reminderId: r.id,
              sessionId: r.sessionId,
              userId: r.userId,
            },
            'session reminder in the bell',
          );
      }
      if (push) await sendPush(r, push, at);
      if (!mailer) return finish(r, 'sent', { emailStatus: null });
      if (r.emailStatus === 'sent') return finish(r, 'sent', {});
      if (at > Date.parse(r.dueAt) + EMAIL_GRACE_MS) {
        return finish(r, 'failed', { emailStatus: 'failed', error: 'e-mail not sent in time' });
      }
      try {
        await sendEmail(r, mailer);
      } catch (error) {
        log.warn(
          {
            event: 'reminders.email_retry',
            reminderId: r.id,
            userId: r.userId,
            error: describe(error),
          },
          'reminder e-mail not sent; it will be tried again',
        );
        throw Object.assign(new Error(`SMTP: ${describe(error)}`), { retryable: true });
      }
      // Written even if this instance is stopping meanwhile: the e-mail went.
      await finish(r, 'sent', { emailStatus: 'sent' });
    },

    /** The runner stopped trying (it should not, before the job stops itself). */
    async giveUp({ reminderId }, error) {
      const r = await repo.findReminder(reminderId);
      if (r?.status === 'pending')
        await finish(r, 'failed', {
          ...(mailer ? { emailStatus: 'failed' as const } : {}),
          error: describe(error),
        });
    },
  };

  async function list(userId: number): Promise<NotificationList> {
    const [rows, unread] = await Promise.all([
      repo.listNotifications(userId, NOTIFICATIONS_LIST_MAX),
      repo.countUnread(userId),
    ]);
    const items: NotificationList['items'] = [];
    for (const row of rows) {
      let data: unknown;
      try {
        data = JSON.parse(row.data);
      } catch {
        continue;
      }
      const fields = { id: row.id, read: row.readAt !== null, createdAt: row.createdAt };
      // A row that does not read as its kind (an older shape, a kind this build does not know)
      // is left out of the bell rather than failing it.
      if (row.kind === SESSION_REMINDER_JOB) {
        const parsed = sessionReminderDataSchema.safeParse(data);
        if (parsed.success) items.push({ ...fields, kind: 'session-reminder', data: parsed.data });
      } else if (row.kind === BUSY_CLASH_KIND) {
        const parsed = busyClashDataSchema.safeParse(data);
        if (parsed.success) items.push({ ...fields, kind: 'busy-clash', data: parsed.data });
      } else if (row.kind === CLASS_CHANGE_KIND) {
        const parsed = classChangeDataSchema.safeParse(data);
        if (parsed.success) items.push({ ...fields, kind: 'class-change', data: parsed.data });
      }
    }
    return { items, unread };
  }

  /** Sends one member the e-mail of a class's change set; SMTP down: tried again later. */
  const classChangeEmailJob: JobHandler<ClassChangeEmailPayload> = {
    async run({ userId, data }) {
      const target = await repo.findMailTarget(userId);
      // Turned off (or the account gone) since it was queued: nothing is sent.
      if (!mailer || target?.notifyOnLesson !== 1) return;
      const links = unsubscribeLinks(userId, {
        createdAt: target.createdAt,
        version: target.unsubscribeVersion,
      });
      const email = classChangeEmail({
        language: target.language,
        firstName: target.firstName,
        data,
        classUrl: `${deps.publicUrl}/classes/${data.classId}`,
        unsubscribeUrl: links.page,
      });
      try {
        await mailer.send({
          to: target.email,
          ...email,
          headers: {
            'List-Unsubscribe': `<${links.oneClick}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            'Auto-Submitted': 'auto-generated',
          },
        });
      } catch (error) {
        log.warn(
          { event: 'classes.email_retry', userId, classId: data.classId, error: describe(error) },
          'class change e-mail not sent; it will be tried again',
        );
        throw Object.assign(new Error(`SMTP: ${describe(error)}`), { retryable: true });
      }
      log.info(
        { event: 'classes.email_sent', userId, classId: data.classId },
        'class change e-mailed',
      );
    },
  };

  return {
    deliveryJob,
    classChangeEmailJob,

    /**
     * Makes the reminders that are due at `at` (default now): each session of an accepted plan
     * that wants one, starting within the longest lead time and whose own lead time has come,
     * gets one row and one delivery job, once per start time whichever instance sees it first.
     * Resolves with how many this call made.
     */
    async scan(at: Date = now()): Promise<number> {
      const from = at.toISOString();
      const to = new Date(at.getTime() + HORIZON_MS).toISOString();
      let made = 0;
      for (const s of await repo.listUpcomingSessions(from, to)) {
        const due = Date.parse(s.startAt) - reminderLeadOf(s.leadMinutes) * MINUTE_MS;
        if (due > at.getTime()) continue;
        const inserted = await repo.insertReminder({
          userId: s.userId,
          sessionId: s.sessionId,
          startsAt: s.startAt,
          dueAt: new Date(due).toISOString(),
          now: from,
        });
        if (inserted) made++;
      }
      if (made > 0) {
        log.info({ event: 'reminders.scheduled', count: made }, 'session reminders due');
        deps.wakeJobs();
      }
      return made;
    },

    /**
     * Tells the student in the bell that a calendar read in the background now covers sessions
     * ahead (docs/product.md, Busy time). No e-mail: the calendar page lists and moves them.
     */
    async notifyClash(userId: number, data: BusyClashData): Promise<void> {
      await repo.insertNotification(
        userId,
        BUSY_CLASH_KIND,
        JSON.stringify(busyClashDataSchema.parse(data)),
        now().toISOString(),
      );
    },

    /**
     * Tells a class's member in the bell what the teacher changed (docs/classes.md); the class
     * page offers to take it into their plan.
     */
    async notifyClassChange(userId: number, data: ClassChangeData): Promise<void> {
      const at = now().toISOString();
      await repo.insertNotification(
        userId,
        CLASS_CHANGE_KIND,
        JSON.stringify(classChangeDataSchema.parse(data)),
        at,
      );
      // The student's switch and language, read once for both channels below.
      const target = mailer || push ? await repo.findMailTarget(userId) : undefined;
      // By e-mail when the server has SMTP and the student keeps lesson reminders on (the
      // same switch and unsubscribe link): queued, so a class of thirty waits on no SMTP.
      if (mailer && target?.notifyOnLesson === 1) {
        await repo.queueClassChangeEmail(userId, { userId, data }, at);
        deps.wakeJobs();
      }
      if (!push) return;
      // The student's devices too, as their session reminders reach them; a failed push is
      // logged and leaves the bell's notification standing.
      const language = target?.language ?? 'en';
      const url = `${deps.publicUrl}/classes/${data.classId}`;
      try {
        await push.sendToStudent(userId, classChangePush(data, language, url, at), {
          ttlSeconds: CLASS_CHANGE_PUSH_TTL_SECONDS,
        });
      } catch (error) {
        log.warn(
          { event: 'classes.push_failed', userId, classId: data.classId, error: describe(error) },
          'class change not pushed',
        );
      }
    },

    /** The bell: the student's newest notifications and how many are unread. */
    list,

    /** Marks one of the student's notifications read; another student's is not found. */
    async markRead(userId: number, id: number): Promise<NotificationList> {
      if (!(await repo.markRead(userId, id, now().toISOString())))
        throw AppError.notFound(NOTIFICATION_MESSAGES.notFound);
      return list(userId);
    },

    async markAllRead(userId: number): Promise<NotificationList> {
      await repo.markAllRead(userId, now().toISOString());
      return list(userId);
    },

    /** The language and zone the student's e-mails are written in. */
    async setLocale(userId: number, input: LocaleInput): Promise<{ message: string }> {
      await repo.setLocale(userId, input.language, input.timeZone, now().toISOString());
      return { message: 'Saved.' };
    },

    /**
     * Turns the student's lesson reminders off (the profile's switch and each session's) by an
     * e-mail's signed link, without a login. A token that is not this server's signature for an
     * existing account at its current unsubscribe version and this purpose changes nothing.
     * Resolves with whose they were.
     */
    async unsubscribe(token: string): Promise<{ userId: number; message: string }> {
      const claims = tokens.read(token);
      if (!claims) throw badLink();
      const account = await repo.findUnsubscribeBinding(claims.userId);
      if (account === undefined || !tokens.verify(token, account)) throw badLink();
      await repo.turnRemindersOff(claims.userId, now().toISOString());
      return { userId: claims.userId, message: NOTIFICATION_MESSAGES.unsubscribed };
    },

    /** The links a student's e-mails carry (tests follow them). */
    unsubscribeLinks,
  };
}
export type RemindersService = ReturnType<typeof createRemindersService>;
