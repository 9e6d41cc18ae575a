import { afterEach, describe, expect, it } from 'vitest';
import { databaseBefore } from '../../testing/migration-db.js';
import { dbKinds } from '../../testing/test-db.js';

const BEFORE = '0008-add-workload-and-check-ins';
const THIS = '0009-add-busy-times-and-week-start';

describe.each(dbKinds)(`migration ${THIS} on %s`, (kind) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('starts every existing week on Sunday, adds busy time that goes with its student, and undoes both', async () => {
    const t = await databaseBefore(kind, BEFORE);
    close = t.close;
    const now = '2026-11-01T10:00:00.000Z';
    const userId = await t.insertUser('Ana', now);

    await t.migrate(THIS);

    const row = await t.db
      .selectFrom('users')
      .select('weekStartsOn')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.weekStartsOn).toBe('sunday');
    const busy = {
      userId,
      kind: 'lecture',
      title: 'Lecture',
      date: '2026-11-23',
      startTime: '10:00',
      endTime: '12:00',
      repeat: 'weekly',
      until: null,
      timeZone: 'Europe/Athens',
      createdAt: now,
      updatedAt: now,
    };
    await t.db.insertInto('busyTimes').values(busy).execute();
    const { id: _id, ...stored } = await t.db
      .selectFrom('busyTimes')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(stored).toEqual(busy);
    // Busy time of someone else's id cannot be written, and a deleted student's goes with them.
    await expect(
      t.db
        .insertInto('busyTimes')
        .values({ ...busy, userId: userId + 1 })
        .execute(),
    ).rejects.toThrow();
    await t.db.deleteFrom('users').where('id', '=', userId).execute();
    expect(await t.db.selectFrom('busyTimes').selectAll().execute()).toEqual([]);

    await t.migrate(BEFORE);
    await expect(t.db.selectFrom('busyTimes').selectAll().execute()).rejects.toThrow();
    await t.insertUser('Bo', now);
    const after = await t.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(Object.keys(after)).not.toContain('weekStartsOn');
  });
});
