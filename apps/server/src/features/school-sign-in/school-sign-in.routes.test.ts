import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  captureLog,
  createTestApp,
  dbKinds,
  sampleUser,
  type TestApp,
  TestClient,
} from '../../testing/harness.js';
import {
  type IdentityProvider,
  SCHOOL_CLIENT,
  type SchoolAccount,
  startIdentityProvider,
} from '../../testing/identity-provider.js';
import { startRogueIdentityProvider } from '../../testing/rogue-identity-provider.js';

/** The app's public origin in these tests (it is reached by inject, never listened on). */
const PUBLIC_URL = 'http://127.0.0.1:4319';
const CALLBACK = `${PUBLIC_URL}/api/auth/oidc/callback`;

const lena: SchoolAccount = {
  sub: 'school-0001',
  email: 'lena.berg@school.example',
  email_verified: true,
  given_name: 'Lena',
  family_name: 'Berg',
  preferred_username: 'lena.berg',
  groups: ['students'],
};

/** A loopback port nothing listens on: the school's sign-in is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const pathOf = (url: string) => url.slice(PUBLIC_URL.length);

describe.each(dbKinds)('school sign-in (OpenID Connect) on %s', (kind) => {
  const open: { close(): Promise<unknown> | unknown }[] = [];
  afterEach(async () => {
    for (const o of open.splice(0).reverse()) await o.close();
  });

  async function setUp(env: Record<string, string> = {}) {
    const school = await startIdentityProvider(CALLBACK);
    open.push(school);
    const log = captureLog();
    const t: TestApp = await createTestApp(
      kind,
      {
        LOG_LEVEL: 'info',
        PUBLIC_URL,
        OIDC_ISSUER: school.issuer,
        OIDC_CLIENT_ID: SCHOOL_CLIENT.id,
        OIDC_CLIENT_SECRET: SCHOOL_CLIENT.secret,
        ...env,
      },
      { logStream: log.stream },
    );
    open.push(t);
    return { t, school, log, browser: new TestClient(t.app) };
  }

  /** The browser's way: the app's start, the school, back to the callback. */
  async function signIn(browser: TestClient, school: IdentityProvider) {
    const start = await browser.get('/api/auth/oidc/login');
    expect(start.statusCode).toBe(302);
    const back = await school.follow(start.headers.location as string);
    return browser.get(pathOf(back));
  }

  const userCount = async (t: TestApp) =>
    (await t.db.db.selectFrom('users').select('id').execute()).length;

  it('signs a new student in with no password of ours, and the same account next time', async () => {
    const { t, school, log, browser } = await setUp();
    school.signInAs(lena);
    const start = await browser.get('/api/auth/oidc/login');
    const to = new URL(start.headers.location as string);
    // The authorization code flow with PKCE, state and nonce, back to PUBLIC_URL's callback.
    expect(to.origin).toBe(school.issuer);
    expect(to.searchParams.get('response_type')).toBe('code');
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(to.searchParams.get('state')).toBeTruthy();
    expect(to.searchParams.get('nonce')).toBeTruthy();
    const back = await school.follow(to.href);
    const done = await browser.get(pathOf(back));
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe(`${PUBLIC_URL}/dashboard#school-sign-in`);

    // The refresh cookie a password login sets: the page restores its session with it.
    const refreshed = await browser.post('/api/auth/refresh');
    expect(refreshed.statusCode).toBe(200);
    const { user } = refreshed.json();
    expect(user).toMatchObject({ email: lena.email, name: 'Lena Berg', role: 'Student' });
    browser.accessToken = refreshed.json().accessToken;
    expect((await browser.get('/user/profile')).json()).toMatchObject({ username: 'lena.berg' });
    expect(log.events('auth.oidc_account_created')).toHaveLength(1);
    // The code of the callback never reaches the log.
    const code = new URL(back).searchParams.get('code') as string;
    expect(log.text()).not.toContain(code);

    // Next time: the same account, found by the school account (not by the e-mail).
    const again = await signIn(new TestClient(t.app), school);
    expect(again.headers.location).toBe(`${PUBLIC_URL}/dashboard#school-sign-in`);
    expect(await userCount(t)).toBe(1);
    const links = await t.db.db.selectFrom('externalIdentities').selectAll().execute();
    expect(links).toEqual([
      expect.objectContaining({ userId: user.id, issuer: school.issuer, subject: lena.sub }),
    ]);
  });

  it('links an existing account only with its password, and only for a verified e-mail', async () => {
    const { t, school, browser } = await setUp();
    const ana = new TestClient(t.app);
    const anaId = (await ana.registerAndLogin()).id;

    // An e-mail the school does not vouch for never reaches Ana's account.
    school.signInAs({ sub: 'school-ana', email: sampleUser.email, email_verified: false });
    const unverified = await signIn(browser, school);
    expect(unverified.headers.location).toBe(`${PUBLIC_URL}/login?signInError=email_unverified`);
    expect(await t.db.db.selectFrom('externalIdentities').selectAll().execute()).toEqual([]);
    expect((await browser.get('/api/auth/oidc/link')).statusCode).toBe(400);

    school.signInAs({ sub: 'school-ana', email: sampleUser.email, email_verified: true });
    const asked = await signIn(browser, school);
    expect(asked.headers.location).toBe(`${PUBLIC_URL}/login?linkSchoolAccount=1`);
    expect((await browser.get('/api/auth/oidc/link')).json()).toEqual({ email: sampleUser.email });
    const wrong = await browser.post('/api/auth/oidc/link', { password: 'not her password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('wrong_password');
    expect(await t.db.db.selectFrom('externalIdentities').selectAll().execute()).toEqual([]);

    const linked = await browser.post('/api/auth/oidc/link', { password: sampleUser.password });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().user).toMatchObject({ id: anaId, email: sampleUser.email });
    // Spent: the link cookie is gone.
    expect((await browser.get('/api/auth/oidc/link')).statusCode).toBe(400);

    // From now on the school account signs Ana in directly.
    const next = await signIn(new TestClient(t.app), school);
    expect(next.headers.location).toBe(`${PUBLIC_URL}/dashboard#school-sign-in`);
    expect(await userCount(t)).toBe(1);
  });

  it('refuses a wrong state, a replayed code, a wrong nonce and a sign-in begun elsewhere', async () => {
    const { t, school, log, browser } = await setUp();
    school.signInAs(lena);

    // A wrong state: the callback is not the answer to this browser's sign-in.
    let start = await browser.get('/api/auth/oidc/login');
    let back = new URL(await school.follow(start.headers.location as string));
    back.searchParams.set('state', 'a-state-of-another-sign-in');
    let done = await browser.get(pathOf(back.href));
    expect(done.headers.location).toBe(`${PUBLIC_URL}/login?signInError=failed`);

    // A sign-in begun in another browser (no checks cookie here).
    start = await browser.get('/api/auth/oidc/login');
    back = new URL(await school.follow(start.headers.location as string));
    done = await new TestClient(t.app).get(pathOf(back.href));
    expect(done.headers.location).toBe(`${PUBLIC_URL}/login?signInError=expired`);

    // A replayed code: the same callback, cookie and all, a second time.
    start = await browser.get('/api/auth/oidc/login');
    const cookie = `sb_oidc=${browser.cookies.get('sb_oidc')}`;
    back = new URL(await school.follow(start.headers.location as string));
    const replay = () => t.app.inject({ url: pathOf(back.href), headers: { cookie } });
    expect((await replay()).headers.location).toBe(`${PUBLIC_URL}/dashboard#school-sign-in`);
    expect((await replay()).headers.location).toBe(`${PUBLIC_URL}/login?signInError=failed`);

    // A wrong nonce: the school was asked for another one than this sign-in's.
    start = await browser.get('/api/auth/oidc/login');
    const tampered = new URL(start.headers.location as string);
    tampered.searchParams.set('nonce', 'a-nonce-of-another-sign-in');
    back = new URL(await school.follow(tampered.href));
    done = await browser.get(pathOf(back.href));
    expect(done.headers.location).toBe(`${PUBLIC_URL}/login?signInError=failed`);

    expect(log.events('auth.oidc_failed').map((l) => l.reason)).toEqual([
      'failed',
      'expired',
      'failed',
      'failed',
    ]);
    expect(await userCount(t)).toBe(1); // the one sign-in that held
  });

  it('refuses an ID token that expired, is for another app, or answers another nonce', async () => {
    const rogue = await startRogueIdentityProvider(CALLBACK, SCHOOL_CLIENT.id);
    open.push(rogue);
    const { t, log, browser } = await setUp({ OIDC_ISSUER: rogue.issuer });
    const viaRogue = async () => {
      const start = await browser.get('/api/auth/oidc/login');
      const back = await fetch(start.headers.location as string, { redirect: 'manual' });
      return browser.get(pathOf(back.headers.get('location') as string));
    };
    // The provider's tokens are sound but for the defect: a sound one signs in.
    expect((await viaRogue()).headers.location).toBe(`${PUBLIC_URL}/dashboard#school-sign-in`);
    for (const defect of ['expired', 'wrong-audience', 'wrong-nonce'] as const) {
      rogue.signWith(defect);
      expect((await viaRogue()).headers.location, defect).toBe(
        `${PUBLIC_URL}/login?signInError=failed`,
      );
    }
    const details = log.events('auth.oidc_failed').map((l) => String(l.detail));
    expect(details).toHaveLength(3);
    expect(details[0]).toMatch(/exp|timestamp/i);
    expect(details[1]).toMatch(/aud/i);
    expect(details[2]).toMatch(/nonce|claim/i);
    expect(await userCount(t)).toBe(1);
  });

  it('admits only the allowed domains, creates no account when told not to, and says when the school is down', async () => {
    const { t, school, browser } = await setUp({
      OIDC_ALLOWED_DOMAINS: 'School.example, staff.school.example',
      OIDC_AUTO_CREATE: 'false',
    });
    school.signInAs({ ...lena, sub: 'outsider', email: 'lena@elsewhere.example' });
    expect((await signIn(browser, school)).headers.location).toBe(
      `${PUBLIC_URL}/login?signInError=domain_not_allowed`,
    );
    school.signInAs(lena);
    expect((await signIn(browser, school)).headers.location).toBe(
      `${PUBLIC_URL}/login?signInError=no_account`,
    );
    expect(await userCount(t)).toBe(0);

    const down = await setUp({ OIDC_ISSUER: `http://127.0.0.1:${await closedPort()}` });
    const start = await down.browser.get('/api/auth/oidc/login');
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe(`${PUBLIC_URL}/login?signInError=unavailable`);
  });

  it("makes the admin group's members admins, with a line in the admin log", async () => {
    const { t, school, browser } = await setUp({ OIDC_ADMIN_GROUP: 'studybuddy-admins' });
    school.signInAs({ ...lena, groups: ['staff', 'studybuddy-admins'] });
    await signIn(browser, school);
    const { user } = (await browser.post('/api/auth/refresh')).json();
    expect(user.role).toBe('Admin');
    const logged = await t.db.db.selectFrom('adminActions').selectAll().execute();
    expect(logged).toEqual([
      expect.objectContaining({
        adminEmail: 'school sign-in (group studybuddy-admins)',
        action: 'grant',
        target: lena.email,
      }),
    ]);
  });

  it("makes the teacher group's members teachers, logged, and a second sign-in changes nothing", async () => {
    const { t, school, browser } = await setUp({ OIDC_TEACHER_GROUP: 'teachers' });
    school.signInAs({ ...lena, groups: ['staff', 'teachers'] });
    await signIn(browser, school);
    browser.accessToken = (await browser.post('/api/auth/refresh')).json().accessToken;
    expect((await browser.get('/user/profile')).json()).toMatchObject({
      isTeacher: true,
      isAdmin: false,
    });
    school.signInAs({ ...lena, groups: ['teachers'] });
    await signIn(browser, school);
    const logged = await t.db.db.selectFrom('adminActions').selectAll().execute();
    expect(logged).toEqual([
      expect.objectContaining({
        adminEmail: 'school sign-in (group teachers)',
        action: 'grant-teacher',
        target: lena.email,
      }),
    ]);
  });

  it('with PASSWORD_LOGIN=false, refuses password login, registration and reset; /api/site says so', async () => {
    const { browser } = await setUp({ PASSWORD_LOGIN: 'false', OIDC_BUTTON_LABEL: 'Kirjaudu' });
    const site = (await browser.get('/api/site')).json();
    expect(site).toMatchObject({ passwordLogin: false, schoolSignIn: { label: 'Kirjaudu' } });
    const refused = [
      await browser.post('/api/authentication/register', sampleUser),
      await browser.post('/api/authentication/login', {
        email: sampleUser.email,
        password: sampleUser.password,
      }),
      await browser.post('/api/auth/password-reset', { email: sampleUser.email }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('password_login_off');
    }
  });
});

describe('school sign-in, not set up', () => {
  it('answers 404 and /api/site says it is off', async () => {
    const t = await createTestApp('sqlite');
    try {
      const browser = new TestClient(t.app);
      expect((await browser.get('/api/auth/oidc/login')).statusCode).toBe(404);
      expect((await browser.get('/api/site')).json()).toMatchObject({
        passwordLogin: true,
        schoolSignIn: null,
      });
    } finally {
      await t.close();
    }
  });
});
