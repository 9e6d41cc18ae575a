import { afterEach, describe, expect, it } from 'vitest';
import { captureLog, createTestApp, type TestApp, TestClient } from '../testing/harness.js';
import { loggableUrl } from './log-serializers.js';

describe('log lines', () => {
  let t: TestApp | undefined;
  afterEach(async () => t?.close());

  it('never hold the access token, the cookies a request sends or those its answer sets', async () => {
    const log = captureLog();
    t = await createTestApp('sqlite', { LOG_LEVEL: 'info' }, { logStream: log.stream });
    const client = new TestClient(t.app);
    await client.registerAndLogin();
    const profile = await client.get('/user/profile');
    expect(profile.statusCode).toBe(200);
    const secrets = [client.accessToken ?? '', ...client.cookies.values()];
    expect(secrets.length).toBeGreaterThan(2);

    // Any line naming a request or an answer, not only the access line, goes through them.
    t.app.log.info({
      req: {
        method: 'GET',
        url: '/user/profile',
        headers: { authorization: `Bearer ${client.accessToken}`, cookie: 'refresh=abc' },
      },
      res: { statusCode: 200, headers: { 'set-cookie': 'refresh=abc' } },
    });

    const text = log.text();
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toContain('refresh=abc');
    const access = log.lines.filter((l) => l.msg === 'request completed');
    expect(access.length).toBeGreaterThan(2);
    for (const line of access) {
      for (const key of Object.keys(line.req as object))
        expect(['method', 'url', 'host', 'remoteAddress', 'remotePort']).toContain(key);
      expect(line.res).toEqual({ statusCode: expect.any(Number) });
    }
  });

  it('keep a feed token out however its path is spelled, with or without the route', () => {
    const feed = '/api/calendar/<token>.ics';
    expect(loggableUrl('/api/calendar/SECRET.ics')).toBe(feed);
    expect(loggableUrl('/api/%63alendar/SECRET.ics?x=1')).toBe(feed);
    expect(loggableUrl('/%61pi%2Fcalendar/SECRET.ics')).toBe(feed);
    expect(loggableUrl('//API/Calendar/SECRET.ICS')).toBe(feed);
    // A malformed escape does not stop the check.
    expect(loggableUrl('/api/%63alendar/SECRET%zz.ics')).toBe(feed);
    // The route that served it decides whatever the spelling (an alias of the feed, say).
    expect(loggableUrl('/feeds/SECRET.ics', '/feeds/:token.ics')).toBe('/feeds/<token>.ics');
    expect(loggableUrl('/api/calendarx/SECRET.ics')).toBe('/api/calendarx/SECRET.ics');
    expect(loggableUrl('/api/plans/3/calendar.ics')).toBe('/api/plans/3/calendar.ics');
  });

  it('keep the token of an unsubscribe link out, on any path, its name spelled in any way', () => {
    expect(loggableUrl('/unsubscribe?token=a.b')).toBe('/unsubscribe?<token>');
    expect(loggableUrl('/api/reminders/unsubscribe?token=a.b')).toBe(
      '/api/reminders/unsubscribe?<token>',
    );
    expect(loggableUrl('/api/reminders/%75nsubscribe?x=1&%74oken=a.b')).toBe(
      '/api/reminders/%75nsubscribe?<token>',
    );
    expect(loggableUrl('/unsubscribe/?TOKEN=a.b')).toBe('/unsubscribe/?<token>');
    // A password-reset link's page, loaded from the e-mail.
    expect(loggableUrl('/reset-password?token=abc_-1')).toBe('/reset-password?<token>');
    expect(loggableUrl('/api/topics?planId=3')).toBe('/api/topics?planId=3');
  });

  it("keep a school sign-in's authorization code out, its name spelled in any way", () => {
    expect(loggableUrl('/api/auth/oidc/callback?code=Sx1&state=abc&iss=https%3A%2F%2Fid')).toBe(
      '/api/auth/oidc/callback?<token>',
    );
    expect(loggableUrl('/api/auth/oidc/callback?state=abc&%63ode=Sx1')).toBe(
      '/api/auth/oidc/callback?<token>',
    );
    expect(loggableUrl('/api/auth/oidc/callback?error=access_denied')).toBe(
      '/api/auth/oidc/callback?error=access_denied',
    );
  });
});
