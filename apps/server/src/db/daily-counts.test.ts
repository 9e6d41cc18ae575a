import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, dbKinds, type TestDb } from '../testing/test-db.js';
import { countToday, readToday, utcDay } from './daily-counts.js';

describe.each(dbKinds)('daily counts on %s', (kind) => {
  let db: TestDb;
  beforeEach(async () => {
    db = await createTestDb(kind);
  });
  afterEach(async () => db.cleanup());

  it('counts per UTC day, starting from 0', async () => {
    const late = new Date('2026-03-01T23:59:59.000Z');
    const next = new Date('2026-03-02T00:00:00.000Z');
    expect(await readToday(db.db, 'ai_failures', late)).toBe(0);
    await countToday(db.db, 'ai_failures', late);
    await countToday(db.db, 'ai_failures', late);
    await countToday(db.db, 'ai_failures', next);
    expect(await readToday(db.db, 'ai_failures', late)).toBe(2);
    expect(await readToday(db.db, 'ai_failures', next)).toBe(1);
    expect(utcDay(late)).toBe('2026-03-01');
  });

  it('loses no count when many arrive at once', async () => {
    const now = new Date('2026-03-01T12:00:00.000Z');
    await Promise.all(Array.from({ length: 20 }, () => countToday(db.db, 'ai_failures', now)));
    expect(await readToday(db.db, 'ai_failures', now)).toBe(20);
  });
});
