import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTokenService } from '../../platform/tokens.js';
import { createFactories, type Factories } from '../../testing/factories.js';
import { createFastHasher } from '../../testing/fast-hasher.js';
import { createTestDb, type TestDb } from '../../testing/test-db.js';
import {
  type AuthService,
  createAuthService,
  createSessionsRepository,
  createUsersRepository,
} from '../auth/index.js';
import { createProfileService } from './profile.service.js';

type ProfileService = ReturnType<typeof createProfileService>;
type ProfileForm = Parameters<ProfileService['updateProfile']>[2];

const PASSWORD = 'correct horse battery';

/** The session id inside the `sid` claim of an access token. */
const sidOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()).sid as string;

describe('profile service', () => {
  const hasher = createFastHasher();
  let db: TestDb;
  let make: Factories;
  let auth: AuthService;
  let profile: ProfileService;
  let ana: { id: number; email: string; username: string };

  /** The profile form as parsed by the route: names kept, no password change. */
  const form = (overrides: Partial<ProfileForm> = {}): ProfileForm => ({
    firstName: 'Ana',
    lastName: 'Lee',
    email: ana.email,
    password: '',
    newPassword: '',
    confirmNewPassword: '',
    notifyOnLesson: false,
    reminderLeadMinutes: 30,
    weekStartsOn: 'sunday',
    ...overrides,
  });
  const passwordHash = async () =>
    (
      await db.db
        .selectFrom('users')
        .select('passwordHash')
        .where('id', '=', ana.id)
        .executeTakeFirstOrThrow()
    ).passwordHash;
  const login = async (password = PASSWORD) => {
    const issued = await auth.login({ email: ana.email, password }, undefined);
    if (!('response' in issued)) throw new Error('no two-step sign-in here');
    return sidOf(issued.response.accessToken);
  };

  beforeEach(async () => {
    db = await createTestDb('sqlite');
    make = createFactories(db);
    const users = createUsersRepository(db.db);
    auth = createAuthService({
      users,
      sessions: createSessionsRepository(db.db),
      hasher,
      tokens: createTokenService('x'.repeat(32), 900),
      sessionIdleMinutes: 30,
      sessionMaxDays: 30,
    });
    profile = createProfileService({ users, hasher, auth });
    ana = await make.user({
      username: 'ana',
      email: 'ana@example.com',
      passwordHash: await hasher.hash(PASSWORD),
    });
  });
  afterEach(async () => db.cleanup());

  it('saves names and the lesson reminder without asking for the password', async () => {
    const saved = await profile.updateProfile(
      ana.id,
      'no-session',
      form({ firstName: 'Anna', lastName: 'Leigh', notifyOnLesson: true, reminderLeadMinutes: 10 }),
    );
    expect(saved).toEqual({
      username: 'ana',
      firstName: 'Anna',
      lastName: 'Leigh',
      email: 'ana@example.com',
      notifyOnLesson: true,
      reminderLeadMinutes: 10,
      weekStartsOn: 'sunday',
      isAdmin: false,
      isTeacher: false,
    });
    expect(await profile.getProfile(ana.id)).toEqual(saved);
  });

  it('starts the week on Sunday until the student chooses Monday, and back', async () => {
    expect((await profile.getProfile(ana.id)).weekStartsOn).toBe('sunday');
    const monday = await profile.updateProfile(ana.id, 'x', form({ weekStartsOn: 'monday' }));
    expect(monday.weekStartsOn).toBe('monday');
    expect((await profile.getProfile(ana.id)).weekStartsOn).toBe('monday');
    await profile.updateProfile(ana.id, 'x', form({ weekStartsOn: 'sunday' }));
    expect((await profile.getProfile(ana.id)).weekStartsOn).toBe('sunday');
  });

  it('takes the same e-mail in another case as no change, needing no password', async () => {
    await expect(
      profile.updateProfile(ana.id, 'x', form({ email: 'ANA@Example.com' })),
    ).resolves.toMatchObject({ username: 'ana' });
  });

  describe('a new password or e-mail', () => {
    it('asks for the current password first', async () => {
      for (const change of [
        { newPassword: 'brand new secret', confirmNewPassword: 'brand new secret' },
        { email: 'ana.lee@example.com' },
      ]) {
        await expect(profile.updateProfile(ana.id, 'x', form(change))).rejects.toMatchObject({
          status: 400,
          code: 'validation_failed',
          details: [{ path: 'password' }],
        });
      }
      expect((await profile.getProfile(ana.id)).email).toBe('ana@example.com');
    });

    it('refuses a wrong current password and keeps the old hash and e-mail', async () => {
      const before = await passwordHash();
      for (const change of [
        { newPassword: 'brand new secret', confirmNewPassword: 'brand new secret' },
        { email: 'ana.lee@example.com' },
      ]) {
        await expect(
          profile.updateProfile(ana.id, 'x', form({ ...change, password: 'wrong password' })),
        ).rejects.toMatchObject({
          status: 400,
          code: 'wrong_password',
          details: [{ path: 'password' }],
        });
      }
      expect(await passwordHash()).toBe(before);
      expect((await profile.getProfile(ana.id)).email).toBe('ana@example.com');
    });

    it("refuses another student's e-mail, in any case", async () => {
      await make.user({ username: 'bo', email: 'bo@example.com' });
      await expect(
        profile.updateProfile(ana.id, 'x', form({ email: 'BO@example.com', password: PASSWORD })),
      ).rejects.toMatchObject({ status: 409, code: 'email_taken' });
      expect((await profile.getProfile(ana.id)).email).toBe('ana@example.com');
    });

    it('refuses a common password or one like the username, the old or the new e-mail', async () => {
      const before = await passwordHash();
      for (const [newPassword, code, email] of [
        ['Football1', 'password_too_common', ana.email],
        ['ANA', 'password_like_identity', ana.email],
        ['ana@example.com', 'password_like_identity', 'anastasia@example.com'],
        ['anastasia', 'password_like_identity', 'anastasia@example.com'],
      ] as const) {
        await expect(
          profile.updateProfile(
            ana.id,
            'x',
            form({ email, password: PASSWORD, newPassword, confirmNewPassword: newPassword }),
          ),
          newPassword,
        ).rejects.toMatchObject({ status: 400, code, details: [{ path: 'newPassword' }] });
      }
      expect(await passwordHash()).toBe(before);
      expect((await profile.getProfile(ana.id)).email).toBe('ana@example.com');
    });

    it('changes the password, ends every other session and keeps this one', async () => {
      const current = await login();
      const elsewhere = await login();
      const change = { newPassword: 'brand new secret', confirmNewPassword: 'brand new secret' };
      await profile.updateProfile(ana.id, current, form({ ...change, password: PASSWORD }));

      expect(await hasher.verify(await passwordHash(), 'brand new secret')).toBe(true);
      expect(await hasher.verify(await passwordHash(), PASSWORD)).toBe(false);
      expect(await auth.isSessionLive(current, ana.id)).toBe(true);
      expect(await auth.isSessionLive(elsewhere, ana.id)).toBe(false);
      await expect(login()).rejects.toMatchObject({ status: 401 });
      await expect(login('brand new secret')).resolves.toEqual(expect.any(String));
    });

    it('changes the e-mail alone without ending any session', async () => {
      const current = await login();
      const elsewhere = await login();
      const saved = await profile.updateProfile(
        ana.id,
        current,
        form({ email: 'ana.lee@example.com', password: PASSWORD }),
      );
      expect(saved.email).toBe('ana.lee@example.com');
      expect(await auth.isSessionLive(elsewhere, ana.id)).toBe(true);
    });
  });

  it('answers not found for an account that no longer exists', async () => {
    await expect(profile.getProfile(999)).rejects.toMatchObject({ status: 404 });
    await expect(profile.updateProfile(999, 'x', form())).rejects.toMatchObject({ status: 404 });
  });
});
