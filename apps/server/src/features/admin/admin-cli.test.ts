import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../db/connect.js';
import { createTestDb, dbKinds, type TestDb } from '../../testing/test-db.js';
import { createUsersRepository } from '../auth/index.js';
import { createPasswordResetRepository, createResetLinks } from '../password-reset/index.js';
import { createAdminRepository } from './admin.repository.js';
import { createAdminService } from './admin.service.js';
import { ADMIN_USAGE, runAdminCommand } from './admin-cli.js';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const BY = 'command line (tester)';

async function addAccount(db: TestDb['db'], email: string) {
  return createUsersRepository(db).insertUser({
    username: email.split('@')[0] as string,
    email,
    firstName: 'Ana',
    lastName: 'Lee',
    passwordHash: 'x',
    now: new Date().toISOString(),
  });
}

describe.each(dbKinds)('the admin command on %s', (kind) => {
  let db: TestDb;
  const run = (...args: string[]) =>
    runAdminCommand(args, {
      admin: createAdminService({
        repo: createAdminRepository(db.db),
        ai: { provider: 'builtin', model: undefined },
        resetLinks: createResetLinks({
          repo: createPasswordResetRepository(db.db),
          users: createUsersRepository(db.db),
          publicUrl: 'https://study.example.org',
        }),
      }),
      by: BY,
    });
  const roleOf = async (email: string) =>
    (await createUsersRepository(db.db).findUserByEmail(email))?.role;
  const actions = () =>
    db.db
      .selectFrom('adminActions')
      .select(['adminEmail', 'action', 'target'])
      .orderBy('id')
      .execute();

  beforeEach(async () => {
    db = await createTestDb(kind);
    await addAccount(db.db, 'ana@example.com');
  });
  afterEach(async () => db.cleanup());

  it('grants and revokes the role, logging each change', async () => {
    expect(await run('grant', 'Ana@Example.com')).toEqual({
      code: 0,
      out: 'Ana@Example.com is now an admin.\n',
      err: '',
    });
    expect(await roleOf('ana@example.com')).toBe('Admin');
    expect(await run('grant', 'ana@example.com')).toMatchObject({
      code: 0,
      out: 'ana@example.com is already an admin; nothing changed.\n',
    });
    expect(await run('revoke', 'ana@example.com')).toMatchObject({
      code: 0,
      out: expect.stringMatching(/^ana@example\.com is no longer an admin/),
    });
    expect(await roleOf('ana@example.com')).toBe('Student');
    expect(await run('revoke', 'ana@example.com')).toMatchObject({
      code: 0,
      out: 'ana@example.com is not an admin; nothing changed.\n',
    });
    expect(await actions()).toEqual([
      { adminEmail: BY, action: 'grant', target: 'ana@example.com' },
      { adminEmail: BY, action: 'revoke', target: 'ana@example.com' },
    ]);
  });

  it('makes the account a teacher and back, logging each change, the admin role untouched', async () => {
    const teacherOf = async (email: string) =>
      (await createUsersRepository(db.db).findUserByEmail(email))?.teacher;
    expect(await run('teacher', 'Ana@Example.com')).toEqual({
      code: 0,
      out: 'Ana@Example.com is now a teacher: they can make classes.\n',
      err: '',
    });
    expect(await teacherOf('ana@example.com')).toBe(1);
    expect((await run('teacher', 'ana@example.com')).out).toBe(
      'ana@example.com is already a teacher; nothing changed.\n',
    );
    expect((await run('no-teacher', 'ana@example.com')).out).toBe(
      'ana@example.com is no longer a teacher (their classes stay).\n',
    );
    expect(await teacherOf('ana@example.com')).toBe(0);
    expect(await roleOf('ana@example.com')).toBe('Student');
    expect((await run('teacher', 'nobody@example.com')).code).toBe(1);
    expect(await actions()).toEqual([
      { adminEmail: BY, action: 'grant-teacher', target: 'ana@example.com' },
      { adminEmail: BY, action: 'revoke-teacher', target: 'ana@example.com' },
    ]);
  });

  it('changes nothing for an e-mail with no account, and exits 1', async () => {
    expect(await run('grant', 'nobody@example.com')).toEqual({
      code: 1,
      out: '',
      err: 'No account has the e-mail address nobody@example.com.\n',
    });
    expect((await run('revoke', 'nobody@example.com')).code).toBe(1);
    expect(await actions()).toEqual([]);
    expect(await roleOf('ana@example.com')).toBe('Student');
  });

  it('prints a one-time reset link, logged with who made it, and e-mails nothing', async () => {
    const r = await run('reset-link', 'Ana@Example.com');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /^A one-time link for ana@example\.com to choose a new password, until \S+Z:\nhttps:\/\/study\.example\.org\/reset-password\?token=[\w-]{43}\n/,
    );
    expect(await actions()).toEqual([
      { adminEmail: BY, action: 'reset-link', target: 'ana@example.com' },
    ]);
    expect(await db.db.selectFrom('passwordResets').select('madeBy').execute()).toEqual([
      { madeBy: 'admin' },
    ]);
    expect(await run('reset-link', 'nobody@example.com')).toMatchObject({ code: 1 });
  });

  it.each([
    [[]],
    [['grant']],
    [['promote', 'ana@example.com']],
    [['grant', 'ana@example.com', 'eve@example.com']],
    [['grant', '  ']],
  ])('prints the usage for %j, exits 2 and changes nothing', async (args) => {
    expect(await run(...args)).toEqual({ code: 2, out: '', err: `${ADMIN_USAGE}\n` });
    expect(await roleOf('ana@example.com')).toBe('Student');
    expect(await actions()).toEqual([]);
  });
});

describe('npm run admin', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'studybuddy-admin-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  /** The real command from the repository root, on SQLite in a fresh DATA_DIR. */
  const npmRun = (...args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const { DATABASE_URL: _url, ...env } = process.env;
      execFile(
        'npm',
        ['run', '--silent', 'admin', '--', ...args],
        { cwd: ROOT, env: { ...env, DATA_DIR: dataDir, NODE_ENV: 'production' } },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
      );
    });

  it('migrates the server’s database, then grants the role from the command line', async () => {
    // A fresh data folder: migrated like the server's, and nobody to grant yet.
    const missing = await npmRun('grant', 'ana@example.com');
    expect(missing.code, missing.stderr).toBe(1);
    expect(missing.stderr).toContain('No account has the e-mail address ana@example.com.');

    const file = join(dataDir, 'studybuddy.db');
    let db = await connectDatabase({ kind: 'sqlite', file });
    await addAccount(db.db, 'ana@example.com');
    await db.close();

    const granted = await npmRun('grant', 'ana@example.com');
    expect(granted.code, granted.stderr).toBe(0);
    expect(granted.stdout).toContain('ana@example.com is now an admin.');
    db = await connectDatabase({ kind: 'sqlite', file });
    try {
      expect((await createUsersRepository(db.db).findUserByEmail('ana@example.com'))?.role).toBe(
        'Admin',
      );
      const [action] = await db.db.selectFrom('adminActions').selectAll().execute();
      expect(action).toMatchObject({
        action: 'grant',
        target: 'ana@example.com',
        adminEmail: expect.stringMatching(/^command line \(.+\)$/),
      });
    } finally {
      await db.close();
    }
  }, 60_000);
});
