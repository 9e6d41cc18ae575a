import { afterEach, describe, expect, it } from 'vitest';
import {
  captureLog,
  createTestApp,
  dbKinds,
  sampleUser,
  type TestApp,
  TestClient,
} from '../../testing/harness.js';
import { totpCode } from './totp.js';

const STEP_MS = 30_000;
const login = { email: sampleUser.email, password: sampleUser.password };

describe.each(dbKinds)('two-step sign-in on %s', (kind) => {
  const open: TestApp[] = [];
  afterEach(async () => {
    for (const t of open.splice(0)) await t.close();
  });

  /** Ana signed in, with two-step sign-in turned on: her secret and recovery codes. */
  async function withTwoFactor(env: Record<string, string> = {}) {
    const log = captureLog();
    const t = await createTestApp(kind, { LOG_LEVEL: 'info', ...env }, { logStream: log.stream });
    open.push(t);
    const ana = new TestClient(t.app);
    const anaId = (await ana.registerAndLogin()).id;
    const wrongPassword = await ana.post('/api/account/two-factor/setup', { password: 'nope' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().code).toBe('wrong_password');
    const setup = await ana.post('/api/account/two-factor/setup', {
      password: sampleUser.password,
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret, otpauthUri, qrSvg } = setup.json();
    expect(otpauthUri).toBe(
      `otpauth://totp/StudyBuddy:${encodeURIComponent(sampleUser.email)}?issuer=StudyBuddy&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Not on until a first code confirms the secret.
    expect((await ana.get('/api/account/two-factor')).json()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    const wrong = await ana.post('/api/account/two-factor/enable', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('two_factor_code_invalid');
    const on = await ana.post('/api/account/two-factor/enable', {
      code: totpCode(secret, Date.now()),
    });
    expect(on.statusCode, on.body).toBe(200);
    const recoveryCodes: string[] = on.json().recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await ana.get('/api/account/two-factor')).json()).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    // The secret is stored sealed, the recovery codes as hashes.
    const row = await t.db.db
      .selectFrom('users')
      .select(['totpSecret'])
      .where('id', '=', anaId)
      .executeTakeFirstOrThrow();
    expect(row.totpSecret).not.toContain(secret);
    const stored = JSON.stringify(await t.db.db.selectFrom('recoveryCodes').selectAll().execute());
    for (const c of recoveryCodes) expect(stored).not.toContain(c);
    return { t, log, ana, anaId, secret, recoveryCodes };
  }

  it('asks a code after the password, once per step, and takes a recovery code once', async () => {
    const { t, log, anaId, secret, recoveryCodes } = await withTwoFactor();
    const phone = new TestClient(t.app);
    const first = await phone.post('/api/authentication/login', login);
    expect(first.statusCode).toBe(200);
    const { twoFactorRequired, challenge } = first.json();
    expect(twoFactorRequired).toBe(true);
    expect(first.json().accessToken).toBeUndefined();
    expect(phone.cookies.has('sb_refresh')).toBe(false);

    const wrong = await phone.post('/api/authentication/login/two-factor', {
      challenge,
      code: '123456',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('two_factor_code_invalid');
    // The code of the next step (the one enabling it used this step).
    const code = totpCode(secret, Date.now() + STEP_MS);
    const done = await phone.post('/api/authentication/login/two-factor', { challenge, code });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user.id).toBe(anaId);
    expect(phone.cookies.has('sb_refresh')).toBe(true);
    phone.accessToken = done.json().accessToken;
    expect((await phone.get('/user/profile')).statusCode).toBe(200);

    // The same code again, on another login: refused.
    const laptop = new TestClient(t.app);
    const second = (await laptop.post('/api/authentication/login', login)).json().challenge;
    const replay = await laptop.post('/api/authentication/login/two-factor', {
      challenge: second,
      code,
    });
    expect(replay.statusCode).toBe(400);
    // A recovery code in its place works once, however it is typed.
    const recovery = (recoveryCodes[0] as string).toUpperCase().replace('-', ' ');
    const byRecovery = await laptop.post('/api/authentication/login/two-factor', {
      challenge: second,
      code: recovery,
    });
    expect(byRecovery.statusCode, byRecovery.body).toBe(200);
    const third = (await laptop.post('/api/authentication/login', login)).json().challenge;
    const reused = await laptop.post('/api/authentication/login/two-factor', {
      challenge: third,
      code: recoveryCodes[0],
    });
    expect(reused.statusCode).toBe(400);
    expect(log.events('auth.recovery_code_used')).toEqual([
      expect.objectContaining({ userId: anaId }),
    ]);
    expect(log.text()).not.toContain(secret);
  });

  it('refuses a forged or an old challenge', async () => {
    const { t, secret } = await withTwoFactor();
    const phone = new TestClient(t.app);
    const { challenge } = (await phone.post('/api/authentication/login', login)).json();
    const parts = (challenge as string).split('.');
    // Someone else's account in the challenge: the signature no longer matches.
    const forged = ['999', ...parts.slice(1)].join('.');
    for (const bad of [forged, `${challenge}x`, 'not-a-challenge']) {
      const r = await phone.post('/api/authentication/login/two-factor', {
        challenge: bad,
        code: totpCode(secret, Date.now() + STEP_MS),
      });
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().code).toBe('two_factor_challenge_invalid');
    }
  });

  it('throttles wrong codes as wrong passwords, on one count per student', async () => {
    const { t, secret } = await withTwoFactor({ AUTH_LOCKOUT_MAX: '5' });
    const phone = new TestClient(t.app);
    const { challenge } = (await phone.post('/api/authentication/login', login)).json();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await phone.post('/api/authentication/login/two-factor', { challenge, code: '111111' }))
          .statusCode,
      );
    // The setup's wrong password and wrong first code counted too: 2 + 3 wrong, then locked.
    expect(statuses).toEqual([400, 400, 400, 429]);
    // Locked out, even the right code waits.
    const right = await phone.post('/api/authentication/login/two-factor', {
      challenge,
      code: totpCode(secret, Date.now() + STEP_MS),
    });
    expect(right.statusCode).toBe(429);
  });

  it('turns off with the password and a code; an admin may turn it off for a lost phone', async () => {
    const { t, ana, secret, recoveryCodes } = await withTwoFactor();
    const noCode = await ana.post('/api/account/two-factor/disable', {
      password: sampleUser.password,
      code: '000000',
    });
    expect(noCode.statusCode).toBe(400);
    const off = await ana.post('/api/account/two-factor/disable', {
      password: sampleUser.password,
      code: recoveryCodes[1],
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await ana.get('/api/account/two-factor')).json().enabled).toBe(false);
    const plain = await new TestClient(t.app).post('/api/authentication/login', login);
    expect(plain.json().accessToken).toBeTruthy();

    // On again, then the admin takes it off.
    await ana.post('/api/account/two-factor/setup', { password: sampleUser.password });
    void secret;
    const again = (
      await ana.post('/api/account/two-factor/setup', { password: sampleUser.password })
    ).json().secret;
    await ana.post('/api/account/two-factor/enable', { code: totpCode(again, Date.now()) });
    const admin = new TestClient(t.app);
    const adminId = (await admin.registerAndLogin({ username: 'cleo', email: 'cleo@example.com' }))
      .id;
    await t.db.db.updateTable('users').set({ role: 'Admin' }).where('id', '=', adminId).execute();
    const r = await admin.post('/api/admin/accounts/two-factor/remove', {
      email: sampleUser.email,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect((await admin.get('/api/admin/overview')).json().actions[0]).toMatchObject({
      action: 'remove-two-factor',
      target: sampleUser.email,
    });
    expect((await ana.get('/api/account/two-factor')).json().enabled).toBe(false);
    const student = new TestClient(t.app);
    await student.registerAndLogin({ username: 'ben', email: 'ben@example.com' });
    expect(
      (await student.post('/api/admin/accounts/two-factor/remove', { email: sampleUser.email }))
        .statusCode,
    ).toBe(404);
  });
});
