import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { createFactories } from './testing/factories.js';
import { createFastHasher } from './testing/fast-hasher.js';
import {
  createTestApp,
  sampleUser,
  type TestApp,
  TestClient,
  testReaders,
} from './testing/harness.js';
import { form, wizard } from './testing/wizard-form.js';

/**
 * Two server instances sharing one PostgreSQL and one Redis, as behind a school's proxy: what
 * a student does on one holds on the other (sign-in, sign-out, limits, plans, reminders).
 * Runs when both TEST_DATABASE_URL and TEST_REDIS_URL are set (CI sets them).
 */
const redisUrl = process.env.TEST_REDIS_URL;
const shared = Boolean(process.env.TEST_DATABASE_URL && redisUrl);

async function until(check: () => Promise<boolean>, what: string, ms = 2_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.runIf(shared)('two instances sharing PostgreSQL and Redis', () => {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const o of open.splice(0).reverse()) await o.close();
  });

  /** Instance one with its own database schema and Redis prefix, and instance two beside it. */
  async function twoInstances(env: Record<string, string> = {}) {
    const redisPrefix = `studybuddy-test:${randomUUID()}:`;
    const one: TestApp = await createTestApp(
      'postgres',
      { REDIS_URL: redisUrl as string, ...env },
      { redisPrefix },
    );
    open.push(one);
    const two: FastifyInstance = await buildApp({
      config: one.config,
      db: one.db,
      readers: testReaders(),
      hasher: createFastHasher(),
      jobTimes: { pollMs: 50, backoffMs: 20 },
      redisPrefix,
    });
    await two.ready();
    open.push(two);
    return { one, two };
  }

  /** A client of `app` holding `from`'s cookies and token: the same browser, another instance. */
  function sameBrowser(from: TestClient, app: FastifyInstance): TestClient {
    const c = new TestClient(app);
    for (const [k, v] of from.cookies) c.cookies.set(k, v);
    c.accessToken = from.accessToken;
    return c;
  }

  it('keeps a sign-in valid on both and a sign-out effective on both at once', async () => {
    const { one, two } = await twoInstances();
    const onOne = new TestClient(one.app);
    await onOne.registerAndLogin();
    const onTwo = sameBrowser(onOne, two);
    // Both instances have now found the session live (and may remember it).
    expect((await onOne.get('/user/profile')).statusCode).toBe(200);
    expect((await onTwo.get('/user/profile')).statusCode).toBe(200);

    // A second device signs in, and the first ends every other session from instance two.
    const other = new TestClient(two);
    const login = await other.post('/api/authentication/login', {
      email: sampleUser.email,
      password: sampleUser.password,
    });
    other.accessToken = login.json().accessToken;
    const otherOnOne = sameBrowser(other, one.app);
    expect((await otherOnOne.get('/user/profile')).statusCode).toBe(200);
    expect((await onTwo.post('/user/sessions/revoke-others')).statusCode).toBe(200);
    await until(
      async () => (await otherOnOne.get('/user/profile')).statusCode === 401,
      'instance one to refuse the ended session',
    );
    expect((await onOne.get('/user/profile')).statusCode).toBe(200);

    // Signing out on instance one ends the session on instance two, well within its cache time.
    expect((await onOne.post('/user/logout')).statusCode).toBe(200);
    await until(
      async () => (await onTwo.get('/user/profile')).statusCode === 401,
      'instance two to refuse the signed-out session',
    );
  });

  it('counts the sign-in limit across both instances', async () => {
    const { one, two } = await twoInstances({ AUTH_RATE_LIMIT_MAX: '4' });
    const attempt = (app: FastifyInstance) =>
      new TestClient(app).post('/api/authentication/login', {
        email: 'nobody@example.com',
        password: 'not the password',
      });
    const codes = [];
    for (const app of [one.app, two, one.app, two, one.app, two]) {
      codes.push((await attempt(app)).statusCode);
    }
    // Four tries from this address in the minute, wherever they landed; then 429 on both.
    expect(codes).toEqual([401, 401, 401, 401, 429, 429]);
  });

  it('makes a plan on one instance that the other shows, accepts and reminds once', async () => {
    const { one, two } = await twoInstances();
    const onOne = new TestClient(one.app);
    const { id } = await onOne.registerAndLogin();
    const onTwo = sameBrowser(onOne, two);
    const made = await onOne.request({
      method: 'POST',
      url: '/api/ai/ProcessStudyMaterials',
      ...form(wizard()),
    });
    expect(made.statusCode, made.body).toBe(201);
    const planId = made.json().planId;
    await Promise.all([one.settle(), two.jobs.idle()]);
    const content = (await onTwo.get(`/api/plans/${planId}/content`)).json();
    expect(content.topics.length).toBeGreaterThan(0);
    expect(content.topics.every((t: { status: string }) => t.status === 'written')).toBe(true);
    expect((await onTwo.post(`/api/ai/AcceptStudyPlan/${planId}`, {})).statusCode).toBe(200);
    const plans = (await onOne.get('/api/generic/GetStudyProgramOfUser')).json();
    expect(JSON.stringify(plans)).toContain(`"id":${planId}`);

    // A session starting in 20 minutes with its reminder on: both instances scan, one rings.
    const f = createFactories(one.db);
    const tree = await f.planTree(id, { status: 'active' });
    const start = Date.now() + 20 * 60_000;
    await f.studySession(
      id,
      { studyPlanId: tree.plan.id, subjectId: tree.subject.id, topicId: tree.topic.id },
      {
        startAt: new Date(start).toISOString(),
        endAt: new Date(start + 3_600_000).toISOString(),
        reminder: 1,
      },
    );
    const made2 = await Promise.all([one.app.reminders.scan(), two.reminders.scan()]);
    expect(made2[0] + made2[1]).toBe(1);
    await Promise.all([one.settle(), two.jobs.idle()]);
    for (const client of [onOne, onTwo]) {
      expect((await client.get('/api/notifications')).json().unread).toBe(1);
    }
  });
});
