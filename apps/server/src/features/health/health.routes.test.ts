import { afterEach, describe, expect, it } from 'vitest';
import { migrateDown, migrateToLatest } from '../../db/migrate.js';
import { createTestApp, dbKinds, type TestApp } from '../../testing/harness.js';

describe.each(dbKinds)('health probes on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => t?.close());

  it('answers liveness without the database, and readiness once it is migrated', async () => {
    t = await createTestApp(kind);
    // The last migration undone: this version's schema is not all there yet. Through the
    // helpers that hold the schema-change lock: undone bare, it dropped a table while another
    // test worker's migrator read every schema's catalog, which failed that read.
    expect(await migrateDown(t.db.db, t.db.schema)).toBeDefined();

    const live = await t.app.inject({ url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });

    const pending = await t.app.inject({ url: '/api/health/ready' });
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toEqual({ status: 'not-ready', database: 'up', migrations: 'pending' });

    expect(await migrateToLatest(t.db.db, t.db.schema)).toHaveLength(1);
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
