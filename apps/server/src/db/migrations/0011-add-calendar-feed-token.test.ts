import { afterEach, describe, expect, it } from 'vitest';
import { databaseBefore } from '../../testing/migration-db.js';
import { dbKinds } from '../../testing/test-db.js';

const BEFORE = '0010-create-jobs-and-topic-content-status';
const THIS = '0011-add-calendar-feed-token';

describe.each(dbKinds)(`migration ${THIS} on %s`, (kind) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('leaves every feed off, keeps tokens unique, and undoes it', async () => {
    const t = await databaseBefore(kind, BEFORE);
    close = t.close;
    const ana = await t.insertUser('Ana');
    const bo = await t.insertUser('Bo');

    await t.migrate(THIS);

    const tokens = () =>
      t.db.selectFrom('users').select(['id', 'calendarToken']).orderBy('id').execute();
    expect(await tokens()).toEqual([
      { id: ana, calendarToken: null },
      { id: bo, calendarToken: null },
    ]);
    const token = 'A'.repeat(43);
    await t.db.updateTable('users').set({ calendarToken: token }).where('id', '=', ana).execute();
    // Two students never share one address; many may have none.
    await expect(
      t.db.updateTable('users').set({ calendarToken: token }).where('id', '=', bo).execute(),
    ).rejects.toThrow();
    await t.insertUser('Cy');
    expect((await tokens()).map((r) => r.calendarToken)).toEqual([token, null, null]);

    await t.migrate(BEFORE);
    const after = await t.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(Object.keys(after)).not.toContain('calendarToken');
  });
});
