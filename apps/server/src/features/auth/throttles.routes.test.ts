import { availableParallelism } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { createPasswordHasher, type PasswordHasher } from '../../adapters/password-hasher.js';
import { loadConfig } from '../../config/config.js';
import { createFastHasher } from '../../testing/fast-hasher.js';
import { createPlanTree } from '../../testing/fixtures.js';
import {
  captureLog,
  countRows,
  createTestApp,
  dbKinds,
  sampleUser,
  type TestApp,
  TestClient,
} from '../../testing/harness.js';
import { multipart } from '../../testing/multipart.js';

const LOGIN_PATHS = ['/api/authentication/login', '/api/auth/login'] as const;
const WARN = 40;
const INFO = 30;

describe.each(dbKinds)('auth throttles on %s', (kind) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  /**
   * Password checks that reached the hasher, to prove a refused attempt never does. These
   * limits count attempts, not hashing time, so the cheap hasher serves.
   */
  let verifies = 0;
  const start = async (env: Record<string, string>) => {
    const log = captureLog();
    const inner = createFastHasher();
    verifies = 0;
    const hasher: PasswordHasher = {
      hash: inner.hash,
      verify: (hash, password) => {
        verifies++;
        return inner.verify(hash, password);
      },
      verifyDummy: (password) => {
        verifies++;
        return inner.verifyDummy(password);
      },
    };
    t = await createTestApp(kind, { LOG_LEVEL: 'info', ...env }, { logStream: log.stream, hasher });
    return log;
  };
  const loginFrom = (client: TestClient, ip: string, password: string, email = sampleUser.email) =>
    client.request({
      method: 'POST',
      url: '/api/authentication/login',
      payload: { email, password },
      headers: { 'x-forwarded-for': ip },
    });

  it('counts both login paths as one action per address, with Retry-After on the 429', async () => {
    const log = await start({ AUTH_RATE_LIMIT_MAX: '3', TRUST_PROXY: 'true' });
    const client = new TestClient(t.app);
    await client.post('/api/authentication/register', sampleUser);
    const codes: number[] = [];
    for (const path of [...LOGIN_PATHS, LOGIN_PATHS[1]]) {
      const r = await client.post(path, { email: sampleUser.email, password: 'wrong password' });
      codes.push(r.statusCode);
    }
    // The right password on the other path is refused too: the limit counts attempts.
    const limited = await client.post(LOGIN_PATHS[0], {
      email: sampleUser.email,
      password: sampleUser.password,
    });
    expect([...codes, limited.statusCode]).toEqual([401, 401, 401, 429]);
    expect(limited.json()).toEqual({
      code: 'rate_limited',
      message: expect.stringMatching(
        /^Too many attempts\. Please try again in (\d+ seconds?|1 minute)\.$/,
      ),
      requestId: limited.headers['x-request-id'],
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(log.events('auth.login_throttled')).toEqual([
      expect.objectContaining({ level: WARN, lockedBy: 'address', ip: '127.0.0.1' }),
    ]);
    // Another address has its own count; one in the same IPv6 /64 does not.
    expect((await loginFrom(client, '2001:db8:1:2::1', sampleUser.password)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) await loginFrom(client, `2001:db8:1:2::${i + 2}`, 'wrong');
    expect((await loginFrom(client, '2001:db8:1:2:ffff::9', sampleUser.password)).statusCode).toBe(
      429,
    );
  });

  it('counts both register paths as one action per address', async () => {
    await start({ AUTH_RATE_LIMIT_MAX: '2' });
    const client = new TestClient(t.app);
    const user = (n: string) => ({ ...sampleUser, username: n, email: `${n}@example.com` });
    expect((await client.post('/api/authentication/register', user('ana'))).statusCode).toBe(201);
    expect((await client.post('/api/auth/register', user('bo'))).statusCode).toBe(201);
    const limited = await client.post('/api/authentication/register', user('cy'));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await client.post('/api/auth/register', user('di'))).statusCode).toBe(429);
    expect(await countRows(t.db, 'users')).toBe(2);
    // Logging in is another action with its own count.
    const login = await client.post('/api/auth/login', {
      email: 'ana@example.com',
      password: sampleUser.password,
    });
    expect(login.statusCode).toBe(200);
  });

  it('allows twelve times the limit for refresh', async () => {
    await start({ AUTH_RATE_LIMIT_MAX: '1' });
    const client = new TestClient(t.app);
    await client.registerAndLogin();
    for (let i = 0; i < 12; i++) {
      expect((await client.post('/api/auth/refresh')).statusCode, `refresh ${i + 1}`).toBe(200);
    }
    const limited = await client.post('/api/auth/refresh');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('locks an account after its failures from any addresses, known e-mail or not, without hashing', async () => {
    const log = await start({ AUTH_LOCKOUT_MAX: '3', TRUST_PROXY: 'true' });
    const client = new TestClient(t.app);
    await client.post('/api/authentication/register', sampleUser);
    const answers: Record<string, { code: string; message: string }> = {};
    for (const email of [sampleUser.email, 'nobody@example.com']) {
      for (let i = 1; i <= 3; i++) {
        const r = await loginFrom(client, `198.51.100.${i}`, 'wrong password', email);
        expect(r.statusCode, `${email} attempt ${i}`).toBe(401);
      }
      const before = verifies;
      const locked = await loginFrom(client, '198.51.100.4', sampleUser.password, email);
      expect(locked.statusCode, email).toBe(429);
      expect(verifies, 'a locked attempt is never hashed').toBe(before);
      const retryAfter = Number(locked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // Without its request id, which is in the answer's header and differs per answer.
      const { requestId, ...answer } = locked.json();
      expect(requestId).toBe(locked.headers['x-request-id']);
      answers[email] = answer;
    }
    // The same answer whether the account exists: the lockout reveals nothing.
    expect(answers[sampleUser.email]).toEqual(answers['nobody@example.com']);
    expect(answers[sampleUser.email]).toEqual({
      code: 'rate_limited',
      message:
        'Too many failed logins for this account. Please try again in 15 minutes, or log in from a browser you have logged in from before.',
    });
    // Another account is not affected.
    const other = { ...sampleUser, username: 'bo', email: 'bo@example.com' };
    await client.post('/api/authentication/register', other);
    expect((await loginFrom(client, '198.51.100.1', other.password, other.email)).statusCode).toBe(
      200,
    );
    expect(log.events('auth.login_throttled')).toEqual([
      expect.objectContaining({ level: WARN, lockedBy: 'account', ip: '198.51.100.4' }),
      expect.objectContaining({ level: WARN, lockedBy: 'account', ip: '198.51.100.4' }),
    ]);
  });

  it('still lets the owner in from a browser that logged in before, counting its failures apart', async () => {
    await start({ AUTH_LOCKOUT_MAX: '3', TRUST_PROXY: 'true' });
    const owner = new TestClient(t.app);
    await owner.registerAndLogin();
    const other = new TestClient(t.app);
    await other.registerAndLogin({ username: 'bo', email: 'bo@example.com' });
    const again = await owner.post(LOGIN_PATHS[1], {
      email: sampleUser.email,
      password: sampleUser.password,
    });
    const deviceCookie = again.cookies.find((c) => c.name === 'sb_device');
    expect(deviceCookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api',
      maxAge: 365 * 86_400,
    });
    expect(deviceCookie?.value).not.toContain('ana');

    const attacker = new TestClient(t.app);
    for (let i = 1; i <= 3; i++) await loginFrom(attacker, `203.0.113.${i}`, 'guess');
    expect((await loginFrom(attacker, '203.0.113.9', sampleUser.password)).statusCode).toBe(429);

    // The owner's browser still gets in, from any address.
    const own = await loginFrom(owner, '192.0.2.50', sampleUser.password);
    expect(own.statusCode).toBe(200);
    // A forged cookie, or another account's, is just an unknown browser.
    const genuine = owner.cookies.get('sb_device') as string;
    const [tag, nonce] = genuine.split('.');
    for (const cookie of [`${tag}.${nonce}.forged`, other.cookies.get('sb_device') as string]) {
      const stranger = new TestClient(t.app);
      stranger.cookies.set('sb_device', cookie);
      expect((await loginFrom(stranger, '192.0.2.60', sampleUser.password)).statusCode).toBe(429);
    }
    // The owner's own failures lock that browser only after its own count runs out.
    for (let i = 0; i < 3; i++) {
      expect((await loginFrom(owner, '192.0.2.50', 'typo')).statusCode).toBe(401);
    }
    const ownLocked = await loginFrom(owner, '192.0.2.50', sampleUser.password);
    expect(ownLocked.statusCode).toBe(429);
    expect(ownLocked.json().message).toMatch(/^Too many failed logins from this browser\./);
  });

  it('logs failed logins, lockouts and a replayed refresh token as warnings, never the e-mail or a secret', async () => {
    const log = await start({ AUTH_LOCKOUT_MAX: '2' });
    const client = new TestClient(t.app);
    const { id } = await client.registerAndLogin();
    const wrong = { email: sampleUser.email, password: 'not the password' };
    expect((await client.post(LOGIN_PATHS[0], wrong)).statusCode).toBe(401);
    await client.post(LOGIN_PATHS[1], { email: 'Who.Else@Example.org', password: 'nope nope' });
    const failed = log.events('auth.login_failed');
    expect(failed).toEqual([
      expect.objectContaining({
        level: WARN,
        userId: id,
        account: expect.stringMatching(/^[\w-]{12}$/),
        emailDomain: 'example.com',
        trustedDevice: true,
        ip: '127.0.0.1',
      }),
      expect.objectContaining({ level: WARN, emailDomain: 'example.org', trustedDevice: false }),
    ]);
    expect(failed[1]).not.toHaveProperty('userId');
    // The same account tags its lockout.
    await client.post(LOGIN_PATHS[0], wrong);
    await client.post(LOGIN_PATHS[0], wrong);
    expect(log.events('auth.login_throttled')).toEqual([
      expect.objectContaining({ lockedBy: 'device', account: failed[0]?.account }),
    ]);

    const session = new TestClient(t.app);
    await session.registerAndLogin({ username: 'cy', email: 'cy@example.com' });
    const first = session.cookies.get('sb_refresh') as string;
    expect((await session.post('/api/auth/refresh')).statusCode).toBe(200);
    session.cookies.set('sb_refresh', first);
    expect((await session.post('/api/auth/refresh')).statusCode).toBe(401);
    const [sid, secret] = first.split('.') as [string, string];
    expect(log.events('auth.refresh_reuse')).toEqual([
      expect.objectContaining({
        level: WARN,
        userId: expect.any(Number),
        sid: sid.slice(0, 8),
        ip: '127.0.0.1',
      }),
    ]);
    const text = log.text();
    for (const secretText of [
      'ana@example',
      'who.else',
      'Who.Else',
      sampleUser.password,
      'not the password',
      sid,
      secret,
      client.accessToken as string,
    ]) {
      expect(text).not.toContain(secretText);
    }
  });

  it('throttles and logs the profile’s current-password check per student', async () => {
    const log = await start({ AUTH_LOCKOUT_MAX: '3' });
    const client = new TestClient(t.app);
    const { id } = await client.registerAndLogin();
    const form = {
      firstName: 'Ana',
      lastName: 'Lee',
      email: sampleUser.email,
      password: '',
      newPassword: 'brand new secret',
      confirmNewPassword: 'brand new secret',
      notifyOnLesson: false,
    };
    const names = { ...form, newPassword: '', confirmNewPassword: '' };
    const guess = (password: string) => client.post('/user/profile/update', { ...form, password });
    expect((await guess('wrong one')).statusCode).toBe(400);
    expect((await guess('wrong two')).statusCode).toBe(400);
    // A right password does not count as a failure (nor wipe the earlier ones).
    const ok = await client.post('/user/profile/update', {
      ...names,
      email: 'ana.lee@example.com',
      password: sampleUser.password,
    });
    expect(ok.statusCode).toBe(200);
    expect((await guess('wrong three')).statusCode).toBe(400);
    const limited = await guess(sampleUser.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many wrong current passwords\./),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Changes that need no password still go through; another student is not affected.
    expect(
      (
        await client.post('/user/profile/update', {
          ...names,
          email: 'ana.lee@example.com',
          firstName: 'Anna',
        })
      ).statusCode,
    ).toBe(200);
    const other = new TestClient(t.app);
    await other.registerAndLogin({ username: 'bo', email: 'bo@example.com' });
    const otherForm = { ...form, email: 'bo@example.com', password: 'wrong' };
    expect((await other.post('/user/profile/update', otherForm)).statusCode).toBe(400);

    const failures = log.events('auth.password_check_failed');
    expect(failures).toHaveLength(4);
    expect(failures[0]).toEqual(
      expect.objectContaining({
        level: WARN,
        userId: id,
        sid: expect.stringMatching(/^[\w-]{8}$/),
        ip: '127.0.0.1',
      }),
    );
    expect(log.events('auth.password_check_throttled')).toEqual([
      expect.objectContaining({ level: WARN, userId: id }),
    ]);
    expect(log.text()).not.toMatch(/wrong one|wrong two|brand new secret/);
  });

  it('keeps one AI budget per student across chat, quizzes, the lesson helper, flashcards, topics and the wizard', async () => {
    const log = await start({ AI_RATE_LIMIT_MAX: '4' });
    const client = new TestClient(t.app);
    await client.registerAndLogin();
    // Creating the topic writes its lesson with the AI: the first of four points.
    const { lessonId, subject, topic } = await createPlanTree(client);
    expect((await client.post('/ai/AiAssistance', { prompt: 'hi' })).statusCode).toBe(200);
    expect((await client.post(`/lessons/${lessonId}/quiz`)).statusCode).toBeLessThan(300);
    const helper = await client.post(`/lessons/${lessonId}/ai-bot`, { question: 'What is it?' });
    expect(helper.statusCode).toBe(200);

    const refused = [
      await client.post('/topics', { subjectId: subject.id, name: 'Integrals' }),
      await client.post(`/lessons/${lessonId}/flashcards`),
      await client.post('/ai/AiAssistance', { prompt: 'hi again' }),
      await client.request({
        method: 'POST',
        url: `/topics/${topic.id}/generate-checklist`,
        ...multipart([{ name: 'prompt', content: 'the chain rule' }]),
      }),
      await client.request({
        method: 'POST',
        url: '/api/ai/ProcessStudyMaterials',
        ...multipart([{ name: 'notes', content: 'anything' }]),
      }),
    ];
    for (const r of refused) {
      expect(r.statusCode, r.body).toBe(429);
      expect(r.json()).toEqual({
        code: 'rate_limited',
        message: expect.stringMatching(/^You have used this minute's 4 AI requests\./),
        requestId: r.headers['x-request-id'],
      });
      expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    expect(log.events('ai.budget_exhausted')).toHaveLength(refused.length);
    expect(log.events('ai.budget_exhausted')[0]).toEqual(
      expect.objectContaining({ level: INFO, userId: expect.any(Number), url: '/topics' }),
    );
    // The budget is per student.
    const other = new TestClient(t.app);
    await other.registerAndLogin({ username: 'bo', email: 'bo@example.com' });
    expect((await other.post('/ai/AiAssistance', { prompt: 'hi' })).statusCode).toBe(200);
  });
});

describe('password hashing under a flood', () => {
  it('logs another student in ahead of the queue while one fires 60 wrong current passwords', async () => {
    // The lockout is set as loose as it may be, so the hasher's gate alone has to keep this fair;
    // only argon2id's real cost fills that gate.
    const t = await createTestApp(
      'sqlite',
      { AUTH_LOCKOUT_MAX: '100', AUTH_LOCKOUT_MINUTES: '1440' },
      { hasher: createPasswordHasher() },
    );
    try {
      const attacker = new TestClient(t.app);
      await attacker.registerAndLogin();
      const student = new TestClient(t.app);
      const bo = { ...sampleUser, username: 'bo', email: 'bo@example.com' };
      expect((await student.post('/api/authentication/register', bo)).statusCode).toBe(201);
      await student.get('/api/health');

      // Guesses checked (hashed) after the student arrived, counted as their answers come back.
      let arrived = false;
      let checkedSinceArrival = 0;
      const flood = Array.from({ length: 60 }, (_, i) =>
        attacker
          .post('/user/profile/update', {
            firstName: 'Ana',
            lastName: 'Lee',
            email: sampleUser.email,
            password: `guess number ${i}`,
            newPassword: 'brand new secret',
            confirmNewPassword: 'brand new secret',
            notifyOnLesson: false,
          })
          .then((r) => {
            if (arrived && r.statusCode === 400) checkedSinceArrival++;
            return r;
          }),
      );
      // Let the flood reach the hasher before the student arrives.
      await new Promise((resolve) => setTimeout(resolve, 100));
      arrived = true;
      const login = await student.post('/api/authentication/login', {
        email: bo.email,
        password: bo.password,
      });
      const checkedBeforeLogin = checkedSinceArrival;
      expect(login.statusCode).toBe(200);
      // Fair, whatever the machine's speed (the time it takes is the bench's to print): the
      // student waited for the guesses already being hashed and at most one more per slot, not
      // for the attacker's queue (8 waiting, which a first-come gate would hash first).
      const slots = Math.min(3, Math.max(2, availableParallelism()));
      expect(checkedBeforeLogin).toBeLessThanOrEqual(2 * slots);

      const codes = (await Promise.all(flood)).map((r) => r.statusCode);
      // Some guesses were checked (400), the rest refused as busy (429); none failed.
      expect(codes.filter((c) => c === 400).length).toBeGreaterThan(0);
      expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
      expect(codes.every((c) => c === 400 || c === 429)).toBe(true);
    } finally {
      await t.close();
    }
  }, 30_000);
});

describe('throttle configuration', () => {
  it('refuses a lockout that would allow more than 100 failed logins an hour', () => {
    expect(() => loadConfig({ AUTH_LOCKOUT_MAX: '30', AUTH_LOCKOUT_MINUTES: '15' })).toThrow(
      /AUTH_LOCKOUT_MAX: 30 failures every 15 minutes/,
    );
    expect(loadConfig({ AUTH_LOCKOUT_MAX: '20', AUTH_LOCKOUT_MINUTES: '15' }).authLockout).toEqual({
      max: 20,
      minutes: 15,
    });
    expect(loadConfig({}).authLockout).toEqual({ max: 10, minutes: 15 });
  });

  it('reads AI_RATE_LIMIT_MAX, or AI_CHAT_RATE_LIMIT_MAX when only that is set', () => {
    expect(loadConfig({}).ai).toMatchObject({ rateLimitMax: 30, globalRateLimitMax: 600 });
    expect(loadConfig({ AI_CHAT_RATE_LIMIT_MAX: '12' }).ai.rateLimitMax).toBe(12);
    const both = loadConfig({ AI_CHAT_RATE_LIMIT_MAX: '12', AI_RATE_LIMIT_MAX: '40' });
    expect(both.ai.rateLimitMax).toBe(40);
  });
});
