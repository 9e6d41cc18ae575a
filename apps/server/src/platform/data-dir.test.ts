import { mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/connect.js';
import { secureDataDir } from './data-dir.js';

const mode = (path: string) => statSync(path).mode & 0o777;
const umask = process.umask();
afterEach(() => {
  process.umask(umask);
});

describe('secureDataDir', () => {
  it('makes DATA_DIR 0700 and the database, its WAL and secrets 0600 whatever the umask', async () => {
    process.umask(0o022);
    const dir = join(mkdtempSync(join(tmpdir(), 'sb-data-')), 'data');
    mkdirSync(join(dir, 'secrets'), { recursive: true, mode: 0o755 });
    writeFileSync(join(dir, 'secrets', 'jwt.key'), 'x', { mode: 0o644 });
    expect(secureDataDir(dir)).toBe(false);
    const db = await connectDatabase({ kind: 'sqlite', file: join(dir, 'studybuddy.db') });
    await db.db.schema.createTable('t').addColumn('a', 'integer').execute();
    for (const f of ['studybuddy.db', 'studybuddy.db-wal', 'studybuddy.db-shm', 'secrets/jwt.key'])
      expect(mode(join(dir, f)), f).toBe(0o600);
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'secrets'))).toBe(0o700);
    await db.close();
  });

  it('removes the uploads folder of earlier versions', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-data-'));
    mkdirSync(join(dir, 'uploads', 'ab'), { recursive: true });
    writeFileSync(join(dir, 'uploads', 'ab', 'abcdef'), 'original');
    expect(secureDataDir(dir)).toBe(true);
    expect(() => statSync(join(dir, 'uploads'))).toThrow();
  });
});
