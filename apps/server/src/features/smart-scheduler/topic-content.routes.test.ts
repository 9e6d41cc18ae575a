import type { PlanContent } from '@studybuddy/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { type FakeProvider, startFakeProvider } from '../../testing/fake-ai-provider.js';
import { createFastHasher } from '../../testing/fast-hasher.js';
import {
  countRows,
  createTestApp,
  dbKinds,
  type TestApp,
  TestClient,
  testReaders,
} from '../../testing/harness.js';
import { form, wizard } from '../../testing/wizard-form.js';

/** The wizard's topics: three key topics of Organic Chemistry, three found in Physics's line. */
const TOPICS = 6;

const modelEnv = (fake: FakeProvider, extra: Record<string, string> = {}) => ({
  AI_PROVIDER: 'openai',
  AI_MODEL: 'fake-model',
  AI_BASE_URL: fake.baseUrl,
  AI_API_KEY: 'test-key',
  ...extra,
});

const generate = (client: TestClient) =>
  client.request({ method: 'POST', url: '/api/ai/ProcessStudyMaterials', ...form(wizard()) });

const contentOf = async (client: TestClient, planId: number): Promise<PlanContent> =>
  (await client.get(`/api/plans/${planId}/content`)).json();

/** Model requests about one topic (its deep dive and lesson prompts name it). */
const callsAbout = (fake: FakeProvider, topic: string) =>
  fake.requests.filter((r) => JSON.stringify(r.body).includes(`Topic: ${topic}`)).length;

