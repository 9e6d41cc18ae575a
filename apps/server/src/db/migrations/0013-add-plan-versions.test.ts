import { afterEach, describe, expect, it } from 'vitest';
import { databaseBefore } from '../../testing/migration-db.js';
import { dbKinds } from '../../testing/test-db.js';

const BEFORE = '0012-create-reminders-notifications-and-admin-log';
const THIS = '0013-add-plan-versions';
const AT = '2026-11-01T10:00:00.000Z';

describe.each(dbKinds)(`migration ${THIS} on %s`, (kind) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('changes a student’s version on every change the plan list shows, and only then', async () => {
    const t = await databaseBefore(kind, BEFORE);
    close = t.close;
    const ana = await t.insertUser('Ana');
    const bo = await t.insertUser('Bo');
    const plan = await t.db
      .insertInto('studyPlans')
      .values({ userId: ana, name: 'Old plan', createdAt: AT, updatedAt: AT } as never)
      .returning('id')
      .executeTakeFirstOrThrow();

    await t.migrate(THIS);

    const version = async (userId: number) =>
      (
        await t.db
          .selectFrom('planVersions')
          .select('version')
          .where('userId', '=', userId)
          .executeTakeFirst()
      )?.version;
    // Students of before the migration have one too.
    const seen = new Set([await version(ana), await version(bo)]);
    expect(seen.size).toBe(2);
    let last = await version(ana);
    /** Runs a write and says whether Ana's version changed (Bo's never does). */
    const bo0 = await version(bo);
    const changes = async (write: () => Promise<unknown>) => {
      await write();
      const now = await version(ana);
      expect(await version(bo)).toBe(bo0);
      const changed = now !== last;
      if (changed) {
        expect(seen.has(now)).toBe(false);
        seen.add(now);
      }
      last = now;
      return changed;
    };

    expect(
      await changes(() =>
        t.db.updateTable('studyPlans').set({ name: 'Plan' }).where('id', '=', plan.id).execute(),
      ),
    ).toBe(true);
    let subjectId = 0;
    expect(
      await changes(async () => {
        const s = await t.db
          .insertInto('subjects')
          .values({ userId: ana, studyPlanId: plan.id, name: 'Maths', createdAt: AT } as never)
          .returning('id')
          .executeTakeFirstOrThrow();
        subjectId = s.id;
      }),
    ).toBe(true);
    let topicId = 0;
    expect(
      await changes(async () => {
        const r = await t.db
          .insertInto('topics')
          .values({
            userId: ana,
            subjectId,
            name: 'Limits',
            completed: 0,
            createdAt: AT,
            updatedAt: AT,
          } as never)
          .returning('id')
          .executeTakeFirstOrThrow();
        topicId = r.id;
      }),
    ).toBe(true);
    expect(
      await changes(() =>
        t.db.updateTable('topics').set({ completed: 1 }).where('id', '=', topicId).execute(),
      ),
    ).toBe(true);
    let lessonId = 0;
    expect(
      await changes(async () => {
        const r = await t.db
          .insertInto('lessons')
          .values({ userId: ana, topicId, title: 'L', latexContent: 'x', createdAt: AT })
          .returning('id')
          .executeTakeFirstOrThrow();
        lessonId = r.id;
      }),
    ).toBe(true);
    // The list shows a lesson's title, not its text.
    expect(
      await changes(() =>
        t.db.updateTable('lessons').set({ latexContent: 'y' }).where('id', '=', lessonId).execute(),
      ),
    ).toBe(false);
    expect(
      await changes(() =>
        t.db.updateTable('lessons').set({ title: 'L2' }).where('id', '=', lessonId).execute(),
      ),
    ).toBe(true);
    // Many rows in one transaction: one change, at commit.
    expect(
      await changes(() =>
        t.db.transaction().execute(async (trx) => {
          await trx.deleteFrom('lessons').where('id', '=', lessonId).execute();
          await trx.deleteFrom('topics').where('id', '=', topicId).execute();
        }),
      ),
    ).toBe(true);
    expect(
      await changes(() => t.db.deleteFrom('subjects').where('id', '=', subjectId).execute()),
    ).toBe(true);
    expect(
      await changes(() => t.db.deleteFrom('studyPlans').where('id', '=', plan.id).execute()),
    ).toBe(true);

    // A new student starts with a version; a deleted one leaves none behind.
    const cy = await t.insertUser('Cy');
    expect(await version(cy)).toMatch(/^[0-9a-f]{24,}$/);
    await t.db.deleteFrom('users').where('id', '=', cy).execute();
    expect(await version(cy)).toBeUndefined();

    await t.migrate(BEFORE);
    await t.insertUser('Di');
    await t.db
      .insertInto('studyPlans')
      .values({ userId: ana, name: 'After', createdAt: AT, updatedAt: AT } as never)
      .execute();
  });
});
