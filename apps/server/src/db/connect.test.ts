import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  connectDatabase,
  connectWithRetry,
  DatabaseConnectError,
  describeCause,
  postgresLocation,
} from './connect.js';
import { migrateToLatest } from './migrate.js';

describe('connectDatabase (SQLite file)', () => {
  it('runs WAL with synchronous=FULL, foreign keys and secure_delete on, and migrates twice without harm', async () => {
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
      expect(await pragma('secure_delete')).toBe(1);
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

describe('connectWithRetry', () => {
  it('tries an unreachable PostgreSQL again with growing waits, then names it and the cause', async () => {
    const waits: number[] = [];
    const started = Date.now();
    const error = await connectWithRetry(
      { kind: 'postgres', url: 'postgres://sb:sekret@127.0.0.1:1/studybuddy' },
      { timeoutMs: 400, firstDelayMs: 20, maxDelayMs: 80, onRetry: (r) => waits.push(r.delayMs) },
    ).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error).toBeInstanceOf(DatabaseConnectError);
    const message = (error as Error).message;
    expect(message).toMatch(
      /^Cannot connect to the PostgreSQL database 127\.0\.0\.1:1\/studybuddy: connect ECONNREFUSED 127\.0\.0\.1:1 \(gave up after \d+ tries in [\d.]+ s\)$/,
    );
    expect(message).not.toContain('sekret');
    expect(waits.length).toBeGreaterThanOrEqual(3);
    expect(waits.slice(0, 3)).toEqual([20, 40, 80]);
    expect(Math.max(...waits)).toBeLessThanOrEqual(80);
  });

  it('fails at once on what waiting cannot mend, naming the SQLite file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'db-'));
    writeFileSync(join(dir, 'a-file'), '');
    const file = join(dir, 'a-file', 'studybuddy.db');
    let retries = 0;
    const error = await connectWithRetry(
      { kind: 'sqlite', file },
      { timeoutMs: 10_000, onRetry: () => retries++ },
    ).catch((e: unknown) => e);
    expect(retries).toBe(0);
    expect((error as Error).message).toMatch(
      new RegExp(`^Cannot open the SQLite database ${file}: (ENOTDIR|EEXIST)`),
    );
  });

  it('tries once with no time to retry', async () => {
    let retries = 0;
    await expect(
      connectWithRetry(
        { kind: 'postgres', url: 'postgres://127.0.0.1:1/x' },
        { timeoutMs: 0, onRetry: () => retries++ },
      ),
    ).rejects.toThrow(
      /^Cannot connect to the PostgreSQL database 127\.0\.0\.1:1\/x: .*ECONNREFUSED/,
    );
    expect(retries).toBe(0);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'does not wait for a database that does not exist',
    async () => {
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.pathname = '/no_such_database_here';
      let retries = 0;
      await expect(
        connectWithRetry(
          { kind: 'postgres', url: url.toString() },
          { timeoutMs: 10_000, onRetry: () => retries++ },
        ),
      ).rejects.toThrow(/no_such_database_here.*does not exist/);
      expect(retries).toBe(0);
    },
  );
});

describe('postgresLocation and describeCause', () => {
  it('names host:port/database without the password', () => {
    expect(postgresLocation('postgres://u:pw@db.example:6543/sb')).toBe('db.example:6543/sb');
    expect(postgresLocation('postgresql://u:pw@db/sb?sslmode=require')).toBe('db:5432/sb');
    expect(postgresLocation('postgres://u@/sb?host=/var/run/postgresql')).toBe(
      '/var/run/postgresql:5432/sb',
    );
    expect(postgresLocation('postgres:///sb?host=/tmp')).toBe('/tmp:5432/sb');
    expect(postgresLocation('not a url')).not.toContain('not a url');
  });

  it("reads Node's AggregateError (every address of a host tried)", () => {
    const refused = (address: string) =>
      Object.assign(new Error(`connect ECONNREFUSED ${address}`), { code: 'ECONNREFUSED' });
    expect(
      describeCause(new AggregateError([refused('::1:5432'), refused('127.0.0.1:5432')])),
    ).toBe('connect ECONNREFUSED ::1:5432; connect ECONNREFUSED 127.0.0.1:5432');
  });
});
