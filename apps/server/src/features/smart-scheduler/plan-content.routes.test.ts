import type { PlanContent } from '@studybuddy/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { insertJobs } from '../../db/job-queue.js';
import { type FakeProvider, startFakeProvider } from '../../testing/fake-ai-provider.js';
import { createTestApp, dbKinds, TestClient } from '../../testing/harness.js';
import { form, wizard } from '../../testing/wizard-form.js';
import { MAX_CALLS_PER_TOPIC } from './plan-content.js';

/** The wizard's topics: three key topics of Organic Chemistry, three found in Physics's line. */
const TOPICS = 6;

const modelEnv = (fake: FakeProvider, extra: Record<string, string> = {}) => ({
  AI_PROVIDER: 'openai',
  AI_MODEL: 'fake-model',
  AI_BASE_URL: fake.baseUrl,
  AI_API_KEY: 'test-key',
  ...extra,
});

/** The wizard's two subjects, renamed: whose plan a model request is for shows in its prompt. */
const wizardOf = (prefix: string) => {
  const w = wizard();
  return { ...w, subjects: w.subjects.map((s) => ({ ...s, name: `${prefix} ${s.name}` })) };
};

const generate = (client: TestClient, w = wizard()) =>
  client.request({ method: 'POST', url: '/api/ai/ProcessStudyMaterials', ...form(w) });

const contentOf = async (client: TestClient, planId: number): Promise<PlanContent> =>
  (await client.get(`/api/plans/${planId}/content`)).json();

const isLesson = (text: string) => text.includes('Write a concise lesson in Markdown');

