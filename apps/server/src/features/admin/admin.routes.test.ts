import { ADMIN_MESSAGES, type AdminOverview } from '@studybuddy/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countToday } from '../../db/daily-counts.js';
import { startFakeProvider } from '../../testing/fake-ai-provider.js';
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
import { form, wizard } from '../../testing/wizard-form.js';
import { createAdminRepository } from './admin.repository.js';
import { createAdminService } from './admin.service.js';
import { runAdminCommand } from './admin-cli.js';

const OVERVIEW = '/api/admin/overview';
const DELETE = '/api/admin/accounts/delete';
const TEACHER = '/api/admin/accounts/teacher';
const BOSS = { username: 'boss', email: 'boss@example.com' };
const EVE = { username: 'eve', email: 'eve@example.com' };
const DAY = 86_400_000;

/** Every admin route, each with a body it would accept from an admin. */
const ADMIN_REQUESTS = [
  { method: 'GET', url: OVERVIEW },
  { method: 'HEAD', url: OVERVIEW },
  { method: 'POST', url: DELETE, payload: { email: EVE.email, confirmation: EVE.email } },
  // Not even validation tells a route is there.
  { method: 'POST', url: DELETE, payload: { email: 'not an e-mail' } },
  { method: 'POST', url: TEACHER, payload: { email: EVE.email, teacher: true } },
] as const;

