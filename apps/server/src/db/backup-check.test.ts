import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFactories } from '../testing/factories.js';
import { createTestDbAt, dbKinds } from '../testing/test-db.js';
import { listAppTables } from './app-tables.js';
import { writeBackup } from './backup.js';
import { checkBackup } from './backup-check.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A database with a few rows and a backup of it. */
async function backedUp(kind: 'sqlite' | 'postgres') {
  const dir = mkdtempSync(join(tmpdir(), 'backup-check-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const { db, target } = await createTestDbAt(kind, dir);
  cleanups.push(() => db.cleanup());
  const f = createFactories(db);
  const ana = await f.user();
  const { subject } = await f.planTree(ana.id);
  // Rows that do not compress, so that most of a dump is data after its table of contents.
  await db.db
    .insertInto('studyFiles')
    .values({
      userId: ana.id,
      subjectId: subject.id,
      sha256: 'a'.repeat(64),
      originalName: 'notes.txt',
      kind: 'text',
      sizeBytes: 300_000,
      textContent: randomBytes(150_000).toString('hex'),
      createdAt: '2026-01-05T09:00:00.000Z',
    })
    .execute();
  const file = join(dir, kind === 'sqlite' ? 'b.sqlite' : 'b.dump');
  await writeBackup(target, file, db.schema ? { schema: db.schema } : {});
  return { file, tables: await listAppTables(db) };
}

describe.each(dbKinds)('checkBackup (%s)', (kind) => {
  it('passes a whole backup holding every table', async () => {
    const { file, tables } = await backedUp(kind);
    expect(tables).toContain('users');
    expect(tables).toContain('backups');
    expect(await checkBackup(kind, file, tables)).toEqual({ ok: true, result: 'ok' });
  });

  it('fails a backup that lacks a table, or was cut short', async () => {
    const { file, tables } = await backedUp(kind);
    expect(await checkBackup(kind, file, [...tables, 'grades'])).toEqual({
      ok: false,
      result: 'missing tables: grades',
    });
    const size = readFileSync(file).length;
    truncateSync(file, Math.floor(size * 0.6));
    const cut = await checkBackup(kind, file, tables);
    expect(cut.ok).toBe(false);
    expect(cut.result).not.toBe('');
  });

  it('fails a file that is not a backup at all', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'backup-check-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'not-a-backup');
    writeFileSync(file, 'hello, this is text and no database '.repeat(200));
    const check = await checkBackup(kind, file, ['users']);
    expect(check.ok).toBe(false);
    expect(check.result).toMatch(kind === 'sqlite' ? /not a database/ : /pg_restore failed/);
  });
});

describe.runIf(dbKinds.includes('postgres'))('checkBackup (a pg_dump archive)', () => {
  it('fails an archive whose listing is whole but whose data is damaged', async () => {
    const { file, tables } = await backedUp('postgres');
    const bytes = readFileSync(file);
    expect(bytes.length).toBeGreaterThan(150_000);
    // The table of contents comes first; the compressed rows after it.
    for (let i = Math.floor(bytes.length * 0.7); i < bytes.length - 64; i += 5)
      bytes[i] = (bytes[i] ?? 0) ^ 0x5a;
    writeFileSync(file, bytes);
    const check = await checkBackup('postgres', file, tables);
    expect(check.ok).toBe(false);
    expect(check.result).toMatch(/^pg_restore failed: /);
  });
});

describe('checkBackup (SQLite pages)', () => {
  it('fails a backup whose pages were damaged, though it still opens', async () => {
    const { file, tables } = await backedUp('sqlite');
    const bytes = readFileSync(file);
    // Past the header page: a table's pages, overwritten with noise.
    for (let i = 4096 * 3; i < bytes.length; i += 7) bytes[i] = (bytes[i] ?? 0) ^ 0xa5;
    writeFileSync(file, bytes);
    const check = await checkBackup('sqlite', file, tables);
    expect(check.ok).toBe(false);
  });
});