describe.each(dbKinds)("a plan's content as one job on the instance's budget, on %s", (kind) => {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const o of open.splice(0).reverse()) await o.close();
  });
  async function setUp(env: Record<string, string>, delayMs = 0) {
    const fake = await startFakeProvider('openai', { study: true, delayMs });
    open.push(fake);
    const t = await createTestApp(kind, modelEnv(fake, env));
    open.push(t);
    const client = new TestClient(t.app);
    await client.registerAndLogin();
    return { fake, t, client };
  }

  it("writes the whole plan with the model without charging the student's AI budget", async () => {
    // Three points a minute: the wizard's request takes one; its twelve model calls take none.
    const { fake, t, client } = await setUp({ AI_RATE_LIMIT_MAX: '3' });
    const r = await generate(client);
    expect(r.statusCode, r.body).toBe(201);
    await t.settle();
    const content = await contentOf(client, r.json().planId);
    expect(content.topics.map((x) => x.status)).toEqual(Array(TOPICS).fill('written'));
    expect(fake.calls).toBe(TOPICS * 2);
    expect(
      await t.db.db.selectFrom('jobs').select(['kind', 'status', 'attempts']).execute(),
    ).toEqual([{ kind: 'plan-content', status: 'done', attempts: 1 }]);
    // The student still has the two points the wizard left.
    expect((await client.post('/ai/AiAssistance', { prompt: 'hello' })).statusCode).toBe(200);
    expect((await client.post('/ai/AiAssistance', { prompt: 'again' })).statusCode).toBe(200);
    expect((await client.post('/ai/AiAssistance', { prompt: 'more' })).statusCode).toBe(429);
  });

  it("shares the instance's calls between two students' plans: the second is not starved", async () => {
    const { fake, t, client: ana } = await setUp({ AI_CONCURRENCY: '2' }, 100);
    const bo = new TestClient(t.app);
    await bo.registerAndLogin({ username: 'bo', email: 'bo@example.com' });
    const whose: string[] = [];
    fake.respondWith(({ text }) => {
      whose.push(text.includes('Subject: Ana ') ? 'ana' : 'bo');
      return { kind: 'study' };
    });
    const a = await generate(ana, wizardOf('Ana'));
    expect(a.statusCode, a.body).toBe(201);
    // Bo asks once Ana's plan is being written: her topics are all queued before his.
    while (fake.calls === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const b = await generate(bo, wizardOf('Bo'));
    expect(b.statusCode, b.body).toBe(201);
    await t.settle();
    for (const [client, r] of [
      [ana, a],
      [bo, b],
    ] as const) {
      const content = await contentOf(client, r.json().planId);
      expect(content.topics.map((x) => x.status)).toEqual(Array(TOPICS).fill('written'));
    }
    expect(whose).toHaveLength(2 * TOPICS * 2);
    expect(fake.maxInFlight).toBe(2);
    // Round-robin: by the time Ana's plan has had its last call, Bo's has had most of his.
    // First come, first served, he would have had at most the one topic begun beside her last.
    const bosBeforeAnasLast = whose.slice(0, whose.lastIndexOf('ana')).filter((w) => w === 'bo');
    expect(bosBeforeAnasLast.length).toBeGreaterThanOrEqual(TOPICS);
  });

  it('caps the calls of a plan at MAX_CALLS_PER_TOPIC per topic, then writes the offline content', async () => {
    const { fake, t, client } = await setUp({ AI_RATE_LIMIT_MAX: '2' });
    // Every deep dive passes and every lesson fails our checks: each run makes both calls.
    fake.respondWith(({ text }) =>
      isLesson(text) ? { kind: 'json', body: { markdown: 'short' } } : { kind: 'study' },
    );
    const r = await generate(client);
    expect(r.statusCode, r.body).toBe(201);
    await t.settle();
    expect(MAX_CALLS_PER_TOPIC).toBe(6);
    expect(fake.calls).toBe(TOPICS * MAX_CALLS_PER_TOPIC);
    const content = await contentOf(client, r.json().planId);
    for (const topic of content.topics)
      expect(topic).toMatchObject({
        status: 'not-written',
        note: { code: 'ai_fallback_invalid_output' },
      });
    expect(await t.db.db.selectFrom('jobs').select(['status', 'attempts']).execute()).toEqual([
      { status: 'failed', attempts: 3 },
    ]);
  });

  it("waits while the instance's calls a minute are spent, without using up a try", async () => {
    // One call at a time, so the four calls are two whole topics.
    const { fake, t, client } = await setUp({ AI_GLOBAL_RATE_LIMIT_MAX: '4', AI_CONCURRENCY: '1' });
    const r = await generate(client);
    expect(r.statusCode, r.body).toBe(201);
    const planId = r.json().planId;
    for (let i = 0; i < 200 && (await contentOf(client, planId)).written < 2; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Four calls this minute: two topics; the others wait for the next minute, not the offline
    // engine, and the job is still on its first run.
    expect(fake.calls).toBe(4);
    const content = await contentOf(client, planId);
    expect(content.topics.map((x) => x.status).sort()).toEqual([
      ...Array(TOPICS - 2).fill('writing'),
      'written',
      'written',
    ]);
    expect(await t.db.db.selectFrom('jobs').select(['status', 'attempts']).execute()).toEqual([
      { status: 'running', attempts: 1 },
    ]);
  });

  it("charges a topic's retry one point of the student's budget, as the wizard's request", async () => {
    const { fake, t, client } = await setUp({ AI_RATE_LIMIT_MAX: '2' });
    // Refused, and not asked again: the offline content at once, `not-written`.
    fake.set({ kind: 'status', status: 400 });
    const r = await generate(client);
    await t.settle();
    const [first, second] = (await contentOf(client, r.json().planId)).topics;
    expect([first?.status, second?.status]).toEqual(['not-written', 'not-written']);
    const retry = await client.post(`/api/topics/${first?.topicId}/content/retry`);
    expect(retry.statusCode, retry.body).toBe(200);
    await t.settle();
    const refused = await client.post(`/api/topics/${second?.topicId}/content/retry`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
  });

  it('runs the one-topic jobs an earlier version queued', async () => {
    const { fake, t, client } = await setUp({});
    const r = await generate(client);
    await t.settle();
    const { planId, content } = r.json();
    const topic = content.topics[0];
    await t.db.db
      .updateTable('topics')
      .set({ contentStatus: 'writing' })
      .where('id', '=', topic.topicId)
      .execute();
    const payload = {
      topicId: topic.topicId,
      planId,
      subjectName: topic.subject,
      topicName: topic.name,
      prompt: topic.name,
      sources: [],
    };
    const { id: userId } = await t.db.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    await insertJobs(
      t.db.db,
      [{ kind: 'topic-content', userId, payload }],
      new Date().toISOString(),
    );
    fake.resetCounters();
    t.app.jobs.wake();
    await t.settle();
    expect(fake.calls).toBe(2);
    expect((await contentOf(client, planId)).topics[0]?.status).toBe('written');
  });
});

describe.each(dbKinds)('a plan written by the builtin engine (no model), on %s', (kind) => {
  it('gives every topic of a 24-topic plan its content', async () => {
    const t = await createTestApp(kind);
    try {
      const client = new TestClient(t.app);
      await client.registerAndLogin();
      const w = wizard();
      const subjects = ['Chemistry', 'Physics', 'History', 'Statistics'].map((name, i) => ({
        name,
        keyTopics: Array.from({ length: 6 }, (_, k) => `${name} part ${k + 1}`).join('\n'),
        subjectIndex: i,
      }));
      const r = await generate(client, { ...w, subjects });
      expect(r.statusCode, r.body).toBe(201);
      await t.settle();
      const content = await contentOf(client, r.json().planId);
      expect(content.total).toBe(24);
      expect(content.topics.map((x) => x.status)).toEqual(Array(24).fill('written'));
      const topic = (await client.get(`/topics/${content.topics[23]?.topicId}`)).json();
      expect(topic.deepDiveContent).toContain('Statistics part 6');
      expect(topic.lessons).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