describe.each(dbKinds)('admin routes on %s', (kind) => {
  let t: TestApp;
  let log: ReturnType<typeof captureLog>;
  let boss: TestClient;
  let ana: TestClient;
  let eve: TestClient;
  let bossId: number;
  let anaId: number;
  let eveId: number;

  /** The command on the server machine, against this app's database. */
  const command = (...args: string[]) =>
    runAdminCommand(args, {
      admin: createAdminService({
        repo: createAdminRepository(t.db.db),
        ai: { provider: 'builtin', model: undefined },
      }),
      by: 'command line (tester)',
    });

  /** What the server answers this client for a path it does not have, by the same method. */
  async function expectUnknownRoute(
    client: TestClient,
    r: LightMyRequestResponse,
    method: string,
    url: string,
  ) {
    const unknownUrl = '/api/admin/no-such-thing';
    const unknown = await client.request({ method: method as 'GET', url: unknownUrl });
    expect(unknown.statusCode).toBe(404);
    expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(unknown.statusCode);
    // Each answer has its own request id (of one length), in its header and its body.
    const { date: _a, 'x-request-id': id, ...headers } = r.headers;
    const { date: _b, 'x-request-id': unknownId, ...expected } = unknown.headers;
    expect(id).toEqual(expect.any(String));
    expect(headers).toEqual({
      ...expected,
      'content-length': String(Number(expected['content-length']) + url.length - unknownUrl.length),
    });
    // Node sends no body with a HEAD answer, whatever the route wrote.
    if (method !== 'HEAD')
      expect(r.body).toBe(
        unknown.body.replace(unknownUrl, url).replace(String(unknownId), String(id)),
      );
  }

  beforeEach(async () => {
    log = captureLog();
    t = await createTestApp(kind, { LOG_LEVEL: 'info' }, { logStream: log.stream });
    boss = new TestClient(t.app);
    ana = new TestClient(t.app);
    eve = new TestClient(t.app);
    bossId = (await boss.registerAndLogin(BOSS)).id;
    anaId = (await ana.registerAndLogin()).id;
    eveId = (await eve.registerAndLogin(EVE)).id;
  });
  afterEach(async () => t.close());

  it('answers a signed-out caller, a bad token and a student exactly as a path that does not exist', async () => {
    const anon = new TestClient(t.app);
    await anon.get('/api/health');
    const forged = new TestClient(t.app);
    forged.accessToken = 'not.a.token';
    await forged.get('/api/health');
    for (const client of [anon, forged, ana, boss]) {
      for (const { method, url, ...rest } of ADMIN_REQUESTS) {
        const r = await client.request({ method, url, ...rest });
        await expectUnknownRoute(client, r, method, url);
      }
    }
    expect(await countRows(t.db, 'users')).toBe(3);
    expect(await countRows(t.db, 'adminActions')).toBe(0);
  });

  it('shows an admin the figures from the role in the database, the token’s claim aside', async () => {
    // Boss's access token was issued before the grant: its role claim still says Student.
    expect((await command('grant', 'BOSS@example.com')).code).toBe(0);
    await ana.post('/api/review', { rating: 4, pleased: 'The calendar', page: '/calendar' });
    await eve.post('/api/review', { rating: 2, recommendation: 'Dark mode' });
    // Eve last used her login eight days ago: not active this week.
    await t.db.db
      .updateTable('authSessions')
      .set({ lastSeenAt: new Date(Date.now() - 8 * DAY).toISOString() })
      .where('userId', '=', eveId)
      .execute();
    // Reminders: two sent and one failed today, one sent yesterday, one still pending.
    const { session } = await createPlanTree(ana);
    const now = new Date();
    const midnight = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`);
    const rows: [string, string][] = [
      ['sent', now.toISOString()],
      ['sent', now.toISOString()],
      ['failed', now.toISOString()],
      ['sent', new Date(midnight - 1).toISOString()],
      ['pending', now.toISOString()],
    ];
    await t.db.db
      .insertInto('sessionReminders')
      .values(
        rows.map(([status, at], i) => ({
          userId: anaId,
          sessionId: session.id,
          startsAt: new Date(Date.UTC(2026, 11, 1, 16, i)).toISOString(),
          dueAt: at,
          status,
          emailStatus: null,
          error: null,
          sentAt: null,
          createdAt: at,
          updatedAt: at,
        })),
      )
      .execute();
    await countToday(t.db.db, 'ai_failures');
    await countToday(t.db.db, 'ai_failures', new Date(midnight - 1));

    const r = await boss.get(OVERVIEW);
    expect(r.statusCode, r.body).toBe(200);
    const overview = r.json<AdminOverview>();
    expect(overview).toEqual({
      students: 3,
      activeLast7Days: 2,
      feedback: [
        expect.objectContaining({ rating: 2, recommendation: 'Dark mode', page: null }),
        expect.objectContaining({ rating: 4, pleased: 'The calendar', page: '/calendar' }),
      ],
      reminders: { sent: 2, failed: 1 },
      ai: { provider: 'builtin', model: null, failuresToday: 1 },
      actions: [
        {
          adminEmail: 'command line (tester)',
          action: 'grant',
          target: BOSS.email,
          createdAt: expect.any(String),
        },
      ],
      // BACKUP_SCHEDULE unset: no scheduled backups, none run (the backups feature's tests).
      backups: { schedule: null, keep: 7, nextAt: null, last: null, lastGood: null },
    });
    // Still a student to every other student.
    await expectUnknownRoute(ana, await ana.get(OVERVIEW), 'GET', OVERVIEW);
  });

  it('takes the admin screen away on the very next request after a revoke', async () => {
    await command('grant', BOSS.email);
    expect((await boss.get(OVERVIEW)).statusCode).toBe(200);
    const revoked = await command('revoke', BOSS.email);
    expect(revoked).toMatchObject({ code: 0, err: '' });
    await expectUnknownRoute(boss, await boss.get(OVERVIEW), 'GET', OVERVIEW);
    const del = await boss.post(DELETE, { email: EVE.email, confirmation: EVE.email });
    await expectUnknownRoute(boss, del, 'POST', DELETE);
    // The rest of the app is theirs as before.
    expect((await boss.get('/user/profile')).statusCode).toBe(200);
    expect(await countRows(t.db, 'users')).toBe(3);
  });

  it('makes an account a teacher and back from the admin page, logged, and says so in its profile', async () => {
    await command('grant', BOSS.email);
    const made = await boss.post(TEACHER, { email: 'Eve@Example.com', teacher: true });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toEqual({ message: ADMIN_MESSAGES.teacherGranted });
    expect((await eve.get('/user/profile')).json()).toMatchObject({
      isTeacher: true,
      isAdmin: false,
    });
    expect((await boss.post(TEACHER, { email: EVE.email, teacher: true })).json()).toEqual({
      message: ADMIN_MESSAGES.teacherUnchanged,
    });
    const unknown = await boss.post(TEACHER, { email: 'nobody@example.com', teacher: true });
    expect(unknown.statusCode).toBe(404);
    const bad = await boss.post(TEACHER, { email: EVE.email, teacher: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect((await boss.post(TEACHER, { email: EVE.email, teacher: false })).json()).toEqual({
      message: ADMIN_MESSAGES.teacherRevoked,
    });
    expect((await eve.get('/user/profile')).json()).toMatchObject({ isTeacher: false });
    const log = await t.db.db
      .selectFrom('adminActions')
      .select(['adminEmail', 'action', 'target'])
      .orderBy('id')
      .execute();
    expect(log.slice(1)).toEqual([
      { adminEmail: BOSS.email, action: 'grant-teacher', target: EVE.email },
      { adminEmail: BOSS.email, action: 'revoke-teacher', target: EVE.email },
    ]);
  });

  it('refuses a mismatched confirmation, an unknown e-mail and the admin’s own, changing nothing', async () => {
    await command('grant', BOSS.email);
    const mismatch = await boss.post(DELETE, { email: EVE.email, confirmation: 'eve@example.org' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({
      code: 'validation_failed',
      details: [{ path: 'confirmation', message: ADMIN_MESSAGES.confirmationMismatch }],
    });
    const unknown = await boss.post(DELETE, {
      email: 'nobody@example.com',
      confirmation: 'nobody@example.com',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: 'not_found',
      message: ADMIN_MESSAGES.noSuchStudent,
      requestId: unknown.headers['x-request-id'],
    });
    const self = await boss.post(DELETE, { email: BOSS.email, confirmation: BOSS.email });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({
      code: 'validation_failed',
      message: ADMIN_MESSAGES.notYourself,
      details: [{ path: 'email' }],
    });
    expect(await countRows(t.db, 'users')).toBe(3);
    expect(await countRows(t.db, 'adminActions')).toBe(1);
    expect((await eve.get('/user/profile')).statusCode).toBe(200);
    expect((await boss.get('/user/profile')).statusCode).toBe(200);
    expect(log.events('admin.account_deleted')).toEqual([]);
  });

  it('deletes a student with their files and logins, as their own delete does, and logs who did it', async () => {
    await command('grant', BOSS.email);
    // Ana's plan made from a file of hers, and a second login on another device.
    const upload = await ana.request({
      method: 'POST',
      url: '/api/ai/ProcessStudyMaterials',
      ...form(wizard(), [
        {
          field: 'Organic_Chemistry',
          filename: 'notes.md',
          content: '# Alkanes\nAlkanes are saturated hydrocarbons with single bonds only.',
        },
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    await t.settle();
    const files = () =>
      t.db.db.selectFrom('studyFiles').select('userId').where('userId', '=', anaId).execute();
    expect((await files()).length).toBe(1);
    const phone = new TestClient(t.app);
    const login = await phone.post('/api/authentication/login', {
      email: sampleUser.email,
      password: sampleUser.password,
    });
    phone.accessToken = login.json().accessToken;
    await createPlanTree(eve);
    const eveSubjects = await countRows(t.db, 'subjects');

    const r = await boss.post(DELETE, {
      email: sampleUser.email,
      confirmation: sampleUser.email.toUpperCase(),
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ message: ADMIN_MESSAGES.deleted });

    expect(await t.db.db.selectFrom('users').select('id').execute()).toEqual(
      expect.arrayContaining([{ id: bossId }, { id: eveId }]),
    );
    expect(await countRows(t.db, 'users')).toBe(2);
    expect(await files()).toEqual([]);
    // Eve's plan is all there (Ana's went with her).
    expect(await countRows(t.db, 'subjects')).toBeLessThan(eveSubjects);
    expect((await eve.get('/api/generic/GetStudyProgramOfUser')).json()).toHaveLength(1);
    // Every login of Ana's ended at once, and she cannot log in again.
    for (const client of [ana, phone]) {
      const gone = await client.get('/user/profile');
      expect(gone.statusCode).toBe(401);
      expect(gone.json().code).toBe('token_invalid');
    }
    const again = await new TestClient(t.app).post('/api/authentication/login', {
      email: sampleUser.email,
      password: sampleUser.password,
    });
    expect(again.statusCode).toBe(401);

    const actions = (await boss.get(OVERVIEW)).json<AdminOverview>().actions;
    expect(actions[0]).toEqual({
      adminEmail: BOSS.email,
      action: 'delete-account',
      target: sampleUser.email,
      createdAt: expect.any(String),
    });
    const events = log.events('admin.account_deleted');
    expect(events).toEqual([
      expect.objectContaining({ level: 30, userId: bossId, deletedUserId: anaId }),
    ]);
    expect(typeof events[0]?.time).toBe('number');
    expect(JSON.stringify(events)).not.toContain('@example.com');

    const twice = await boss.post(DELETE, {
      email: sampleUser.email,
      confirmation: sampleUser.email,
    });
    expect(twice.statusCode).toBe(404);
  });

  it('throttles deletes per admin', async () => {
    await command('grant', BOSS.email);
    const attempt = () =>
      boss.post(DELETE, { email: 'nobody@example.com', confirmation: 'nobody@example.com' });
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(404);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe.each(dbKinds)('the admin screen’s AI figures on %s', (kind) => {
  it('counts each failed model call of the day, and names the provider and model', async () => {
    const fake = await startFakeProvider('openai');
    const t = await createTestApp(kind, {
      AI_PROVIDER: 'openai',
      AI_BASE_URL: fake.baseUrl,
      AI_MODEL: 'fake-model',
      AI_TIMEOUT_MS: '2000',
    });
    try {
      const boss = new TestClient(t.app);
      await boss.registerAndLogin(BOSS);
      await runAdminCommand(['grant', BOSS.email], {
        admin: createAdminService({
          repo: createAdminRepository(t.db.db),
          ai: { provider: 'openai', model: 'fake-model' },
        }),
        by: 'command line (tester)',
      });
      const figures = async () => (await boss.get(OVERVIEW)).json<AdminOverview>().ai;
      expect(await figures()).toEqual({
        provider: 'openai',
        model: 'fake-model',
        failuresToday: 0,
      });

      // A 400 is not retried: one failed call each, answered by the builtin engine.
      fake.set({ kind: 'status', status: 400 });
      for (const prompt of ['what is active recall?', 'and spacing?']) {
        const r = await boss.post('/ai/AiAssistance', { prompt });
        expect(r.json().modelVersion).toBe('builtin');
      }
      // The count is written beside the answer, not before it.
      await expect.poll(async () => (await figures()).failuresToday).toBe(2);
      fake.set({ kind: 'json', body: { reply: 'Fine.' } });
      expect((await boss.post('/ai/AiAssistance', { prompt: 'hi' })).statusCode).toBe(200);
      expect((await figures()).failuresToday).toBe(2);
    } finally {
      await t.close();
      await fake.close();
    }
  });
});
