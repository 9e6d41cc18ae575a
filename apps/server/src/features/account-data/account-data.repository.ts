import type { Kysely } from 'kysely';
import { checkpointAfterErase } from '../../db/erase.js';
import type { Database } from '../../db/types.js';
import { createCalendarFeedRepository, type FeedSessionRow } from '../calendar-feed/index.js';

type Row = Record<string, unknown>;

/**
 * Every table but `users`, the admin log, the daily counters and the backup runs: each names
 * its student in `userId`. The admin log names accounts by e-mail and is kept: it records who
 * deleted an account on request. The counters and the backup runs name nobody.
 */
export type StudentTable = Exclude<
  keyof Database,
  'users' | 'adminActions' | 'dailyCounts' | 'backups'
>;

/**
 * The tables exported whole: never the logins, the reset links, the recovery codes, the school
 * accounts signed in with (logins too), the jobs, the files (their text), the imported calendars
 * (a copy of a timetable the student holds, read again from it), the plan list's version (a
 * cache key, no data of the student's) or the push subscriptions (a browser's push address and
 * keys are a capability: whoever holds them can send to the device) or a card import's preview (a
 * copy of a package the student holds, kept an hour until they confirm it), a class's files (their
 * text), its change sets (what its members were offered) or the links of a member's copy (the
 * copy itself is the student's subjects and topics).
 */
type ExportedTable = Exclude<
  StudentTable,
  | 'authSessions'
  | 'jobs'
  | 'studyFiles'
  | 'planVersions'
  | 'passwordResets'
  | 'recoveryCodes'
  | 'externalIdentities'
  | 'calendars'
  | 'calendarBusy'
  | 'idempotencyKeys'
  | 'pushSubscriptions'
  | 'cardImports'
  | 'classFiles'
  | 'classChanges'
  | 'classCopies'
>;

/**
 * Where each table's rows go in the account's delete: a row before the rows it points to, so
 * the delete needs no `ON DELETE CASCADE` (every foreign key has one today, but the delete does
 * not lean on it). A Record over `Database`, so a table added to db/types.ts does not compile
 * until it is placed here, and its rows are then deleted with the account.
 */
const DELETE_RANK: Record<StudentTable, number> = {
  // A teacher's class goes with their account. Other students' memberships of it (and the links
  // of their copies) are theirs, not this account's rows: they go by the foreign keys' cascade,
  // and the copies themselves (subjects, topics, files of their own) stay.
  classCopies: 1, // -> class members
  classTopics: 1, // -> class exams, classes
  classFiles: 1, // -> classes
  classChanges: 1, // -> classes
  classMembers: 2, // -> classes, study plans
  classExams: 2, // -> classes
  classes: 3,
  flashcardReviews: 1, // -> flashcards
  sessionReminders: 1, // -> study sessions
  quizResults: 1, // -> quizzes, lessons
  lessonReviews: 1, // -> lessons
  flashcards: 2, // -> lessons
  quizzes: 2, // -> lessons
  studySessions: 2, // -> study plans, subjects, topics
  studyFiles: 2, // -> subjects
  lessons: 3, // -> topics
  topics: 4, // -> subjects
  subjects: 5, // -> study plans
  studyPlans: 6,
  busyTimes: 6,
  calendarBusy: 6, // -> calendars
  calendars: 7,
  chatMessages: 6,
  appFeedback: 6,
  // Ended here, with the rest: the old access tokens find no session from the commit on.
  authSessions: 6,
  // Reset links go with the account: a link kept in a mailbox sets nothing.
  passwordResets: 6,
  recoveryCodes: 6,
  externalIdentities: 6,
  // Answers kept a day for repeats of the same request (a phone's offline queue).
  idempotencyKeys: 6,
  // The devices' push addresses go with the account: no reminder reaches a device after it.
  pushSubscriptions: 6,
  // A package read for its preview, waiting an hour at most for the student to confirm it.
  cardImports: 6,
  jobs: 6,
  notifications: 6,
  // Kept by triggers on the plan tables above, so deleted after them.
  planVersions: 7,
};

/** The student's tables in delete order (children first); `users` is deleted after them. */
export const STUDENT_TABLES: readonly StudentTable[] = (
  Object.keys(DELETE_RANK) as StudentTable[]
).sort((a, b) => DELETE_RANK[a] - DELETE_RANK[b]);

/**
 * Columns holding JSON text, read back as JSON in the export (a value that does not parse, such
 * as a plain-string warning of an older plan, stays the text it is).
 */
function withJson(rows: Row[], columns: string[]): Row[] {
  return rows.map((row) => {
    const out: Row = { ...row };
    for (const c of columns) {
      const value = row[c];
      if (typeof value !== 'string') continue;
      try {
        out[c] = JSON.parse(value);
      } catch {
        // Not JSON: kept as written.
      }
    }
    return out;
  });
}

