import { PASSWORD_RESET_SENT } from '@studybuddy/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import {
  captureLog,
  createTestApp,
  dbKinds,
  sampleUser,
  type TestApp,
  TestClient,
} from '../../testing/harness.js';
import { type SmtpSink, startSmtpSink } from '../../testing/smtp-sink.js';
import { RESET_EMAILS_PER_HOUR, RESET_TOKEN_INVALID } from './password-reset.service.js';

const PUBLIC_URL = 'https://study.example.org';
const NEW_PASSWORD = 'a-long-new-passphrase';

/** Waits until the sink holds `n` e-mails (the reset e-mail is sent after the answer). */
async function mails(sink: SmtpSink, n: number) {
  for (let i = 0; i < 200 && sink.messages.length < n; i++)
    await new Promise((resolve) => setTimeout(resolve, 10));
  return sink.messages;
}

const tokenOf = (text: string) => {
  const m = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!m?.[1]) throw new Error(`no link in: ${text}`);
  return m[1];
};

describe.each(dbKinds)('password reset on %s', (kind) => {
  const open: { close(): Promise<unknown> | unknown }[] = [];
  afterEach(async () => {
    for (const o of open.splice(0).reverse()) await o.close();
  });

  async function setUp(opts: { smtp?: boolean } = {}) {
    let sink: SmtpSink | undefined;
    if (opts.smtp !== false) {
      sink = await startSmtpSink();
      open.push(sink);
    }
    const log = captureLog();
    const t: TestApp = await createTestApp(
      kind,
      { LOG_LEVEL: 'info', PUBLIC_URL, ...(sink ? { SMTP_URL: sink.url } : {}) },
      { logStream: log.stream },
    );
    open.push(t);
    const ana = new TestClient(t.app);
    const anaId = (await ana.registerAndLogin()).id;
    return { t, sink, log, ana, anaId, anon: new TestClient(t.app) };
  }

  it('is back in from the e-mail alone: link, new password, every old session ended', async () => {
    const { t, sink, log, ana, anaId, anon } = await setUp();
    const other = new TestClient(t.app);
    await other.post('/api/authentication/login', {
      email: sampleUser.email,
      password: sampleUser.password,
    });
    await t.db.db.updateTable('users').set({ language: 'es' }).execute();

    const asked = await anon.post('/api/auth/password-reset', { email: sampleUser.email });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: PASSWORD_RESET_SENT });
    const [mail] = await mails(sink as SmtpSink, 1);
    expect(mail?.to).toEqual([sampleUser.email]);
    // In the student's language, with a link to this instance's reset page.
    expect(mail?.subject).toBe('Elige una nueva contraseña de StudyBuddy');
    expect(mail?.text).toContain(`${PUBLIC_URL}/reset-password?token=`);
    const token = tokenOf(mail?.text ?? '');
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    // Only a hash is stored.
    const stored = await t.db.db.selectFrom('passwordResets').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);

    // A password the usual rules refuse leaves the link working.
    const weak = await anon.post('/api/auth/password-reset/confirm', {
      token,
      newPassword: 'password123',
      confirmNewPassword: 'password123',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().code).toBe('password_too_common');

    const done = await anon.post('/api/auth/password-reset/confirm', {
      token,
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
    });
    expect(done.statusCode, done.body).toBe(200);
    // Every session of the account ended, the old password no longer logs in, the new one does.
    for (const client of [ana, other])
      expect((await client.get('/user/profile')).statusCode).toBe(401);
    const oldLogin = await anon.post('/api/authentication/login', {
      email: sampleUser.email,
      password: sampleUser.password,
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await anon.post('/api/authentication/login', {
      email: sampleUser.email,
      password: NEW_PASSWORD,
    });
    expect(newLogin.statusCode).toBe(200);

    // The link works once.
    const again = await anon.post('/api/auth/password-reset/confirm', {
      token,
      newPassword: `${NEW_PASSWORD}-2`,
      confirmNewPassword: `${NEW_PASSWORD}-2`,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'reset_token_invalid',
      message: RESET_TOKEN_INVALID,
    });

    // Logged as security events; the token reaches no log line, nor the e-mail address.
    expect(log.events('auth.reset_requested')).toEqual([
      expect.objectContaining({ userId: anaId, sent: true, emailDomain: 'example.com' }),
    ]);
    expect(log.events('auth.reset_done')).toEqual([expect.objectContaining({ userId: anaId })]);
    expect(log.text()).not.toContain(token);
    expect(log.text()).not.toContain(sampleUser.email);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const { sink, log, anon } = await setUp();
    const r = await anon.post('/api/auth/password-reset', { email: 'nobody@example.com' });
    expect(r.statusCode).toBe(202);
    expect(r.json()).toEqual({ message: PASSWORD_RESET_SENT });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sink?.messages).toHaveLength(0);
    expect(log.events('auth.reset_requested')).toEqual([
      expect.objectContaining({ sent: false, why: 'no_account' }),
    ]);
  });

  it('refuses a forged, an expired or a mismatched request, and changes nothing', async () => {
    const { t, sink, anon } = await setUp();
    const hash = async () =>
      (await t.db.db.selectFrom('users').select('passwordHash').executeTakeFirstOrThrow())
        .passwordHash;
    const before = await hash();
    const forged = await anon.post('/api/auth/password-reset/confirm', {
      token: 'A'.repeat(43),
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('reset_token_invalid');

    await anon.post('/api/auth/password-reset', { email: sampleUser.email });
    const token = tokenOf((await mails(sink as SmtpSink, 1))[0]?.text ?? '');
    const mismatch = await anon.post('/api/auth/password-reset/confirm', {
      token,
      newPassword: NEW_PASSWORD,
      confirmNewPassword: 'something-else',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details).toContainEqual(
      expect.objectContaining({ path: 'confirmNewPassword' }),
    );
    // 30 minutes pass.
    await t.db.db
      .updateTable('passwordResets')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const expired = await anon.post('/api/auth/password-reset/confirm', {
      token,
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('reset_token_invalid');
    expect(await hash()).toBe(before);
  });

  it('sends an account a few e-mails an hour at most, answering the same', async () => {
    const { sink, log, anon } = await setUp();
    for (let i = 0; i < RESET_EMAILS_PER_HOUR + 2; i++) {
      const r = await anon.post('/api/auth/password-reset', { email: sampleUser.email });
      expect(r.statusCode).toBe(202);
      expect(r.json()).toEqual({ message: PASSWORD_RESET_SENT });
    }
    await mails(sink as SmtpSink, RESET_EMAILS_PER_HOUR);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sink?.messages).toHaveLength(RESET_EMAILS_PER_HOUR);
    expect(log.events('auth.reset_requested').filter((l) => l.why === 'too_many')).toHaveLength(2);
  });

  it('without SMTP, sends nothing and says so to the login page', async () => {
    const { anon, log } = await setUp({ smtp: false });
    expect((await anon.get('/api/site')).json().passwordResetByEmail).toBe(false);
    const r = await anon.post('/api/auth/password-reset', { email: sampleUser.email });
    expect(r.statusCode).toBe(202);
    expect(log.events('auth.reset_requested')).toEqual([
      expect.objectContaining({ sent: false, why: 'no_mailer' }),
    ]);
  });

  it('gives an admin a one-time link for a student, logged and never e-mailed', async () => {
    const { t, sink, anon } = await setUp();
    const admin = new TestClient(t.app);
    const adminId = (await admin.registerAndLogin({ username: 'cleo', email: 'cleo@example.com' }))
      .id;
    await t.db.db.updateTable('users').set({ role: 'Admin' }).where('id', '=', adminId).execute();
    // Not an admin: the route does not exist.
    const student = new TestClient(t.app);
    await student.registerAndLogin({ username: 'ben', email: 'ben@example.com' });
    expect(
      (await student.post('/api/admin/accounts/reset-link', { email: sampleUser.email }))
        .statusCode,
    ).toBe(404);

    const r = await admin.post('/api/admin/accounts/reset-link', { email: sampleUser.email });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().link).toMatch(new RegExp(`^${PUBLIC_URL}/reset-password\\?token=`));
    expect(sink?.messages).toHaveLength(0);
    const overview = (await admin.get('/api/admin/overview')).json();
    expect(overview.actions[0]).toMatchObject({
      adminEmail: 'cleo@example.com',
      action: 'reset-link',
      target: sampleUser.email,
    });
    const done = await anon.post('/api/auth/password-reset/confirm', {
      token: tokenOf(r.json().link),
      newPassword: NEW_PASSWORD,
      confirmNewPassword: NEW_PASSWORD,
    });
    expect(done.statusCode).toBe(200);
    const unknown = await admin.post('/api/admin/accounts/reset-link', {
      email: 'nobody@example.com',
    });
    expect(unknown.statusCode).toBe(404);
  });
});
