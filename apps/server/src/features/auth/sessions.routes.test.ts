import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestApp,
  dbKinds,
  sampleUser,
  type TestApp,
  TestClient,
} from '../../testing/harness.js';

const firefoxOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';
const chromeOnLinux =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe.each(dbKinds)('session routes on %s', (kind) => {
  let t: TestApp;

  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(async () => t.close());

  /** A second login of the same student from another browser. */
  async function loginFrom(userAgent: string, email = sampleUser.email) {
    const client = new TestClient(t.app);
    const r = await client.request({
      method: 'POST',
      url: '/api/authentication/login',
      payload: { email, password: sampleUser.password },
      headers: { 'user-agent': userAgent },
    });
    expect(r.statusCode).toBe(200);
    client.accessToken = r.json().accessToken;
    return client;
  }

  it('needs a login and the CSRF header', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get('/user/sessions')).statusCode).toBe(401);
    expect((await anonymous.post('/user/sessions/revoke-others')).statusCode).toBe(401);
    const client = new TestClient(t.app);
    await client.registerAndLogin();
    const noHeader = await client.request({
      method: 'POST',
      url: '/user/sessions/revoke-others',
      headers: { 'x-xsrf-token': 'wrong' },
    });
    expect(noHeader.statusCode).toBe(403);
    expect((await client.get('/user/sessions')).json()).toHaveLength(1);
  });

  it("lists the student's own live sessions, this one first, never another student's", async () => {
    const me = new TestClient(t.app);
    await me.registerAndLogin();
    await loginFrom(firefoxOnWindows);
    const bo = new TestClient(t.app);
    await bo.registerAndLogin({ username: 'bo', email: 'bo@example.com' });
    await loginFrom(chromeOnLinux, 'bo@example.com');

    const r = await me.get('/user/sessions');
    expect(r.statusCode).toBe(200);
    const list = r.json();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ current: true, browser: null, os: null });
    expect(list[1]).toMatchObject({ current: false, browser: 'Firefox', os: 'Windows' });
    expect(Date.parse(list[1].createdAt)).not.toBeNaN();
    expect(Date.parse(list[1].lastUsedAt)).not.toBeNaN();
    // Nothing that could resume a session leaves the server.
    expect(r.body).not.toMatch(/hash|"id"|userAgent/i);

    const bos = (await bo.get('/user/sessions')).json();
    expect(bos).toHaveLength(2);
    expect(bos.map((s: { browser: string | null }) => s.browser)).toEqual([null, 'Chrome']);
  });

  it('logs out everywhere else: the other access token gets 401 and its refresh fails', async () => {
    const me = new TestClient(t.app);
    await me.registerAndLogin();
    const laptop = await loginFrom(firefoxOnWindows);
    const bo = new TestClient(t.app);
    await bo.registerAndLogin({ username: 'bo', email: 'bo@example.com' });
    expect((await laptop.get('/user/profile')).statusCode).toBe(200);

    const r = await me.post('/user/sessions/revoke-others');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ revoked: 1 });

    expect((await laptop.get('/user/profile')).statusCode).toBe(401);
    expect((await laptop.post('/api/auth/refresh')).statusCode).toBe(401);
    expect((await me.get('/user/profile')).statusCode).toBe(200);
    expect((await me.post('/api/auth/refresh')).statusCode).toBe(200);
    expect((await me.get('/user/sessions')).json()).toHaveLength(1);
    // The other student's session is untouched.
    expect((await bo.get('/user/profile')).statusCode).toBe(200);
    expect((await me.post('/user/sessions/revoke-others')).json()).toEqual({ revoked: 0 });
  });
});

describe.each(dbKinds)('idle timeout over HTTP on %s', (kind) => {
  it('reads SESSION_IDLE_MINUTES', async () => {
    const t = await createTestApp(kind, { SESSION_IDLE_MINUTES: '20' });
    try {
      expect(t.config.sessionIdleMinutes).toBe(20);
      const me = new TestClient(t.app);
      await me.registerAndLogin();
      // Age the session past the limit as a clock would.
      await t.db.db
        .updateTable('authSessions')
        .set({ lastSeenAt: new Date(Date.now() - 21 * 60_000).toISOString() })
        .execute();
      expect((await me.get('/user/profile')).statusCode).toBe(401);
      expect((await me.post('/api/auth/refresh')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
