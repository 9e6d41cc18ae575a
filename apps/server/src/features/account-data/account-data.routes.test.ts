import { ACCOUNT_DATA_MESSAGES } from '@studybuddy/contracts';
import { type RawBuilder, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/types.js';
import { createFactories } from '../../testing/factories.js';
import { createPlanTree } from '../../testing/fixtures.js';
import {
  captureLog,
  createTestApp,
  dbKinds,
  sampleUser,
  type TestApp,
  TestClient,
} from '../../testing/harness.js';
import { multipart } from '../../testing/multipart.js';
import { form, isoDay, wizard } from '../../testing/wizard-form.js';
import { createUsersRepository } from '../auth/index.js';
import { createPasswordResetRepository, createResetLinks } from '../password-reset/index.js';

/**
 * How each table's rows name their student: a column of its own, or, for a table without one,
 * the parent table its rows hang from, or no student at all (`notStudents`, with why). A Record
 * over `Database`, so a table added to db/types.ts does not compile here until it says whose its
 * rows are; the test below also compares it with the tables the migrations really made.
 */
type Owner =
  | { column: string /** Its key, when not `id`. */; key?: string }
  | { parent: keyof Database; via: string }
  | { notStudents: string };
const OWNER: Record<keyof Database, Owner> = {
  users: { column: 'id' },
  authSessions: { column: 'userId' },
  studyPlans: { column: 'userId' },
  subjects: { column: 'userId' },
  topics: { column: 'userId' },
  lessons: { column: 'userId' },
  lessonReviews: { column: 'userId' },
  studySessions: { column: 'userId' },
  busyTimes: { column: 'userId' },
  studyFiles: { column: 'userId' },
  appFeedback: { column: 'userId' },
  chatMessages: { column: 'userId' },
  flashcards: { column: 'userId' },
  flashcardReviews: { column: 'userId' },
  quizzes: { column: 'userId' },
  quizResults: { column: 'userId' },
  jobs: { column: 'userId' },
  sessionReminders: { column: 'userId' },
  notifications: { column: 'userId' },
  planVersions: { column: 'userId', key: 'userId' },
  passwordResets: { column: 'userId' },
  recoveryCodes: { column: 'userId' },
  externalIdentities: { column: 'userId' },
  calendars: { column: 'userId' },
  calendarBusy: { column: 'userId' },
  idempotencyKeys: { column: 'userId' },
  pushSubscriptions: { column: 'userId' },
  cardImports: { column: 'userId' },
  classes: { column: 'userId' },
  classExams: { column: 'userId' },
  classTopics: { column: 'userId' },
  classFiles: { column: 'userId' },
  classChanges: { column: 'userId' },
  classMembers: { column: 'userId' },
  classCopies: { column: 'userId' },
  adminActions: { notStudents: 'the admin log names accounts by e-mail, and outlives them' },
  dailyCounts: { notStudents: 'counters of the whole server, per day' },
  backups: { notStudents: 'runs of the backup schedule, of the whole database' },
};
const ALL_TABLES = Object.keys(OWNER) as (keyof Database)[];
/** The tables whose rows are a student's. */
const TABLES = ALL_TABLES.filter((table) => !('notStudents' in OWNER[table]));

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Lines of notes, one section per key topic: enough material for cards and a quiz. */
const SECTIONS: Record<string, string[]> = {
  'Alkanes and alkenes': [
    'Alkanes are saturated hydrocarbons with single C-C bonds only.',
    'Alkenes contain a C=C double bond and undergo addition reactions.',
    'Bromine water is decolourised by alkenes but not by alkanes.',
    'Cracking turns long alkanes into shorter alkanes and alkenes.',
    'Combustion of alkanes gives carbon dioxide and water.',
  ],
  'Reaction mechanisms': [
    'SN1 reactions go in two steps through a planar carbocation.',
    'SN1 gives a racemic mixture of products.',
    'SN2 reactions go in one step with backside attack.',
    'SN2 gives inversion of configuration at the carbon.',
  ],
  'Stereochemistry and chirality': [
    'A chiral centre has four different groups on one carbon.',
    'Enantiomers rotate plane-polarised light in opposite directions.',
    'R and S are assigned by the CIP priority rules.',
  ],
};
const NOTES = [
  '# Organic chemistry notes',
  ...Object.entries(SECTIONS).flatMap(([name, lines]) => ['', `## ${name}`, ...lines]),
].join('\n');

/** A class with an exam and two topics (docs/classes.md). */
const A_CLASS = {
  name: 'Chemistry 1',
  subjectName: 'Chemistry',
  exams: [{ name: 'Final', date: '2027-06-01' }],
  topics: [{ name: 'Alkanes and alkenes' }, { name: 'Reaction mechanisms', hours: 3 }],
};

/** The name of the export's first subject. */
const subject0 = (body: { subjects: { name: string }[] }) => body.subjects[0]?.name;

const busyForm = {
  kind: 'lecture',
  title: 'Lecture',
  date: isoDay(40),
  startTime: '06:00',
  endTime: '07:00',
};

describe.each(dbKinds)('account data on %s', (kind) => {
  let t: TestApp;
  let log: ReturnType<typeof captureLog>;
  let ana: TestClient;
  let eve: TestClient;
  let anaId: number;
  let eveId: number;

  beforeEach(async () => {
    log = captureLog();
    t = await createTestApp(kind, { LOG_LEVEL: 'info' }, { logStream: log.stream });
    ana = new TestClient(t.app);
    eve = new TestClient(t.app);
    anaId = (await ana.registerAndLogin()).id;
    eveId = (await eve.registerAndLogin({ username: 'eve', email: 'eve@example.com' })).id;
  });
  afterEach(async () => t.close());

  /** The answer's JSON, after checking its status. */
  const ok = async <T = unknown>(
    p: Promise<{ statusCode: number; body: string; json(): unknown }>,
    status = 200,
  ): Promise<T> => {
    const r = await p;
    expect(r.statusCode, r.body).toBe(status);
    return r.json() as T;
  };

  /** The ids of the rows of `table` that are the student's, through parents where needed. */
  const ownedIds = (table: keyof Database, userId: number): RawBuilder<unknown> => {
    const owner = OWNER[table];
    if ('notStudents' in owner) throw new Error(`${table} has no student's rows`);
    return 'column' in owner
      ? sql`select ${sql.ref(snake(owner.key ?? 'id'))} from ${sql.table(snake(table))} where ${sql.ref(snake(owner.column))} = ${userId}`
      : sql`select id from ${sql.table(snake(table))} where ${sql.ref(snake(owner.via))} in (${ownedIds(owner.parent, userId)})`;
  };
  const countOwned = async (table: keyof Database, userId: number) => {
    const r = await sql<{
      n: number | string;
    }>`select count(*) as n from (${ownedIds(table, userId)}) as owned`.execute(t.db.db);
    return Number(r.rows[0]?.n);
  };
  /** Rows per table of one student. */
  const countsOf = async (userId: number) => {
    const counts: Record<string, number> = {};
    for (const table of TABLES) counts[table] = await countOwned(table, userId);
    return counts;
  };

  /**
   * Ana with rows in every table: a generated plan with a file (its jobs), accepted; a past
   * session checked in; busy time; a lesson review; flashcards reviewed; a quiz with a result;
   * the assistant's history; app feedback; the calendar feed on; a session starting soon whose
   * reminder went out (a reminder row and a notification in the bell).
   */
  async function seedAna() {
    const w = wizard();
    const request = wizard({
      subjects: [{ ...w.subjects[0], keyTopics: Object.keys(SECTIONS).join('\n') }],
    });
    const proposal = await ok<{ planId: number }>(
      ana.request({
        method: 'POST',
        url: '/api/ai/ProcessStudyMaterials',
        ...form(request, [{ field: 'Organic_Chemistry', filename: 'notes.md', content: NOTES }]),
      }),
      201,
    );
    await t.settle();
    await ok(ana.post(`/api/ai/AcceptStudyPlan/${proposal.planId}`, {}));
    const plan = await ok<{
      id: number;
      subjectDetails: { id: number; topics: { id: number; name: string; lessonId: number }[] }[];
    }>(ana.get(`/api/generic/GetStudyProgramById/${proposal.planId}`));
    const subject = plan.subjectDetails[0];
    const topic = subject?.topics.find((x) => x.name === 'Reaction mechanisms');
    if (!subject || !topic) throw new Error(`no topic: ${JSON.stringify(plan)}`);

    // A session that has begun, to check in.
    const hour = 3_600_000;
    const past = await ok<{ id: number }>(
      ana.post('/api/generic/CreateStudySession', {
        studyPlan: plan.id,
        subject: subject.id,
        topic: topic.id,
        title: 'Mechanisms recap',
        startDateTime: new Date(Date.now() - 3 * hour).toISOString(),
        endDateTime: new Date(Date.now() - 2 * hour).toISOString(),
      }),
      201,
    );
    await ok(ana.post(`/api/sessions/${past.id}/check-in`, { status: 'done', rating: 4 }));
    await ok(ana.post('/api/busy-times', busyForm), 201);
    await ok(ana.post(`/review/lesson/${topic.lessonId}`, { rating: 5, comment: 'Clear' }), 201);
    const deck = await ok<{ cards: { id: number }[] }>(
      ana.post(`/lessons/${topic.lessonId}/flashcards`),
    );
    expect(deck.cards.length).toBeGreaterThan(0);
    await ok(ana.post(`/flashcards/${deck.cards[0]?.id}/review`, { rating: 'good' }));
    const quiz = await ok<{ id: number; questions: unknown[] }>(
      ana.post(`/lessons/${topic.lessonId}/quiz`),
    );
    await ok(
      ana.post(`/quizzes/${quiz.id}/submit`, {
        answers: quiz.questions.map(() => 0),
      }),
    );
    await ok(ana.post('/ai/AiAssistance', { prompt: 'How do I learn reaction mechanisms?' }));
    await ok(ana.post('/api/review', { rating: 4, pleased: 'The plan' }), 201);
    const feed = await ok<{ url: string }>(ana.post('/api/calendar-feed'));
    await createFactories(t.db).studySession(
      anaId,
      { studyPlanId: plan.id, subjectId: subject.id, topicId: topic.id },
      {
        title: 'Soon',
        startAt: new Date(Date.now() + hour / 3).toISOString(),
        endAt: new Date(Date.now() + hour).toISOString(),
        reminder: 1,
      },
    );
    expect(await t.app.reminders.scan()).toBe(1);
    await t.settle();
    expect((await ok<{ unread: number }>(ana.get('/api/notifications'))).unread).toBe(1);
    // Classes: Ana teaches one (with a file, whose adding is a saved change) and is in Eve's.
    await t.db.db
      .updateTable('users')
      .set({ teacher: 1 })
      .where('id', 'in', [anaId, eveId])
      .execute();
    const taught = await ok<{ id: number }>(ana.post('/api/classes', A_CLASS), 201);
    await ok(
      ana.request({
        method: 'POST',
        url: `/api/classes/${taught.id}/files`,
        ...multipart([{ name: 'files', filename: 'handout.md', content: NOTES }]),
      }),
    );
    const evesClass = await ok<{ joinCode: string }>(
      eve.post('/api/classes', { ...A_CLASS, name: 'Eve’s class' }),
      201,
    );
    await ok(ana.post('/api/classes/join', { code: evesClass.joinCode, planId: plan.id }));
    await resetLinkFor(anaId);
    return { planId: plan.id, feedUrl: feed.url };
  }

  /**
   * A password-reset link of the account, as an admin makes one (this app has no SMTP), and a
   * recovery code of two-step sign-in.
   */
  async function resetLinkFor(userId: number) {
    const email = (
      await t.db.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).email;
    const made = await createResetLinks({
      repo: createPasswordResetRepository(t.db.db),
      users: createUsersRepository(t.db.db),
      publicUrl: 'http://localhost',
    }).forAdmin(email);
    expect(made?.userId).toBe(userId);
    // A recovery code of two-step sign-in, as turning it on stores one (hashed).
    await t.db.db
      .insertInto('recoveryCodes')
      .values({
        userId,
        codeHash: 'c'.repeat(64),
        usedAt: null,
        createdAt: new Date().toISOString(),
      })
      .execute();
    // An imported calendar with one busy interval, as a timetable's import stores them.
    const calendar = await t.db.db
      .insertInto('calendars')
      .values({
        userId,
        name: 'Timetable',
        kind: 'file',
        sourceText: 'BEGIN:VCALENDAR',
        lastSyncAt: new Date().toISOString(),
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.db
      .insertInto('calendarBusy')
      .values({
        calendarId: calendar.id,
        userId,
        title: 'Lecture',
        startsAt: '2027-03-01T09:00:00.000Z',
        endsAt: '2027-03-01T11:00:00.000Z',
      })
      .execute();
    // A school account signed in with (OpenID Connect), as a first school sign-in stores one.
    await t.db.db
      .insertInto('externalIdentities')
      .values({
        userId,
        issuer: 'https://id.school.example',
        subject: `sub-${userId}`,
        createdAt: new Date().toISOString(),
        lastUsedAt: new Date().toISOString(),
      })
      .execute();
    // A repeatable answer, as a review sent with an Idempotency-Key leaves.
    await t.db.db
      .insertInto('idempotencyKeys')
      .values({
        userId,
        key: `key-${userId}`,
        request: 'POST /flashcards/1/review',
        status: 200,
        body: '{}',
        createdAt: new Date().toISOString(),
      })
      .execute();
    // A browser subscribed to push reminders, as POST /api/push/subscriptions stores one.
    await t.db.db
      .insertInto('pushSubscriptions')
      .values({
        userId,
        endpoint: `https://push.example.org/send/device-${userId}`,
        p256dh: `BP${'A'.repeat(85)}`,
        auth: 'A'.repeat(22),
        label: 'Firefox on Linux',
        createdAt: new Date().toISOString(),
        lastSuccessAt: null,
      })
      .execute();
    // An Anki package read for its preview, as POST /api/imports/anki/preview keeps one.
    await t.db.db
      .insertInto('cardImports')
      .values({
        userId,
        token: `preview-${userId}`,
        kind: 'anki',
        filename: 'Biology.apkg',
        file: Buffer.from(`package of ${userId}`).toString('base64'),
        createdAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      })
      .execute();
  }

  /** Eve, whose rows must outlive Ana's account. */
  async function seedEve() {
    const tree = await createPlanTree(eve, 'Eve');
    await ok(eve.post('/api/busy-times', busyForm), 201);
    await ok(eve.post(`/review/lesson/${tree.lessonId}`, { rating: 3, comment: 'Mine' }), 201);
    await ok(eve.post('/ai/AiAssistance', { prompt: 'hello' }));
    await ok(eve.post('/api/review', { rating: 5 }), 201);
    await resetLinkFor(eveId);
    await t.settle();
  }

  it('has a row-ownership rule for every table the migrations made', async () => {
    let schema: string | undefined;
    if (kind === 'postgres') {
      const r = await sql<{ s: string }>`select current_schema() as s`.execute(t.db.db);
      schema = r.rows[0]?.s;
    }
    const tables = (await t.db.db.introspection.getTables()).filter(
      (x) => !x.isView && (schema === undefined || x.schema === schema),
    );
    expect(tables.map((x) => camel(x.name)).sort()).toEqual([...ALL_TABLES].sort());
    for (const table of tables) {
      const owner = OWNER[camel(table.name) as keyof Database];
      if ('notStudents' in owner) continue;
      const column = 'column' in owner ? owner.column : owner.via;
      expect(
        table.columns.map((c) => c.name),
        table.name,
      ).toContain(snake(column));
    }
  });

  it('exports every kind of the student’s records, and no secret', async () => {
    const { feedUrl } = await seedAna();
    await seedEve();
    const r = await ana.get('/api/account/export');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    const day = new Date().toISOString().slice(0, 10);
    expect(r.headers['content-disposition']).toBe(
      `attachment; filename="studybuddy-export-${day}.json"`,
    );
    expect(r.headers['cache-control']).toBe('no-store');

    const body = r.json();
    expect(body).toMatchObject({ format: 'studybuddy-export', version: 1 });
    expect(body.profile).toMatchObject({
      id: anaId,
      username: 'ana',
      email: sampleUser.email,
      firstName: 'Ana',
      lastName: 'Lee',
      notifyOnLesson: false,
      calendarFeedOn: true,
    });
    const lists = [
      'plans',
      'subjects',
      'topics',
      'lessons',
      'lessonReviews',
      'studySessions',
      'busyTimes',
      'flashcards',
      'flashcardReviews',
      'quizzes',
      'quizResults',
      'chatMessages',
      'studyFiles',
      'feedback',
      'notifications',
      'classes',
      'classExams',
      'classTopics',
      'classMemberships',
    ];
    expect(Object.keys(body).sort()).toEqual(
      ['format', 'version', 'exportedAt', 'profile', 'calendar', ...lists].sort(),
    );
    for (const name of lists) {
      const rows = body[name] as Record<string, unknown>[];
      expect(rows.length, name).toBeGreaterThan(0);
      // Only Ana's rows: every list is scoped by her id.
      for (const row of rows) if ('userId' in row) expect(row.userId, name).toBe(anaId);
    }
    expect(body.plans.map((p: { name: string }) => p.name)).not.toContain('Eve');
    const checkedIn = body.studySessions.find(
      (s: { title: string }) => s.title === 'Mechanisms recap',
    );
    expect(checkedIn).toMatchObject({ checkInStatus: 'done', rating: 4 });
    expect(checkedIn.checkedInAt).toEqual(expect.any(String));
    expect(body.studyFiles).toEqual([
      {
        id: expect.any(Number),
        subjectId: body.subjects[0].id,
        originalName: 'notes.md',
        kind: expect.any(String),
        sizeBytes: Buffer.byteLength(NOTES),
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        createdAt: expect.any(String),
      },
    ]);
    expect(body.notifications).toEqual([
      expect.objectContaining({
        kind: 'session-reminder',
        data: expect.objectContaining({ title: 'Soon', subjectName: subject0(body) }),
        readAt: null,
      }),
    ]);
    expect(body.profile).toMatchObject({
      reminderLeadMinutes: 30,
      language: 'en',
      timeZone: 'UTC',
    });
    expect(body.plans[0].sourceInput).toEqual(
      expect.objectContaining({ period: expect.any(Object) }),
    );

    // Every study session, as iCalendar.
    expect(body.calendar).toMatch(/^BEGIN:VCALENDAR/);
    expect(body.calendar.match(/BEGIN:VEVENT/g)).toHaveLength(body.studySessions.length);

    // No secret: not the password hash, the refresh tokens' hashes, the feed's token, the jobs
    // or the devices' push addresses.
    const user = await t.db.db
      .selectFrom('users')
      .select(['passwordHash', 'calendarToken'])
      .where('id', '=', anaId)
      .executeTakeFirstOrThrow();
    const logins = await t.db.db
      .selectFrom('authSessions')
      .select(['id', 'refreshTokenHash'])
      .where('userId', '=', anaId)
      .execute();
    expect(logins.length).toBeGreaterThan(0);
    const token = feedUrl.replace(/^.*\/api\/calendar\/|\.ics$/g, '');
    expect(user.calendarToken).toBe(token);
    const secrets = [
      user.passwordHash,
      token,
      ...logins.flatMap((l) => [l.id, l.refreshTokenHash]),
      // A device's push address: a capability to send to it.
      `push.example.org/send/device-${anaId}`,
    ];
    for (const secret of secrets) expect(r.body).not.toContain(secret);
    for (const key of [
      'passwordHash',
      'calendarToken',
      'refreshTokenHash',
      'textContent',
      'payload',
      'authSessions',
      'jobs',
      'pushSubscriptions',
      'p256dh',
      'cardImports',
      'joinCode',
    ]) {
      expect(r.body).not.toContain(`"${key}"`);
    }
    expect(log.events('account.exported')).toEqual([expect.objectContaining({ userId: anaId })]);
  });

  it('refuses the export and the delete without a login', async () => {
    const anon = new TestClient(t.app);
    expect((await anon.get('/api/account/export')).statusCode).toBe(401);
    const r = await anon.post('/api/account/delete', { password: sampleUser.password });
    expect(r.statusCode).toBe(401);
    expect(await countOwned('users', anaId)).toBe(1);
  });

  it('throttles exports per student', async () => {
    for (let i = 0; i < 5; i++) expect((await ana.get('/api/account/export')).statusCode).toBe(200);
    const limited = await ana.get('/api/account/export');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await eve.get('/api/account/export')).statusCode).toBe(200);
  });

  it('deletes the account and every row of it after the password, and nothing of anyone else', async () => {
    await seedAna();
    await seedEve();
    const anaBefore = await countsOf(anaId);
    for (const table of TABLES) expect(anaBefore[table], table).toBeGreaterThan(0);
    const eveBefore = await countsOf(eveId);
    const oldRefresh = ana.cookies.get('sb_refresh') as string;
    expect(oldRefresh).toBeTruthy();

    // A wrong password: refused with the field, and nothing changes.
    const wrong = await ana.post('/api/account/delete', { password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'wrong_password',
      details: [{ path: 'password' }],
    });
    expect(await countsOf(anaId)).toEqual(anaBefore);
    expect(ana.cookies.get('sb_refresh')).toBe(oldRefresh);
    const empty = await ana.post('/api/account/delete', { password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('validation_failed');

    // A second login of Ana's, which must end too.
    const phone = new TestClient(t.app);
    const login = await ok<{ accessToken: string }>(
      phone.post('/api/authentication/login', {
        email: sampleUser.email,
        password: sampleUser.password,
      }),
    );
    phone.accessToken = login.accessToken;

    const r = await ana.post('/api/account/delete', { password: sampleUser.password });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ message: ACCOUNT_DATA_MESSAGES.deleted });
    expect(ana.cookies.has('sb_refresh')).toBe(false);

    // No row of Ana's in any table; Eve's are all there.
    for (const table of TABLES) expect(await countOwned(table, anaId), table).toBe(0);
    expect(await countsOf(eveId)).toEqual(eveBefore);
    expect((await eve.get('/api/generic/GetStudyProgramOfUser')).json()).toHaveLength(1);

    // Every login ended at once: old access tokens and the refresh cookie open nothing.
    for (const client of [ana, phone]) {
      const gone = await client.get('/user/profile');
      expect(gone.statusCode).toBe(401);
      expect(gone.json().code).toBe('token_invalid');
    }
    ana.cookies.set('sb_refresh', oldRefresh);
    expect((await ana.post('/api/auth/refresh')).statusCode).toBe(401);
    const again = await new TestClient(t.app).post('/api/authentication/login', {
      email: sampleUser.email,
      password: sampleUser.password,
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('invalid_credentials');

    expect(log.events('account.deleted')).toEqual([
      expect.objectContaining({ level: 30, userId: anaId }),
    ]);
    expect(log.events('auth.password_check_failed')).toHaveLength(1);
    expect(JSON.stringify(log.events('account.deleted'))).not.toContain(sampleUser.email);
  });

  it('counts wrong passwords with the profile’s current-password checks', async () => {
    await t.close();
    t = await createTestApp(kind, { AUTH_LOCKOUT_MAX: '3' });
    ana = new TestClient(t.app);
    anaId = (await ana.registerAndLogin()).id;
    const profileGuess = await ana.post('/user/profile/update', {
      firstName: 'Ana',
      lastName: 'Lee',
      email: sampleUser.email,
      password: 'wrong one',
      newPassword: 'brand new secret',
      confirmNewPassword: 'brand new secret',
      notifyOnLesson: false,
    });
    expect(profileGuess.json().code).toBe('wrong_password');
    for (const guess of ['wrong two', 'wrong three']) {
      expect((await ana.post('/api/account/delete', { password: guess })).statusCode).toBe(400);
    }
    const limited = await ana.post('/api/account/delete', { password: sampleUser.password });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many wrong current passwords\./);
    expect(await countOwned('users', anaId)).toBe(1);
  });
});
