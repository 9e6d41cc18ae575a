import { afterEach, describe, expect, it } from 'vitest';
import { databaseBefore } from '../../testing/migration-db.js';
import { dbKinds } from '../../testing/test-db.js';

const BEFORE = '0013-add-plan-versions';
const THIS = '0014-add-unsubscribe-version';

describe.each(dbKinds)(`migration ${THIS} on %s`, (kind) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('gives every account, old and new, version 0, and undoes it', async () => {
    const t = await databaseBefore(kind, BEFORE);
    close = t.close;
    const ana = await t.insertUser('Ana');

    await t.migrate(THIS);

    const bo = await t.insertUser('Bo');
    const versions = await t.db
      .selectFrom('users')
      .select(['id', 'unsubscribeVersion'])
      .orderBy('id')
      .execute();
    expect(versions).toEqual([
      { id: ana, unsubscribeVersion: 0 },
      { id: bo, unsubscribeVersion: 0 },
    ]);

    await t.migrate(BEFORE);
    const after = await t.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(Object.keys(after)).not.toContain('unsubscribeVersion');
  });
});
