import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/connect.js';
import type {
  FlashcardsTable,
  LessonsTable,
  StudyPlansTable,
  StudySessionsTable,
  SubjectsTable,
  TopicsTable,
  UsersTable,
} from '../db/types.js';
import { newCardState } from '../domain/srs/srs.js';

/** When the rows a factory writes were made, unless a test says otherwise. */
export const FACTORY_NOW = '2026-01-05T09:00:00.000Z';

type Overrides<T> = Partial<Insertable<T>>;

/**
 * Rows written straight to the test database, for service tests that need a student's data
 * without going through HTTP or another service. Every row belongs to the `userId` given, so
 * two students' data sit side by side for ownership checks. Each user gets a fresh name.
 */
export function createFactories(target: Pick<Db, 'db'>) {
  const { db } = target;
  let users = 0;

  /** A student; the password hash is a placeholder unless a test that verifies one gives it. */
  async function user(overrides: Overrides<UsersTable> = {}): Promise<Selectable<UsersTable>> {
    users++;
    const username = overrides.username ?? `student${users}`;
    const email = overrides.email ?? `${username}@example.com`;
    return db
      .insertInto('users')
      .values({
        firstName: 'Test',
        lastName: `Student ${users}`,
        passwordHash: 'not-a-hash',
        role: 'Student',
        notifyOnLesson: 0,
        createdAt: FACTORY_NOW,
        updatedAt: FACTORY_NOW,
        ...overrides,
        username,
        usernameNormalized: username.trim().toLowerCase(),
        email,
        emailNormalized: email.trim().toLowerCase(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  function plan(userId: number, overrides: Overrides<StudyPlansTable> = {}) {
    return db
      .insertInto('studyPlans')
      .values({
        userId,
        name: 'Finals',
        deadline: '2026-06-20',
        description: null,
        conceptMapOutline: null,
        overallSummary: null,
        sourceInput: null,
        warnings: null,
        timeZone: null,
        createdAt: FACTORY_NOW,
        updatedAt: FACTORY_NOW,
        ...overrides,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  function subject(userId: number, studyPlanId: number, overrides: Overrides<SubjectsTable> = {}) {
    return db
      .insertInto('subjects')
      .values({ userId, studyPlanId, name: 'Calculus', createdAt: FACTORY_NOW, ...overrides })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  function topic(userId: number, subjectId: number, overrides: Overrides<TopicsTable> = {}) {
    return db
      .insertInto('topics')
      .values({
        userId,
        subjectId,
        name: 'Derivatives',
        deepDiveContent: null,
        completed: 0,
        createdAt: FACTORY_NOW,
        updatedAt: FACTORY_NOW,
        ...overrides,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  function lesson(userId: number, topicId: number, overrides: Overrides<LessonsTable> = {}) {
    return db
      .insertInto('lessons')
      .values({
        userId,
        topicId,
        title: 'Derivatives',
        latexContent:
          'The derivative measures the rate of change of a function. The derivative of $x^2$ is $2x$.',
        createdAt: FACTORY_NOW,
        ...overrides,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  function studySession(
    userId: number,
    place: { studyPlanId: number; subjectId: number; topicId: number | null },
    overrides: Overrides<StudySessionsTable> = {},
  ) {
    return db
      .insertInto('studySessions')
      .values({
        userId,
        ...place,
        title: 'Derivatives',
        startAt: '2026-02-02T16:00:00.000Z',
        endAt: '2026-02-02T17:30:00.000Z',
        notes: null,
        reminder: 0,
        createdAt: FACTORY_NOW,
        updatedAt: FACTORY_NOW,
        ...overrides,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** A card never reviewed, due at `FACTORY_NOW` unless `due` is given. */
  function flashcard(userId: number, lessonId: number, overrides: Overrides<FlashcardsTable> = {}) {
    return db
      .insertInto('flashcards')
      .values({
        userId,
        lessonId,
        position: 0,
        front: 'What is the derivative of x^2?',
        back: '2x',
        kind: 'definition',
        source: 'Derivatives',
        ...newCardState(new Date(FACTORY_NOW)),
        createdAt: FACTORY_NOW,
        ...overrides,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** A plan with one subject, one topic and its lesson, all the student's. */
  async function planTree(userId: number, overrides: Overrides<StudyPlansTable> = {}) {
    const p = await plan(userId, overrides);
    const s = await subject(userId, p.id);
    const t = await topic(userId, s.id);
    const l = await lesson(userId, t.id);
    return { plan: p, subject: s, topic: t, lesson: l };
  }

  return { user, plan, subject, topic, lesson, studySession, flashcard, planTree };
}
export type Factories = ReturnType<typeof createFactories>;
