import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PasswordHasher } from '../../adapters/password-hasher.js';
import { createTokenService } from '../../platform/tokens.js';
import { countRows, createTestDb, type TestDb } from '../../testing/harness.js';
import { type AuthService, createAuthService } from './auth.service.js';
import { createSessionsRepository } from './sessions.repository.js';
import { createUsersRepository } from './users.repository.js';

const fakeHasher: PasswordHasher = {
  hash: async (p) => `plain:${p}`,
  verify: async (h, p) => h === `plain:${p}`,
  verifyDummy: async () => {},
};

const MINUTE = 60_000;
const student = {
  username: 'ana',
  firstName: 'Ana',
  lastName: 'Lee',
  email: 'ana@example.com',
  password: 'correct horse battery',
};
const chromeOnLinux =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** The session id inside the `sid` claim of an access token. */
const sidOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()).sid as string;

describe('auth service', () => {
  let db: TestDb;
  let auth: AuthService;
  let clock: Date;
  const advance = (minutes: number) => {
    clock = new Date(clock.getTime() + minutes * MINUTE);
  };

  beforeEach(async () => {
    db = await createTestDb('sqlite');
    clock = new Date('2025-03-01T09:00:00.000Z');
    auth = createAuthService({
      users: createUsersRepository(db.db),
      sessions: createSessionsRepository(db.db),
      hasher: fakeHasher,
      tokens: createTokenService('x'.repeat(32), 900),
      sessionIdleMinutes: 30,
      sessionMaxDays: 30,
      now: () => clock,
    });
  });
  afterEach(async () => db.cleanup());

  async function loginAs(input = student, userAgent?: string) {
    const issued = await auth.login(
      { email: input.email, password: input.password },
      userAgent ?? chromeOnLinux,
    );
    if (!('response' in issued)) throw new Error('no two-step sign-in here');
    return { ...issued, sid: sidOf(issued.response.accessToken) };
  }

  describe('idle timeout', () => {
    it('refreshes a session used within the idle minutes and refuses one idle that long', async () => {
      await auth.register(student);
      const first = await loginAs();
      advance(29);
      const renewed = await auth.refresh(first.refreshToken);
      // The refresh renewed the session: 29 more minutes are still within the limit.
      advance(29);
      const again = await auth.refresh(renewed.refreshToken);
      advance(30);
      await expect(auth.refresh(again.refreshToken)).rejects.toMatchObject({
        status: 401,
        code: 'token_invalid',
      });
    });

    it('treats a session as ended for every request once it is idle', async () => {
      const user = await auth.register(student);
      const { sid } = await loginAs();
      advance(29);
      expect(await auth.isSessionLive(sid, user.id)).toBe(true);
      advance(1);
      expect(await auth.isSessionLive(sid, user.id)).toBe(false);
    });
  });

  describe('listSessions', () => {
    it('lists the live sessions of the student only, this one first, with a readable device', async () => {
      const user = await auth.register(student);
      const other = { ...student, username: 'bo', email: 'bo@example.com' };
      await auth.register(other);
      await loginAs(other);
      await loginAs();
      advance(10);
      const revoked = await loginAs();
      await auth.logout(revoked.sid, user.id);
      await loginAs(
        student,
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      );
      advance(10);
      const current = await loginAs(student, 'curl/8.5.0');
      advance(9);

      const list = await auth.listSessions(user.id, current.sid);
      expect(list).toEqual([
        {
          browser: null,
          os: null,
          createdAt: '2025-03-01T09:20:00.000Z',
          lastUsedAt: '2025-03-01T09:20:00.000Z',
          current: true,
        },
        {
          browser: 'Safari',
          os: 'iOS',
          createdAt: '2025-03-01T09:10:00.000Z',
          lastUsedAt: '2025-03-01T09:10:00.000Z',
          current: false,
        },
        {
          browser: 'Chrome',
          os: 'Linux',
          createdAt: '2025-03-01T09:00:00.000Z',
          lastUsedAt: '2025-03-01T09:00:00.000Z',
          current: false,
        },
      ]);

      // Idle sessions drop out of the list as they end.
      advance(1);
      const later = await auth.listSessions(user.id, current.sid);
      expect(later.map((s) => s.browser)).toEqual([null, 'Safari']);
    });
  });

  describe('register', () => {
    it('refuses a common password or one equal to the e-mail, username or local part', async () => {
      for (const [password, code] of [
        ['Password123', 'password_too_common'],
        ['ANA@EXAMPLE.COM', 'password_like_identity'],
        ['anastasia', 'password_like_identity'],
      ] as const) {
        const input = { ...student, username: 'anastasia', password };
        await expect(auth.register(input), password).rejects.toMatchObject({
          status: 400,
          code,
          details: [{ path: 'password' }],
        });
      }
      expect(await countRows(db, 'users')).toBe(0);
    });
  });
});