describe.each(dbKinds)('plan content written in the background, on %s', (kind) => {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const o of open.splice(0).reverse()) await o.close();
  });
  async function setUp(fakeOptions: Parameters<typeof startFakeProvider>[1], env = {}) {
    const fake = await startFakeProvider('openai', { study: true, ...fakeOptions });
    open.push(fake);
    const t = await createTestApp(kind, modelEnv(fake, env));
    open.push(t);
    const client = new TestClient(t.app);
    await client.registerAndLogin();
    return { fake, t, client };
  }

  it('answers with the schedule before the content, then writes every topic, AI_CONCURRENCY at a time', async () => {
    const { fake, t, client } = await setUp({ delayMs: 250 }, { AI_CONCURRENCY: '2' });
    const r = await generate(client);
    expect(r.statusCode, r.body).toBe(201);
    const proposal = r.json();
    expect(proposal.schedule.length).toBeGreaterThan(0);
    // A topic takes two model calls of 250 ms: none can be written when the schedule is back.
    expect(proposal.content.total).toBe(TOPICS);
    expect(proposal.content.written).toBe(0);
    expect(proposal.content.topics.every((x: { status: string }) => x.status === 'writing')).toBe(
      true,
    );

    await t.settle();
    const content = await contentOf(client, proposal.planId);
    expect(content.written).toBe(TOPICS);
    expect(content.topics.map((x) => x.status)).toEqual(Array(TOPICS).fill('written'));
    // Two calls per topic, never more than two at once, each job run once.
    expect(fake.calls).toBe(TOPICS * 2);
    expect(fake.maxInFlight).toBe(2);
    const topic = (await client.get(`/topics/${content.topics[0]?.topicId}`)).json();
    expect(topic.contentStatus).toBe('written');
    expect(topic.deepDiveContent).toContain(content.topics[0]?.name);
    expect(topic.lessons).toHaveLength(1);
    const lesson = (await client.get(`/lessons/${topic.lessonId}`)).json();
    expect(lesson.latexContent).toContain(content.topics[0]?.name);
  });

  it('retries a failing topic three times, then writes the offline version with the reason; a retry asks again', async () => {
    const { fake, t, client } = await setUp({}, { AI_TIMEOUT_MS: '400' });
    fake.respondWith(({ text, attempt }) => {
      if (text.includes('Topic: Alkanes and alkenes')) return { kind: 'status', status: 500 };
      // A 429 names its wait in seconds, then the call goes through.
      if (text.includes('Topic: Reaction mechanisms') && attempt === 0)
        return { kind: 'status', status: 429, retryAfter: '0' };
      if (text.includes('Topic: Stereochemistry') && attempt === 0)
        return { kind: 'text', text: 'this is not JSON' };
      // A provider that hangs: our deadline ends each try.
      if (text.includes('Topic: Newtonian') && attempt < 3) return { kind: 'hang' };
      return { kind: 'study' };
    });
    const r = await generate(client);
    expect(r.statusCode, r.body).toBe(201);
    await t.settle();
    const content = await contentOf(client, r.json().planId);
    const byName = new Map(content.topics.map((x) => [x.name, x]));
    expect(byName.get('Alkanes and alkenes')).toMatchObject({
      status: 'not-written',
      note: { code: 'ai_fallback_http_error' },
    });
    expect(byName.get('Reaction mechanisms')?.status).toBe('written');
    expect(byName.get('Stereochemistry and chirality')?.status).toBe('written');
    const physics = content.topics.find((x) => x.subject === 'Physics');
    expect(physics).toMatchObject({ status: 'not-written', note: { code: 'ai_fallback_timeout' } });
    // Three tries of the deep dive, the first call of each; then the builtin engine wrote it.
    expect(callsAbout(fake, 'Alkanes and alkenes')).toBe(3);
    const failed = byName.get('Alkanes and alkenes');
    const topic = (await client.get(`/topics/${failed?.topicId}`)).json();
    expect(topic.deepDiveContent).toContain('Alkanes and alkenes');
    expect(topic.lessons).toHaveLength(1);
    // One job wrote the whole plan, its three runs included.
    expect(
      await t.db.db.selectFrom('jobs').select(['kind', 'status', 'attempts']).execute(),
    ).toEqual([{ kind: 'plan-content', status: 'failed', attempts: 3 }]);

    // Asked again with the provider well, it is written by the model, into the same lesson.
    fake.set({ kind: 'study' });
    const retry = await client.post(`/api/topics/${failed?.topicId}/content/retry`);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().contentStatus).toBe('writing');
    await t.settle();
    const again = (await client.get(`/topics/${failed?.topicId}`)).json();
    expect(again).toMatchObject({ contentStatus: 'written', contentNote: null });
    expect(again.lessons).toEqual(topic.lessons);
    // Only a topic the model did not write can be asked for again.
    const twice = await client.post(`/api/topics/${failed?.topicId}/content/retry`);
    expect(twice.statusCode).toBe(409);
  });

  it('streams the plan content as Server-Sent Events until every topic is written', async () => {
    const { client } = await setUp({ delayMs: 100 }, { AI_CONCURRENCY: '1' });
    const r = await generate(client);
    const events = await client.request({
      method: 'GET',
      url: `/api/plans/${r.json().planId}/content/events`,
      headers: { accept: 'text/event-stream' },
    });
    expect(events.statusCode).toBe(200);
    expect(events.headers['content-type']).toMatch(/text\/event-stream/);
    const sent: PlanContent[] = events.body
      .split('\n\n')
      .filter((block) => block.includes('event: content'))
      .map((block) => JSON.parse(block.replace(/^[\s\S]*?data: /, '')));
    expect(sent.length).toBeGreaterThan(2);
    expect(sent.map((c) => c.written)).toEqual([...sent.map((c) => c.written)].sort());
    expect(sent.at(-1)?.written).toBe(TOPICS);
  });

  it('ends an open content stream when the server closes, rather than hold the close', async () => {
    const { t, client } = await setUp({ delayMs: 1_000 }, { AI_CONCURRENCY: '1' });
    const r = await generate(client);
    const events = client.request({
      method: 'GET',
      url: `/api/plans/${r.json().planId}/content/events`,
      headers: { accept: 'text/event-stream' },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await t.app.close();
    const ended = await events;
    expect(ended.statusCode).toBe(200);
    const first = ended.body.split('\n\n').find((block) => block.includes('event: content'));
    expect(JSON.parse(first?.replace(/^[\s\S]*?data: /, '') ?? '{}').written).toBeLessThan(TOPICS);
  });

  it('keeps plans private: content, its stream and a retry answer 404 to another student', async () => {
    const { t, client } = await setUp({});
    const r = await generate(client);
    await t.settle();
    const { planId, content } = r.json();
    const other = new TestClient(t.app);
    await other.registerAndLogin({ username: 'bo', email: 'bo@example.com' });
    expect((await other.get(`/api/plans/${planId}/content`)).statusCode).toBe(404);
    const stream = await other.request({
      method: 'GET',
      url: `/api/plans/${planId}/content/events`,
      headers: { accept: 'text/event-stream' },
    });
    expect(stream.statusCode).toBe(404);
    const retry = await other.post(`/api/topics/${content.topics[0].topicId}/content/retry`);
    expect(retry.statusCode).toBe(404);
  });

  it('leaves nothing behind when the plan is deleted while its content is being written', async () => {
    const { t, client } = await setUp({ delayMs: 150 }, { AI_CONCURRENCY: '1' });
    const r = await generate(client);
    const del = await client.request({
      method: 'DELETE',
      url: `/api/generic/DeleteStudyProgram/${r.json().planId}`,
    });
    expect(del.statusCode, del.body).toBe(200);
    await t.settle();
    expect(await countRows(t.db, 'topics')).toBe(0);
    expect(await countRows(t.db, 'lessons')).toBe(0);
  });

  /** A second server on the same database (same config, so tokens are valid on both). */
  async function secondServer(first: TestApp) {
    const app = await buildApp({
      config: first.config,
      db: first.db,
      readers: testReaders(),
      hasher: createFastHasher(),
      jobTimes: { pollMs: 50, backoffMs: 20 },
    });
    await app.ready();
    return app;
  }

  it('resumes unfinished content after a restart, and never writes a topic twice', async () => {
    const fake = await startFakeProvider('openai', { study: true, delayMs: 200 });
    open.push(fake);
    const first = await createTestApp(kind, modelEnv(fake, { AI_CONCURRENCY: '1' }));
    open.push(first);
    const client = new TestClient(first.app);
    await client.registerAndLogin();
    const r = await generate(client);
    // Stop the first server while its first job waits on the model.
    while (fake.calls === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await first.app.close();

    const second = await secondServer(first);
    open.push(second);
    await second.jobs.idle();
    const again = new TestClient(second);
    again.accessToken = client.accessToken;
    const content = await contentOf(again, r.json().planId);
    expect(content.topics.map((x) => x.status)).toEqual(Array(TOPICS).fill('written'));
    // Every topic once, plus the one call cut short by the stop.
    expect(fake.calls).toBe(TOPICS * 2 + 1);
    expect(await countRows(first.db, 'lessons')).toBe(TOPICS);
  });

  it.runIf(kind === 'postgres')(
    'shares the work of two students between two servers, running no job twice',
    async () => {
      const fake = await startFakeProvider('openai', { study: true, delayMs: 100 });
      open.push(fake);
      const first = await createTestApp(kind, modelEnv(fake, { AI_CONCURRENCY: '2' }));
      open.push(first);
      const second = await secondServer(first);
      open.push(second);
      const ana = new TestClient(first.app);
      await ana.registerAndLogin();
      const bo = new TestClient(second);
      await bo.registerAndLogin({ username: 'bo', email: 'bo@example.com' });
      const [a, b] = await Promise.all([generate(ana), generate(bo)]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      await Promise.all([first.settle(), second.jobs.idle()]);
      for (const [client, r] of [
        [ana, a],
        [bo, b],
      ] as const) {
        const content = await contentOf(client, r.json().planId);
        expect(content.topics.map((x) => x.status)).toEqual(Array(TOPICS).fill('written'));
      }
      // Each of the eight topics was written by exactly one server, with two calls.
      expect(fake.calls).toBe(2 * TOPICS * 2);
      expect(fake.maxInFlight).toBeLessThanOrEqual(4);
      expect(await countRows(first.db, 'lessons')).toBe(2 * TOPICS);
    },
  );
});
