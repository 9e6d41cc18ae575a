import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, dbKinds, type TestDb } from '../../testing/test-db.js';
import { createSubjectsRepository } from './subjects.repository.js';

describe.each(dbKinds)('subjects repository on %s', (kind) => {
  let db: TestDb;
  let repo: ReturnType<typeof createSubjectsRepository>;
  let ana: number;
  let bo: number;
  let planId: number;
  const now = '2026-11-01T10:00:00.000Z';

  beforeEach(async () => {
    db = await createTestDb(kind);
    repo = createSubjectsRepository(db.db);
    const user = async (name: string) =>
      (
        await db.db
          .insertInto('users')
          .values({
            username: name,
            usernameNormalized: name,
            email: `${name}@example.com`,
            emailNormalized: `${name}@example.com`,
            firstName: 'A',
            lastName: 'B',
            passwordHash: 'x',
            role: 'Student',
            notifyOnLesson: 0,
            createdAt: now,
            updatedAt: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    ana = await user('ana');
    bo = await user('bo');
    const plan = await db.db
      .insertInto('studyPlans')
      .values({
        userId: ana,
        name: 'Finals',
        deadline: '2027-01-20',
        description: null,
        conceptMapOutline: null,
        overallSummary: null,
        sourceInput: null,
        warnings: null,
        timeZone: 'Pacific/Auckland',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    planId = plan.id;
  });
  afterEach(async () => db.cleanup());

  it('keeps the exam day and priority it is given, and reads them back', async () => {
    const maths = await repo.insertSubject(
      ana,
      { studyPlanId: planId, name: 'Maths', examDate: '2027-01-12', priority: 2 },
      now,
    );
    const art = await repo.insertSubject(
      ana,
      { studyPlanId: planId, name: 'Art', examDate: null, priority: 0 },
      now,
    );
    expect(maths).toMatchObject({ name: 'Maths', examDate: '2027-01-12', priority: 2 });
    expect(await repo.findSubject(ana, maths.id)).toEqual(maths);
    expect(await repo.listSubjects(ana, [planId])).toEqual([maths, art]);
    expect(art).toMatchObject({ examDate: null, priority: 0 });
  });

  it('changes only the fields given, for its own student only', async () => {
    const s = await repo.insertSubject(
      ana,
      { studyPlanId: planId, name: 'Maths', examDate: '2027-01-12', priority: 2 },
      now,
    );
    expect(await repo.updateSubject(ana, s.id, { examDate: null })).toEqual({
      ...s,
      examDate: null,
    });
    expect(await repo.updateSubject(ana, s.id, { name: 'Algebra', priority: 0 })).toEqual({
      ...s,
      name: 'Algebra',
      examDate: null,
      priority: 0,
    });
    expect(await repo.updateSubject(ana, s.id, { examDate: '2027-01-05' })).toMatchObject({
      name: 'Algebra',
      examDate: '2027-01-05',
      priority: 0,
    });
    expect(await repo.updateSubject(bo, s.id, { examDate: '2027-02-01' })).toBeUndefined();
    expect((await repo.findSubject(ana, s.id))?.examDate).toBe('2027-01-05');
  });

  it("finds the plan's deadline for its own student only", async () => {
    expect(await repo.findPlanDeadline(ana, planId)).toEqual({ deadline: '2027-01-20' });
    expect(await repo.findPlanDeadline(bo, planId)).toBeUndefined();
  });
});
