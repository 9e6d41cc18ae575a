import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from '../testing/harness.js';
import { reusableQuery } from './reusable-query.js';

describe.each(dbKinds)('reusable query on %s', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(async () => t.close());

  it('runs one compiled query with each call’s arguments, through the plugins', async () => {
    const db = t.db.db;
    const at = '2026-11-01T10:00:00.000Z';
    for (const name of ['ana', 'bo']) {
      await db
        .insertInto('users')
        .values({
          username: name,
          usernameNormalized: name,
          email: `${name}@example.com`,
          emailNormalized: `${name}@example.com`,
          firstName: name,
          lastName: 'Lee',
          passwordHash: 'x',
          role: 'Student',
          notifyOnLesson: 0,
          createdAt: at,
          updatedAt: at,
        })
        .execute();
    }
    let builds = 0;
    const byEmail = reusableQuery<[string, string], { id: number; firstName: string }>(
      db,
      2,
      (arg) => {
        builds++;
        return db
          .selectFrom('users')
          .select(['id', 'firstName'])
          .where('emailNormalized', '=', arg(0))
          .where('role', '=', arg(1));
      },
    );
    // Camel-cased by the plugin, as any query's rows are.
    expect(await byEmail('ana@example.com', 'Student')).toEqual([
      { id: expect.any(Number), firstName: 'ana' },
    ]);
    expect((await byEmail('bo@example.com', 'Student'))[0]?.firstName).toBe('bo');
    expect(await byEmail('bo@example.com', 'Admin')).toEqual([]);
    expect(builds).toBe(1);
  });

  it('refuses a query that leaves out an argument', async () => {
    const db = t.db.db;
    const q = reusableQuery<[number, number], { id: number }>(db, 2, (arg) =>
      db.selectFrom('users').select('id').where('id', '=', arg(0)),
    );
    await expect(q(1, 2)).rejects.toThrow('argument 1 is not in the query');
  });
});
