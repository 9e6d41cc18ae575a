import { createSigner } from 'fast-jwt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPasswordHasher } from '../../adapters/password-hasher.js';
import { loadOrCreateSecret } from '../../platform/secrets.js';
import {
  countRows,
  createTestApp,
  dbKinds,
  sampleUser,
  type TestApp,
  TestClient,
} from '../../testing/harness.js';

describe.each(dbKinds)('auth routes on %s', (kind) => {
  let t: TestApp;
  let client: TestClient;
  const countUsers = async () => countRows(t.db, 'users');

  beforeEach(async () => {
    t = await createTestApp(kind);
    client = new TestClient(t.app);
  });
  afterEach(async () => t.close());

  describe('register', () => {
    it('creates an account on both paths and never returns the password hash', async () => {
      const a = await client.post('/api/authentication/register', sampleUser);
      expect(a.statusCode).toBe(201);
      expect(a.json()).toEqual({
        id: expect.any(Number),
        username: 'ana',
        email: 'ana@example.com',
        name: 'Ana Lee',
        role: 'Student',
        // What its e-mails are written in until the app says otherwise.
        language: 'en',
        timeZone: 'UTC',
      });
      const b = await client.post('/api/auth/register', {
        ...sampleUser,
        username: 'bo',
        email: 'bo@example.com',
      });
      expect(b.statusCode).toBe(201);
      const rows = await t.db.db.selectFrom('users').select('passwordHash').execute();
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(a.body + b.body).not.toContain(row.passwordHash.split('$').at(-1) as string);
      }
      expect(a.body + b.body).not.toMatch(/passwordHash/);
    });

    it('stores the password as argon2id at or above OWASP’s floor (ASVS 11.4.2)', async () => {
      // The other tests hash cheaply; this one needs the hasher production uses.
      const real = await createTestApp(kind, {}, { hasher: createPasswordHasher() });
      try {
        const r = await new TestClient(real.app).post('/api/authentication/register', sampleUser);
        expect(r.statusCode).toBe(201);
        expect(r.body).not.toMatch(/argon2/);
        const row = await real.db.db
          .selectFrom('users')
          .select('passwordHash')
          .where('username', '=', 'ana')
          .executeTakeFirstOrThrow();
        expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=47104,p=1,t=2\$/);
      } finally {
        await real.close();
      }
    });

    it('answers 409 for a duplicate e-mail in any case and for a duplicate username', async () => {
      await client.post('/api/authentication/register', sampleUser);
      const dupEmail = await client.post('/api/authentication/register', {
        ...sampleUser,
        username: 'other',
        email: 'ANA@Example.com',
      });
      expect(dupEmail.statusCode).toBe(409);
      expect(dupEmail.json()).toMatchObject({
        code: 'email_taken',
        message: 'An account with this email already exists.',
      });
      const dupName = await client.post('/api/authentication/register', {
        ...sampleUser,
        username: 'ANA',
        email: 'x@example.com',
      });
      expect(dupName.statusCode).toBe(409);
      expect(dupName.json().code).toBe('username_taken');
      expect(await countUsers()).toBe(1);
    });

    it('rejects an e-mail over 254 characters or with a local part over 64, changing nothing', async () => {
      const long = `${'a'.repeat(60)}@${'b'.repeat(190)}.com`;
      const r1 = await client.post('/api/authentication/register', { ...sampleUser, email: long });
      expect(r1.statusCode).toBe(400);
      expect(r1.json().details).toContainEqual(expect.objectContaining({ path: 'email' }));
      const r2 = await client.post('/api/authentication/register', {
        ...sampleUser,
        email: `${'a'.repeat(65)}@example.com`,
      });
      expect(r2.statusCode).toBe(400);
      expect(r2.json()).toMatchObject({ code: 'validation_failed' });
      expect(await countUsers()).toBe(0);
    });

    it('names every missing field and a short password', async () => {
      const r = await client.post('/api/authentication/register', {
        email: 'a@b.co',
        password: 'short',
      });
      expect(r.statusCode).toBe(400);
      const paths = r.json().details.map((d: { path: string }) => d.path);
      expect(paths).toEqual(
        expect.arrayContaining(['username', 'firstName', 'lastName', 'password']),
      );
      expect(await countUsers()).toBe(0);
    });

    it('refuses a common password or the e-mail, its local part or the username as password', async () => {
      const user = { ...sampleUser, username: 'Anastasia.Lee', email: 'anastasia@example.com' };
      for (const [password, code] of [
        ['Password123', 'password_too_common'],
        ['ANASTASIA@example.com', 'password_like_identity'],
        ['Anastasia', 'password_like_identity'],
        ['anastasia.LEE', 'password_like_identity'],
      ] as const) {
        const r = await client.post('/api/authentication/register', { ...user, password });
        expect(r.statusCode, password).toBe(400);
        expect(r.json(), password).toMatchObject({
          code,
          message: expect.any(String),
          details: [{ path: 'password', message: expect.any(String) }],
        });
      }
      expect(await countUsers()).toBe(0);
    });

    it('refuses fields it does not know, such as a role (mass assignment)', async () => {
      const r = await client.post('/api/authentication/register', { ...sampleUser, role: 'Admin' });
      expect(r.statusCode).toBe(400);
      expect(await countUsers()).toBe(0);
    });

    it('answers 413 to a 10 MB JSON body and 400 to broken JSON', async () => {
      const big = await client.request({
        method: 'POST',
        url: '/api/authentication/register',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ ...sampleUser, firstName: 'x'.repeat(10 * 1024 * 1024) }),
      });
      expect(big.statusCode).toBe(413);
      expect(big.json()).toMatchObject({ code: 'payload_too_large', message: expect.any(String) });
      const bad = await client.request({
        method: 'POST',
        url: '/api/authentication/register',
        headers: { 'content-type': 'application/json' },
        payload: '{"username": ',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('invalid_json');
      expect(await countUsers()).toBe(0);
    });
  });

  describe('login', () => {
    beforeEach(async () => {
      await client.post('/api/authentication/register', sampleUser);
    });

    it('returns accessToken and token with the same value on both paths, e-mail in any case', async () => {
      for (const path of ['/api/authentication/login', '/api/auth/login']) {
        const r = await client.post(path, {
          email: 'ANA@example.com',
          password: sampleUser.password,
        });
        expect(r.statusCode).toBe(200);
        const body = r.json();
        expect(body.accessToken).toBe(body.token);
        expect(body.user).toMatchObject({ email: 'ana@example.com', name: 'Ana Lee' });
        const cookie = r.cookies.find((c) => c.name === 'sb_refresh');
        expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
      }
    });

    it('gives the same 401 message for a wrong password and an unknown e-mail', async () => {
      const wrong = await client.post('/api/authentication/login', {
        email: sampleUser.email,
        password: 'nope-nope-nope',
      });
      const unknown = await client.post('/api/authentication/login', {
        email: 'who@example.com',
        password: 'nope-nope-nope',
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      const { requestId: _w, ...wrongBody } = wrong.json();
      const { requestId: _u, ...unknownBody } = unknown.json();
      expect(wrongBody).toEqual(unknownBody);
      expect(wrong.json()).toEqual({
        message: 'Invalid email or password.',
        code: 'invalid_credentials',
        requestId: wrong.headers['x-request-id'],
      });
    });

    it('opens the protected API with the token', async () => {
      const r = await client.post('/api/authentication/login', {
        email: sampleUser.email,
        password: sampleUser.password,
      });
      client.accessToken = r.json().accessToken;
      const profile = await client.get('/user/profile');
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).toEqual({
        username: 'ana',
        firstName: 'Ana',
        lastName: 'Lee',
        email: 'ana@example.com',
        notifyOnLesson: false,
        reminderLeadMinutes: 30,
        weekStartsOn: 'sunday',
        isAdmin: false,
        isTeacher: false,
      });
    });
  });

  describe('tokens', () => {
    it('rejects a missing, forged, expired, alg-none or revoked token with 401', async () => {
      await client.registerAndLogin();
      const real = client.accessToken as string;
      const payload = JSON.parse(Buffer.from(real.split('.')[1] as string, 'base64url').toString());
      const secret = loadOrCreateSecret(t.config.dataDir, 'jwt');
      const forged = createSigner({ key: 'x'.repeat(48), algorithm: 'HS256' })(payload);
      const expired = createSigner({
        key: secret,
        algorithm: 'HS256',
        clockTimestamp: Date.now() - 3_600_000,
        expiresIn: 60_000,
      })({
        ...payload,
        exp: undefined,
        iat: undefined,
      });
      const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${real.split('.')[1]}.`;
      const tampered = `${real.split('.')[0]}.${Buffer.from(JSON.stringify({ ...payload, sub: '999' })).toString('base64url')}.${real.split('.')[2]}`;
      for (const token of [undefined, forged, expired, none, tampered, 'garbage']) {
        const r = await client.request({
          method: 'GET',
          url: '/user/profile',
          auth: false,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        expect(r.statusCode, String(token)).toBe(401);
        expect(r.json()).toMatchObject({
          message: expect.any(String),
          code: expect.stringMatching(/unauthorized|token_invalid/),
        });
      }
      expect((await client.get('/user/profile')).statusCode).toBe(200);
      expect((await client.post('/user/logout')).statusCode).toBe(200);
      const after = await client.request({
        method: 'GET',
        url: '/user/profile',
        auth: false,
        headers: { authorization: `Bearer ${real}` },
      });
      expect(after.statusCode).toBe(401);
    });

    it('restores a session from the refresh cookie and rotates it; a replayed old cookie ends the session', async () => {
      await client.registerAndLogin();
      const first = client.cookies.get('sb_refresh') as string;
      const r = await client.post('/api/auth/refresh');
      expect(r.statusCode).toBe(200);
      const second = client.cookies.get('sb_refresh') as string;
      expect(second).not.toBe(first);
      client.accessToken = r.json().accessToken;
      expect((await client.get('/user/profile')).statusCode).toBe(200);
      // An attacker replays the stolen first cookie: refused, and the whole session ends.
      client.cookies.set('sb_refresh', first);
      expect((await client.post('/api/auth/refresh')).statusCode).toBe(401);
      expect((await client.get('/user/profile')).statusCode).toBe(401);
      client.cookies.set('sb_refresh', second);
      expect((await client.post('/api/auth/refresh')).statusCode).toBe(401);
    });

    it('refuses refresh without a cookie and after logout', async () => {
      expect((await client.post('/api/auth/refresh')).statusCode).toBe(401);
      await client.registerAndLogin();
      const cookie = client.cookies.get('sb_refresh') as string;
      await client.post('/user/logout');
      expect(client.cookies.has('sb_refresh')).toBe(false);
      client.cookies.set('sb_refresh', cookie);
      expect((await client.post('/api/auth/refresh')).statusCode).toBe(401);
    });
  });

  describe('CSRF', () => {
    it('answers 403 to a POST without the header or with a wrong one, and creates nothing', async () => {
      await client.get('/api/health');
      const missing = await client.request({
        method: 'POST',
        url: '/api/authentication/register',
        payload: sampleUser,
        headers: { 'x-xsrf-token': '' },
      });
      expect(missing.statusCode).toBe(403);
      expect(missing.json().code).toBe('csrf_invalid');
      const wrong = await client.request({
        method: 'POST',
        url: '/api/authentication/register',
        payload: sampleUser,
        headers: { 'x-xsrf-token': 'abc-def' },
      });
      expect(wrong.statusCode).toBe(403);
      const noCookies = await t.app.inject({
        method: 'POST',
        url: '/api/authentication/register',
        payload: sampleUser,
      });
      expect(noCookies.statusCode).toBe(403);
      expect(noCookies.cookies.map((c) => c.name)).toContain('XSRF-TOKEN');
      expect(await countUsers()).toBe(0);
    });

    it('hands out the XSRF-TOKEN cookie, readable by script, only to a client that lacks it', async () => {
      const first = await t.app.inject({ method: 'GET', url: '/api/health' });
      const xsrf = first.cookies.find((c) => c.name === 'XSRF-TOKEN');
      expect(xsrf?.httpOnly).toBeFalsy();
      expect(first.cookies.find((c) => c.name === '_csrf')?.httpOnly).toBe(true);
      await client.get('/api/health');
      const again = await client.get('/api/health');
      expect(again.cookies).toHaveLength(0);
    });
  });
});

describe('login rate limit', () => {
  it('answers 429 with a message and Retry-After after repeated attempts', async () => {
    const t = await createTestApp('sqlite', { AUTH_RATE_LIMIT_MAX: '3' });
    try {
      const client = new TestClient(t.app);
      const codes: number[] = [];
      let last = await client.post('/api/authentication/login', {
        email: 'x@example.com',
        password: 'wrong-password',
      });
      codes.push(last.statusCode);
      for (let i = 0; i < 3; i++) {
        last = await client.post('/api/authentication/login', {
          email: 'x@example.com',
          password: 'wrong-password',
        });
        codes.push(last.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
      expect(last.json()).toMatchObject({
        code: 'rate_limited',
        message: expect.stringMatching(/Too many attempts/),
      });
      expect(last.headers['retry-after']).toBeDefined();
    } finally {
      await t.close();
    }
  });
});
