import type { Kysely } from 'kysely';
import { insertJobs } from '../../db/job-queue.js';
import type { Database } from '../../db/types.js';
import type { UnsubscribeBinding } from './unsubscribe-token.js';

/** The job kind that delivers one session reminder (payload: `{ reminderId }`). */
export const SESSION_REMINDER_JOB = 'session-reminder';
/** The job that e-mails a class's change set to one member (docs/classes.md). */
export const CLASS_CHANGE_EMAIL_JOB = 'class-change-email';

/** A session of an accepted plan that wants a reminder, with its student's lead time. */
export interface UpcomingSessionRow {
  sessionId: number;
  userId: number;
  startAt: string;
  leadMinutes: number;
}

/** A reminder with what its job needs: the session now, and the student's address and locale. */
export interface ReminderRow {
  id: number;
  userId: number;
  sessionId: number;
  startsAt: string;
  dueAt: string;
  status: string;
  emailStatus: string | null;
  /** When the bell got it; null until then. */
  sentAt: string | null;
  /** When its push to the student's devices began; null until then. */
  pushSentAt: string | null;
  session: {
    startAt: string;
    title: string;
    planId: number;
    planStatus: string;
    planTimeZone: string | null;
    topicId: number | null;
    topicName: string | null;
    subjectName: string;
    /** The session's own switch or the student's: either asks for the reminder. */
    wanted: boolean;
  };
  user: {
    email: string;
    firstName: string;
    language: string;
    timeZone: string;
    /** What the e-mail's unsubscribe link is signed for. */
    unsubscribe: UnsubscribeBinding;
  };
}

/** How a reminder ended (status sent | failed | cancelled). */
export interface ReminderOutcome {
  status: 'sent' | 'failed' | 'cancelled';
  emailStatus?: 'sent' | 'failed' | null;
  error?: string | null;
  now: string;
}

/** A row of the bell's list, its data still JSON text. */
export interface NotificationRow {
  id: number;
  kind: string;
  data: string;
  readAt: string | null;
  createdAt: string;
}

/**
 * Session reminders, the bell's notifications, and the students' reminder settings. Every query
 * on a student's data is scoped by their id, save the scan and the job's reads, which work for
 * every student on the instance's behalf.
 */