/** Everything the export holds, read from one snapshot of the database. */
export interface StudentData {
  profile: Row;
  plans: Row[];
  subjects: Row[];
  topics: Row[];
  lessons: Row[];
  lessonReviews: Row[];
  studySessions: Row[];
  busyTimes: Row[];
  flashcards: Row[];
  flashcardReviews: Row[];
  quizzes: Row[];
  quizResults: Row[];
  chatMessages: Row[];
  studyFiles: Row[];
  feedback: Row[];
  /** The bell's notifications (their data read back as JSON). */
  notifications: Row[];
  /** The study sessions as the calendar writer takes them. */
  calendarSessions: FeedSessionRow[];
  /** The classes the account teaches (without their join codes), their exams and topics. */
  classes: Row[];
  classExams: Row[];
  classTopics: Row[];
  /** The classes the student joined: the plan of the copy, and whether progress is shared. */
  classMemberships: Row[];
}

/**
 * A student's own data: all of it read for the export, all of it deleted with the account.
 * Every query is scoped by the student's id; nothing here reads another student's rows.
 */
export function createAccountDataRepository(db: Kysely<Database>) {
  return {
    /**
     * Every kind of record of the student, each list from its own table, in one read-only
     * transaction (REPEATABLE READ on PostgreSQL; on SQLite one read transaction sees one
     * snapshot), so the lists agree with each other. Left out on purpose: the password hash, the
     * calendar feed's token (only whether the feed is on), the logins (`authSessions`, with their
     * refresh-token hashes), the jobs (internal payloads), the reminders' delivery records (what
     * they said is in the notifications), the push subscriptions (device capabilities) and the
     * files' text (it lives on in the topics and lessons). Undefined when the student is gone.
     */
    readAll(userId: number): Promise<StudentData | undefined> {
      return db
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute(async (trx) => {
          const user = await trx
            .selectFrom('users')
            .select([
              'id',
              'username',
              'email',
              'firstName',
              'lastName',
              'role',
              'notifyOnLesson',
              'reminderLeadMinutes',
              'language',
              'timeZone',
              'weekStartsOn',
              'calendarToken',
              'createdAt',
              'updatedAt',
            ])
            .where('id', '=', userId)
            .executeTakeFirst();
          if (!user) return undefined;
          const { calendarToken, notifyOnLesson, ...profile } = user;

          // Each list from its own table, by the student's id, oldest first.
          const list = (table: ExportedTable): Promise<Row[]> =>
            trx.selectFrom(table).selectAll().where('userId', '=', userId).orderBy('id').execute();
          const plans = await list('studyPlans');
          const subjects = await list('subjects');
          const topics = await list('topics');
          const lessons = await list('lessons');
          const lessonReviews = await list('lessonReviews');
          const studySessions = await list('studySessions');
          const busyTimes = await list('busyTimes');
          const flashcards = await list('flashcards');
          const flashcardReviews = await list('flashcardReviews');
          const quizzes = await list('quizzes');
          const quizResults = await list('quizResults');
          const chatMessages = await list('chatMessages');
          const feedback = await list('appFeedback');
          const notifications = await list('notifications');
          // The files' names, kinds, sizes and hashes; never their text.
          const studyFiles = await trx
            .selectFrom('studyFiles')
            .select(['id', 'subjectId', 'originalName', 'kind', 'sizeBytes', 'sha256', 'createdAt'])
            .where('userId', '=', userId)
            .orderBy('id')
            .execute();
          const calendarSessions = await createCalendarFeedRepository(trx).listAllSessions(userId);
          // A join code is a key to the class: not written into a file that travels.
          const classes = (await list('classes')).map(({ joinCode: _code, ...c }) => c);
          const classExams = await list('classExams');
          const classTopics = await list('classTopics');
          const classMemberships = await list('classMembers');

          return {
            profile: {
              ...profile,
              notifyOnLesson: notifyOnLesson === 1,
              calendarFeedOn: calendarToken !== null,
            },
            plans: withJson(plans, ['sourceInput', 'warnings']),
            subjects,
            topics: withJson(topics, ['contentNote']),
            lessons,
            lessonReviews,
            studySessions: withJson(studySessions, ['focus', 'materials']),
            busyTimes,
            flashcards,
            flashcardReviews,
            quizzes: withJson(quizzes, ['questions']),
            quizResults: withJson(quizResults, ['answers']),
            chatMessages,
            studyFiles,
            feedback,
            notifications: withJson(notifications, ['data']),
            calendarSessions,
            classes,
            classExams,
            classTopics,
            classMemberships,
          };
        });
    },

    /**
     * Deletes every row of the student in every table, then the student, in one transaction:
     * all or nothing. False when the student was already gone. `alsoWrite` runs in the same
     * transaction once the student is deleted (the admin log's row of a delete on request).
     */
    async deleteAll(
      userId: number,
      alsoWrite?: (trx: Kysely<Database>) => Promise<void>,
    ): Promise<boolean> {
      const deleted = await db.transaction().execute(async (trx) => {
        for (const table of STUDENT_TABLES) {
          await trx.deleteFrom(table).where('userId', '=', userId).execute();
        }
        const r = await trx.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
        const gone = Number(r.numDeletedRows) > 0;
        if (gone && alsoWrite) await alsoWrite(trx);
        return gone;
      });
      // The account's bytes out of SQLite's write-ahead log too (docs/security.md).
      if (deleted) await checkpointAfterErase(db);
      return deleted;
    },
  };
}
export type AccountDataRepository = ReturnType<typeof createAccountDataRepository>;
