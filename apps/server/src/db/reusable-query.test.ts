import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFactories } from '../testing/factories.js';
import { createTestDb, dbKinds, type TestDb } from '../testing/test-db.js';
import { reusableQuery } from './reusable-query.js';

describe.each(dbKinds)('reusable query on %s', (kind) => {
  let t: TestDb;
  beforeEach(async () => {
    t = await createTestDb(kind);
  });
  afterEach(async () => t.cleanup());

  it('runs one compiled query with each call’s arguments, through the plugins', async () => {
    const db = t.db;
    const make = createFactories(t);
    for (const name of ['ana', 'bo']) await make.user({ username: name, firstName: name });
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
    const db = t.db;
    const q = reusableQuery<[number, number], { id: number }>(db, 2, (arg) =>
      db.selectFrom('users').select('id').where('id', '=', arg(0)),
    );
    await expect(q(1, 2)).rejects.toThrow('argument 1 is not in the query');
  });
});
