import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from './connect.js';
import { migrateToLatest } from './migrate.js';

describe('connectDatabase (SQLite file)', () => {
  it('runs WAL with synchronous=FULL and foreign keys on, and migrates twice without harm', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'db-')), 'studybuddy.db');
    const db = await connectDatabase({ kind: 'sqlite', file });
    try {
      const pragma = async (name: string) => {
        const r = await sql<Record<string, unknown>>`pragma ${sql.raw(name)}`.execute(db.db);
        return Object.values(r.rows[0] ?? {})[0];
      };
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(2);
      expect(await pragma('foreign_keys')).toBe(1);
      await migrateToLatest(db.db);
      await migrateToLatest(db.db);
    } finally {
      await db.close();
    }
  });

  it('fails at once when PostgreSQL cannot be reached', async () => {
    await expect(
      connectDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:1/none' }),
    ).rejects.toThrow();
  });
});
