import { afterEach, describe, expect, it } from 'vitest';
import { migratorFor } from '../../db/migrate.js';
import { createTestApp, dbKinds, type TestApp } from '../../testing/harness.js';

describe.each(dbKinds)('health probes on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => t?.close());

  it('answers liveness without the database, and readiness once it is migrated', async () => {
    t = await createTestApp(kind);
    const migrator = migratorFor(t.db.db, t.db.schema);
    // The last migration undone: this version's schema is not all there yet.
    const down = await migrator.migrateDown();
    expect(down.error).toBeUndefined();

    const live = await t.app.inject({ url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });

    const pending = await t.app.inject({ url: '/api/health/ready' });
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toEqual({ status: 'not-ready', database: 'up', migrations: 'pending' });

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'up', migrations: 'done' });
  });

  it('is not ready while the database does not answer, and stays alive', async () => {
    t = await createTestApp(kind);
    await t.db.close();
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'not-ready', database: 'down' });
    expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
  });
});
