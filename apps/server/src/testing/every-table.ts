import type { Db } from '../db/connect.js';
import { review } from '../domain/srs/srs.js';
import { STUDY_TEXT_VERSION } from '../domain/text/study-text.js';
import { createFactories, FACTORY_NOW } from './factories.js';

/** Text that trips careless copies: quotes, backslashes, line ends, tabs, Greek, an emoji. */
export const AWKWARD_TEXT = `O'Brien said "x\\y";\r\nline two\tΠαράγωγοι 📚`;

/**
 * Adds to a database rows of every kind the app keeps, around `userId` (a student the test
 * made, e.g. through the API, so that they can log in): a plan with a subject, topic, lesson,
 * sessions, a checked-in session, cards with FSRS state after reviews, quiz results, chat,
 * files, feedback, busy time, a pending and a finished job, a sent reminder and its
 * notification, a browser subscribed to push reminders; a second student and an admin with a
 * logged action and a day's count; a scheduled backup that passed its check and one that failed.
 * Values are awkward on purpose: fractions, the int4 limit, empty text beside null, JSON, a
 * large text. The copy test fails when a table of the schema is still empty after this.
 */
export async function fillEveryTable(target: Pick<Db, 'db'>, userId: number): Promise<void> {
  const { db } = target;
  const f = createFactories(target);
  const at = FACTORY_NOW;
  const tree = await f.planTree(userId, {
    name: `Finals ${AWKWARD_TEXT}`,
    description: '',
    status: 'active',
    sourceInput: JSON.stringify({ subjects: [{ name: 'Ανάλυση', exam: '2026-06-20' }] }),
    warnings: JSON.stringify([{ code: 'tight', text: 'Σφιχτό' }]),
    timeZone: 'Europe/Athens',
  });
  await db
    .updateTable('subjects')
    .set({ examDate: '2026-06-20', priority: 2, hoursNeeded: 12.5, weeklyHours: 1e-7 })
    .where('id', '=', tree.subject.id)
    .execute();
  await db
    .updateTable('topics')
    .set({
      deepDiveContent: `# Derivatives\n\n$\\frac{d}{dx}x^2 = 2x$ ${AWKWARD_TEXT}`,
      contentStatus: 'not-written',
      contentNote: JSON.stringify({ code: 'ai_unavailable' }),
      dropped: 1,
    })
    .where('id', '=', tree.topic.id)
    .execute();
  const place = { studyPlanId: tree.plan.id, subjectId: tree.subject.id, topicId: tree.topic.id };
  // Ahead of any test's clock, so the calendar feed lists it whenever the test runs.
  const session = await f.studySession(userId, place, {
    reminder: 1,
    notes: AWKWARD_TEXT,
    kind: 'learn',
    focus: JSON.stringify(['chain rule', 'product rule']),
    materials: JSON.stringify(['notes.pdf']),
    startAt: '2099-02-02T16:00:00.000Z',
    endAt: '2099-02-02T17:30:00.000Z',
  });
  await f.studySession(
    userId,
    { ...place, topicId: null },
    {
      title: 'Review',
      checkInStatus: 'partial',
      minutesDone: 0,
      rating: 4,
      checkedInAt: at,
      carriedOver: 1,
    },
  );
  await db
    .insertInto('lessonReviews')
    .values({ userId, lessonId: tree.lesson.id, rating: 5, comment: '', createdAt: at })
    .execute();
  await db
    .insertInto('busyTimes')
    .values({
      userId,
      kind: 'lecture',
      title: 'Λογισμός',
      date: '2026-01-12',
      startTime: '09:00',
      endTime: '24:00',
      repeat: 'weekly',
      until: null,
      timeZone: 'Europe/Athens',
      createdAt: at,
      updatedAt: at,
    })
    .execute();
  await db
    .insertInto('studyFiles')
    .values({
      userId,
      subjectId: tree.subject.id,
      sha256: 'a'.repeat(64),
      originalName: 'σημειώσεις.pdf',
      kind: 'pdf',
      sizeBytes: 2_147_483_647,
      // Larger than a batch of the copy's read-back in the batching test.
      textContent: `${AWKWARD_TEXT} `.repeat(4_000),
      textVersion: STUDY_TEXT_VERSION,
      createdAt: at,
    })
    .execute();
  await db
    .insertInto('appFeedback')
    .values({
      userId,
      rating: 4,
      pleased: AWKWARD_TEXT,
      recommendation: '',
      page: '/plans',
      createdAt: at,
    })
    .execute();
  await db
    .insertInto('chatMessages')
    .values([
      { userId, role: 'user', text: 'What is a derivative?', createdAt: at },
      { userId, role: 'model', text: AWKWARD_TEXT, createdAt: '2026-01-05T09:00:01.000Z' },
    ])
    .execute();

  // A card after two reviews: FSRS state with fractional stability and difficulty.
  const card = await f.flashcard(userId, tree.lesson.id);
  const once = review(card, 'good', new Date(at));
  const twice = review(once, 'again', new Date('2026-01-06T09:00:00.000Z'));
  await db.updateTable('flashcards').set(twice).where('id', '=', card.id).execute();
  await db
    .insertInto('flashcardReviews')
    .values([
      {
        userId,
        flashcardId: card.id,
        rating: 'good',
        stateBefore: card.state,
        dueAfter: once.due,
        reviewedAt: at,
      },
      {
        userId,
        flashcardId: card.id,
        rating: 'again',
        stateBefore: once.state,
        dueAfter: twice.due,
        reviewedAt: '2026-01-06T09:00:00.000Z',
      },
    ])
    .execute();
  await f.flashcard(userId, tree.lesson.id, { position: 1, front: AWKWARD_TEXT });
  const quiz = await db
    .insertInto('quizzes')
    .values({
      userId,
      lessonId: tree.lesson.id,
      questions: JSON.stringify([
        { question: 'd/dx x²?', options: ['x', '2x'], correctIndex: 1, explanation: 'Power rule' },
      ]),
      engine: 'builtin',
      createdAt: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('quizResults')
    .values({
      userId,
      quizId: quiz.id,
      lessonId: tree.lesson.id,
      score: 1,
      total: 1,
      answers: JSON.stringify([1]),
      createdAt: at,
    })
    .execute();

  await db
    .insertInto('jobs')
    .values([
      {
        kind: 'topic-content',
        userId,
        payload: JSON.stringify({ topicId: tree.topic.id }),
        status: 'pending',
        attempts: 1,
        runAfter: '2099-01-01T00:00:00.000Z',
        leaseOwner: null,
        leaseExpiresAt: null,
        lastError: 'AI_APICallError: 503',
        createdAt: at,
        updatedAt: at,
      },
      {
        kind: 'session-reminder',
        userId: null,
        payload: '{}',
        status: 'done',
        attempts: 1,
        runAfter: at,
        leaseOwner: null,
        leaseExpiresAt: null,
        lastError: null,
        createdAt: at,
        updatedAt: at,
      },
    ])
    .execute();
  await db
    .insertInto('sessionReminders')
    .values({
      userId,
      sessionId: session.id,
      startsAt: session.startAt,
      dueAt: '2099-02-02T15:30:00.000Z',
      status: 'sent',
      emailStatus: 'sent',
      error: null,
      sentAt: '2099-02-02T15:30:01.000Z',
      pushSentAt: '2099-02-02T15:30:01.250Z',
      createdAt: at,
      updatedAt: at,
    })
    .execute();
  await db
    .insertInto('notifications')
    .values({
      userId,
      kind: 'session-reminder',
      data: JSON.stringify({
        sessionId: session.id,
        planId: tree.plan.id,
        topicId: tree.topic.id,
        title: session.title,
        subjectName: tree.subject.name,
        topicName: tree.topic.name,
        startsAt: session.startAt,
      }),
      readAt: null,
      createdAt: at,
    })
    .execute();

  await db
    .insertInto('passwordResets')
    .values({
      userId,
      tokenHash: 'e'.repeat(64),
      madeBy: 'email',
      expiresAt: '2026-01-06T09:30:00.000Z',
      usedAt: null,
      createdAt: at,
    })
    .execute();

  await db
    .insertInto('recoveryCodes')
    .values({ userId, codeHash: 'd'.repeat(64), usedAt: null, createdAt: at })
    .execute();

  const calendar = await db
    .insertInto('calendars')
    .values({
      userId,
      name: 'Stundenplan',
      kind: 'file',
      sourceText: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
      countsAsBusy: 1,
      eventCount: 1,
      warnings: '[{"code":"unknown_zone","zone":"Lunar Base Time"}]',
      lastSyncAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('calendarBusy')
    .values({
      calendarId: calendar.id,
      userId,
      title: 'Vorlesung Analysis',
      startsAt: '2026-01-05T09:00:00.000Z',
      endsAt: '2026-01-05T10:30:00.000Z',
    })
    .execute();

  await db
    .insertInto('externalIdentities')
    .values({
      userId,
      issuer: 'https://id.school.example',
      subject: 'c2Nob29sLXN1Yg',
      createdAt: at,
      lastUsedAt: at,
    })
    .execute();

  await db
    .insertInto('idempotencyKeys')
    .values({
      userId,
      key: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      request: 'POST /flashcards/1/review 1f3870be',
      status: 200,
      body: '{"id":1,"state":"review"}',
      createdAt: at,
    })
    .execute();

  await db
    .insertInto('pushSubscriptions')
    .values({
      userId,
      endpoint: `https://fcm.googleapis.com/fcm/send/${'x'.repeat(140)}`,
      p256dh: `BNc${'q'.repeat(84)}`,
      auth: 'Zm9vYmFyYmF6cXV4MTIzNA',
      label: 'Chrome on Android',
      createdAt: at,
      lastSuccessAt: null,
    })
    .execute();

  await db
    .insertInto('cardImports')
    .values({
      userId,
      token: 'kZq3vH1c8m0nYtR2pW5xL7sD9fG4jB6a',
      kind: 'anki',
      filename: 'Ελληνικά::Λεξιλόγιο.apkg',
      file: Buffer.from('PK\u0003\u0004 a package').toString('base64'),
      createdAt: at,
      expiresAt: at,
    })
    .execute();

  // Another student with a plan of their own and an ended login; an admin and their log.
  const ben = await f.user({ username: 'ben', firstName: 'Βασίλης', notifyOnLesson: 1 });
  const bens = await f.planTree(ben.id, { name: 'Resits' });
  await fillClasses(target, userId, ben.id, bens);
  await db
    .insertInto('authSessions')
    .values({
      id: 'Zz-ended-session-of-ben',
      userId: ben.id,
      refreshTokenHash: 'b'.repeat(64),
      userAgent: null,
      createdAt: at,
      lastSeenAt: at,
      expiresAt: '2026-02-04T09:00:00.000Z',
      revokedAt: '2026-01-06T09:00:00.000Z',
    })
    .execute();
  const admin = await f.user({ username: 'cleo', role: 'Admin' });
  await db
    .insertInto('adminActions')
    .values({ adminEmail: admin.email, action: 'grant', target: admin.email, createdAt: at })
    .execute();
  await db
    .insertInto('dailyCounts')
    .values({ day: '2026-01-05', name: 'ai_failures', count: 3 })
    .execute();
  // A scheduled backup that passed its check and one that failed, the size past int4's range.
  await db
    .insertInto('backups')
    .values([
      {
        scheduledFor: '2026-01-04T03:00:00.000Z',
        status: 'done',
        host: 'school-1',
        file: '/data/backups/studybuddy-20260104T030000Z-scheduled.sqlite',
        bytes: 3_221_225_472,
        checkResult: 'ok',
        error: null,
        startedAt: '2026-01-04T03:00:00.120Z',
        finishedAt: '2026-01-04T03:00:02.500Z',
        createdAt: '2026-01-04T03:00:00.050Z',
      },
      {
        scheduledFor: '2026-01-05T03:00:00.000Z',
        status: 'failed',
        host: 'school-1',
        file: null,
        bytes: null,
        checkResult: null,
        error: 'ENOSPC: no space left on device',
        startedAt: '2026-01-05T03:00:00.090Z',
        finishedAt: '2026-01-05T03:00:00.400Z',
        createdAt: '2026-01-05T03:00:00.010Z',
      },
    ])
    .execute();
}

/**
 * A class the student teaches (the teacher flag on), with an exam, two topics (one examined in
 * the exam, one without), a file and a saved change set; Ben in it, with his copy's links and
 * his progress shared.
 */
async function fillClasses(
  target: Pick<Db, 'db'>,
  teacherId: number,
  memberId: number,
  copy: Awaited<ReturnType<ReturnType<typeof createFactories>['planTree']>>,
): Promise<void> {
  const { db } = target;
  const at = FACTORY_NOW;
  await db.updateTable('users').set({ teacher: 1 }).where('id', '=', teacherId).execute();
  const cls = await db
    .insertInto('classes')
    .values({
      userId: teacherId,
      name: `Φυσική ${AWKWARD_TEXT}`,
      subjectName: 'Φυσική',
      joinCode: 'K7MPQ2XZ',
      joinOpen: 0,
      version: 2,
      createdAt: at,
      updatedAt: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const place = { classId: cls.id, userId: teacherId };
  const exam = await db
    .insertInto('classExams')
    .values({ ...place, name: 'Τελικές', date: '2026-06-20', position: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('classTopics')
    .values([
      { ...place, name: 'Κινηματική', position: 0, hours: 2.5, examId: exam.id },
      { ...place, name: AWKWARD_TEXT, position: 1, hours: null, examId: null },
    ])
    .execute();
  await db
    .insertInto('classFiles')
    .values({
      ...place,
      originalName: 'φυλλάδιο.md',
      kind: 'text',
      sizeBytes: 12,
      sha256: 'c'.repeat(64),
      textContent: AWKWARD_TEXT,
      textVersion: STUDY_TEXT_VERSION,
      createdAt: at,
    })
    .execute();
  await db
    .insertInto('classChanges')
    .values({
      ...place,
      version: 2,
      changes: JSON.stringify([{ kind: 'file-added', file: 'φυλλάδιο.md' }]),
      createdAt: at,
    })
    .execute();
  const member = await db
    .insertInto('classMembers')
    .values({
      classId: cls.id,
      userId: memberId,
      planId: copy.plan.id,
      seenVersion: 1,
      share: 1,
      joinedAt: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('classCopies')
    .values([
      {
        memberId: member.id,
        userId: memberId,
        kind: 'subject',
        sourceId: exam.id,
        localId: copy.subject.id,
      },
      { memberId: member.id, userId: memberId, kind: 'topic', sourceId: 1, localId: copy.topic.id },
    ])
    .execute();
}