export function createRemindersRepository(db: Kysely<Database>) {
  return {
    /**
     * The sessions of accepted plans starting after `from` and by `to` (the start_at index),
     * whose own reminder or whose student's `notifyOnLesson` is on, and whose reminder at this
     * start time is not made yet.
     */
    listUpcomingSessions(from: string, to: string): Promise<UpcomingSessionRow[]> {
      return (
        db
          .selectFrom('studySessions as s')
          .innerJoin('studyPlans as p', 'p.id', 's.studyPlanId')
          .innerJoin('users as u', 'u.id', 's.userId')
          .select([
            's.id as sessionId',
            's.userId',
            's.startAt',
            'u.reminderLeadMinutes as leadMinutes',
          ])
          .where('s.startAt', '>', from)
          .where('s.startAt', '<=', to)
          .where('p.status', '=', 'active')
          .where((eb) => eb.or([eb('s.reminder', '=', 1), eb('u.notifyOnLesson', '=', 1)]))
          // Made already (by this scan or another instance's): not tried again every scan.
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('sessionReminders as r')
                  .select('r.id')
                  .whereRef('r.sessionId', '=', 's.id')
                  .whereRef('r.startsAt', '=', 's.startAt'),
              ),
            ),
          )
          .orderBy('s.startAt')
          .execute()
      );
    },

    /**
     * The reminder of a session at this start time and its delivery job, in one transaction;
     * nothing when the row exists already (UNIQUE(session_id, starts_at)), whoever made it.
     * True when this call made it.
     */
    insertReminder(r: {
      userId: number;
      sessionId: number;
      startsAt: string;
      dueAt: string;
      now: string;
    }): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('sessionReminders')
          .values({
            userId: r.userId,
            sessionId: r.sessionId,
            startsAt: r.startsAt,
            dueAt: r.dueAt,
            status: 'pending',
            emailStatus: null,
            error: null,
            sentAt: null,
            createdAt: r.now,
            updatedAt: r.now,
          })
          .onConflict((oc) => oc.columns(['sessionId', 'startsAt']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) return false;
        await insertJobs(
          trx,
          [
            {
              kind: SESSION_REMINDER_JOB,
              userId: r.userId,
              payload: { reminderId: row.id },
              // Due already: ahead of any model work queued since it fell due.
              runAfter: r.dueAt,
            },
          ],
          r.now,
        );
        return true;
      });
    },

    /** The reminder, its session and its student; undefined once the session is gone. */
    async findReminder(id: number): Promise<ReminderRow | undefined> {
      const r = await db
        .selectFrom('sessionReminders as r')
        .innerJoin('studySessions as s', 's.id', 'r.sessionId')
        .innerJoin('studyPlans as p', 'p.id', 's.studyPlanId')
        .innerJoin('subjects as sub', 'sub.id', 's.subjectId')
        .innerJoin('users as u', 'u.id', 'r.userId')
        .leftJoin('topics as t', 't.id', 's.topicId')
        .select([
          'r.id',
          'r.userId',
          'r.sessionId',
          'r.startsAt',
          'r.dueAt',
          'r.status',
          'r.emailStatus',
          'r.sentAt',
          'r.pushSentAt',
          's.startAt',
          's.title',
          's.studyPlanId as planId',
          'p.status as planStatus',
          'p.timeZone as planTimeZone',
          's.topicId',
          't.name as topicName',
          'sub.name as subjectName',
          's.reminder',
          'u.notifyOnLesson',
          'u.email',
          'u.firstName',
          'u.language',
          'u.timeZone',
          'u.createdAt as userCreatedAt',
          'u.unsubscribeVersion',
        ])
        .where('r.id', '=', id)
        .executeTakeFirst();
      if (!r) return undefined;
      return {
        id: r.id,
        userId: r.userId,
        sessionId: r.sessionId,
        startsAt: r.startsAt,
        dueAt: r.dueAt,
        status: r.status,
        emailStatus: r.emailStatus,
        sentAt: r.sentAt,
        pushSentAt: r.pushSentAt,
        session: {
          startAt: r.startAt,
          title: r.title,
          planId: r.planId,
          planStatus: r.planStatus,
          planTimeZone: r.planTimeZone,
          topicId: r.topicId,
          topicName: r.topicName,
          subjectName: r.subjectName,
          wanted: r.reminder === 1 || r.notifyOnLesson === 1,
        },
        user: {
          email: r.email,
          firstName: r.firstName,
          language: r.language,
          timeZone: r.timeZone,
          unsubscribe: { createdAt: r.userCreatedAt, version: r.unsubscribeVersion },
        },
      };
    },

    /**
     * The bell's notification of a reminder, written at most once: the reminder's `sentAt` is
     * set in the same transaction, only while it is null, and the notification only when that
     * update took. True when this call wrote it.
     */
    deliverInApp(r: { reminderId: number; userId: number; data: string; now: string }) {
      return db.transaction().execute(async (trx) => {
        const marked = await trx
          .updateTable('sessionReminders')
          .set({ sentAt: r.now, updatedAt: r.now })
          .where('id', '=', r.reminderId)
          .where('status', '=', 'pending')
          .where('sentAt', 'is', null)
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) === 0) return false;
        await trx
          .insertInto('notifications')
          .values({
            userId: r.userId,
            kind: SESSION_REMINDER_JOB,
            data: r.data,
            readAt: null,
            createdAt: r.now,
          })
          .execute();
        return true;
      });
    },

    /**
     * Takes the reminder's push for this run: stamps `push_sent_at`, only while it is empty and
     * the reminder pending. True when this call took it; no other run ever will.
     */
    async claimPush(reminderId: number, now: string): Promise<boolean> {
      const r = await db
        .updateTable('sessionReminders')
        .set({ pushSentAt: now, updatedAt: now })
        .where('id', '=', reminderId)
        .where('status', '=', 'pending')
        .where('pushSentAt', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** Ends a pending reminder; an ended one is left as it is. True when this call ended it. */
    async finishReminder(id: number, o: ReminderOutcome): Promise<boolean> {
      const r = await db
        .updateTable('sessionReminders')
        .set({
          status: o.status,
          ...(o.emailStatus !== undefined ? { emailStatus: o.emailStatus } : {}),
          ...(o.error !== undefined ? { error: o.error?.slice(0, 500) ?? null } : {}),
          updatedAt: o.now,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** Puts a notification of `kind` in the student's bell (unread). */
    async insertNotification(userId: number, kind: string, data: string, now: string) {
      await db
        .insertInto('notifications')
        .values({ userId, kind, data, readAt: null, createdAt: now })
        .execute();
    },

    /** The student's newest notifications, newest first. */
    listNotifications(userId: number, limit: number): Promise<NotificationRow[]> {
      return db
        .selectFrom('notifications')
        .select(['id', 'kind', 'data', 'readAt', 'createdAt'])
        .where('userId', '=', userId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    async countUnread(userId: number): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('userId', '=', userId)
        .where('readAt', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Marks one of the student's notifications read; false when it is not theirs (or gone). */
    async markRead(userId: number, id: number, now: string): Promise<boolean> {
      const found = await db
        .selectFrom('notifications')
        .select('id')
        .where('userId', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!found) return false;
      await db
        .updateTable('notifications')
        .set({ readAt: now })
        .where('userId', '=', userId)
        .where('id', '=', id)
        .where('readAt', 'is', null)
        .execute();
      return true;
    },

    async markAllRead(userId: number, now: string): Promise<void> {
      await db
        .updateTable('notifications')
        .set({ readAt: now })
        .where('userId', '=', userId)
        .where('readAt', 'is', null)
        .execute();
    },

    async setLocale(userId: number, language: string, timeZone: string, now: string) {
      await db
        .updateTable('users')
        .set({ language, timeZone, updatedAt: now })
        .where('id', '=', userId)
        .execute();
    },

    /**
     * Who a class change goes to: the e-mail, whether they want e-mails, the language of the
     * e-mail and the push; undefined if gone.
     */
    findMailTarget(userId: number) {
      return db
        .selectFrom('users')
        .select([
          'email',
          'firstName',
          'language',
          'notifyOnLesson',
          'createdAt',
          'unsubscribeVersion',
        ])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** Queues the e-mail of a class's change set to one member. */
    async queueClassChangeEmail(userId: number, payload: object, now: string): Promise<void> {
      await insertJobs(db, [{ kind: CLASS_CHANGE_EMAIL_JOB, userId, payload }], now);
    },

    /** What an unsubscribe link of the account is signed for now; undefined if no account. */
    async findUnsubscribeBinding(userId: number): Promise<UnsubscribeBinding | undefined> {
      const row = await db
        .selectFrom('users')
        .select(['createdAt', 'unsubscribeVersion'])
        .where('id', '=', userId)
        .executeTakeFirst();
      return row && { createdAt: row.createdAt, version: row.unsubscribeVersion };
    },

    /**
     * Lesson reminders off for the student, in one transaction: the profile's switch and every
     * session's own. Reminders already made are cancelled when their job finds them unwanted.
     */
    turnRemindersOff(userId: number, now: string): Promise<void> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ notifyOnLesson: 0, updatedAt: now })
          .where('id', '=', userId)
          .execute();
        await trx
          .updateTable('studySessions')
          .set({ reminder: 0 })
          .where('userId', '=', userId)
          .where('reminder', '=', 1)
          .execute();
      });
    },
  };
}
export type RemindersRepository = ReturnType<typeof createRemindersRepository>;
