import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeProvider } from '../testing/fake-ai-provider.js';
import { makeDocxLyingSizes, makePdf, makePdfBomb } from '../testing/files.js';
import { createPlanTree } from '../testing/fixtures.js';
import {
  captureLog,
  countRows,
  createTestApp,
  dbKinds,
  type TestApp,
  TestClient,
} from '../testing/harness.js';
import { watchLoop } from '../testing/loop-watch.js';
import { multipart } from '../testing/multipart.js';
import { form, wizard } from '../testing/wizard-form.js';

/**
 * What a hostile student sends to stall or exhaust the server, each at ten times the size
 * first reported: every request gets an answer, and `/api/health` keeps answering within a
 * second throughout (the figures against the 100 ms target are printed by `npm run bench`).
 */
describe.each(dbKinds)('a server one student cannot stop, on %s', (kind) => {
  let t: TestApp;
  let client: TestClient;
  let log: ReturnType<typeof captureLog>;
  const wizardPost = (body: ReturnType<typeof form>) =>
    client.request({ method: 'POST', url: '/api/ai/ProcessStudyMaterials', ...body });

  beforeEach(async () => {
    log = captureLog();
    t = await createTestApp(kind, { LOG_LEVEL: 'info' }, { logStream: log.stream });
    client = new TestClient(t.app);
    await client.registerAndLogin();
  });
  afterEach(async () => t.close());

  it('reads notes with a 30,000-space heading for a deep dive, the loop free', async () => {
    const tree = await createPlanTree(client);
    const notes = [`# a${' '.repeat(30_000)}b`, `# a${' '.repeat(15_000)}#${' '.repeat(15_000)}b`];
    const watch = watchLoop(t.app);
    for (const content of notes) {
      const r = await client.request({
        method: 'POST',
        url: `/topics/${tree.topic.id}/generate-checklist`,
        ...multipart([{ name: 'files', filename: 'notes.md', content }]),
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    const figures = await watch.stop();
    expect(figures.maxHealthMs).toBeLessThan(1000);
  });

  it('stores deep dives of script tags and math openers without holding the loop', async () => {
    const tree = await createPlanTree(client);
    const watch = watchLoop(t.app);
    for (const deepDiveContent of ['<script'.repeat(28_000), '\\('.repeat(99_000)]) {
      const r = await client.post('/topics', {
        subjectId: tree.subject.id,
        name: 'Hostile',
        deepDiveContent,
      });
      expect(r.statusCode, r.body).toBe(201);
    }
    expect((await watch.stop()).maxHealthMs).toBeLessThan(1000);
  });

  it('makes a plan from 2 subjects x 10 x 2 MB of Markdown while others are served', async () => {
    const section = (i: number) =>
      `# Chapter ${i}\n${'Energy is conserved in a closed system. Momentum is mass times velocity. '.repeat(300)}\n`;
    const file = Array.from({ length: 100 }, (_, i) => section(i))
      .join('')
      .slice(0, 2_000_000);
    const files = ['Organic_Chemistry', 'Physics'].flatMap((field) =>
      Array.from({ length: 10 }, (_, i) => ({ field, filename: `notes-${i}.md`, content: file })),
    );
    const watch = watchLoop(t.app);
    const r = await wizardPost(form(wizard(), files));
    const figures = await watch.stop();
    expect(r.statusCode, r.body).toBe(201);
    expect(figures.maxHealthMs).toBeLessThan(1000);
    // The text a plan keeps is shared by its subjects: both get files read, the rest is named.
    const kept = await t.db.db.selectFrom('studyFiles').select('subjectId').execute();
    expect(new Set(kept.map((f) => f.subjectId)).size).toBe(2);
    expect(r.json().aiWarnings).toContainEqual(
      expect.objectContaining({ code: 'file_over_text_limit', params: { file: 'notes-9.md' } }),
    );
  });

  it('refuses a PDF bomb and a DOCX lying about its sizes, makes the plan, keeps its memory', async () => {
    const pdfBomb = await makePdfBomb(400);
    const liar = await makeDocxLyingSizes(2);
    const good = await makePdf(['Alkanes are saturated hydrocarbons with single bonds.']);
    const before = process.memoryUsage();
    const watch = watchLoop(t.app);
    const r = await wizardPost(
      form(wizard(), [
        { field: 'Organic_Chemistry', filename: 'bomb.pdf', content: pdfBomb },
        { field: 'Organic_Chemistry', filename: 'liar.docx', content: liar },
        { field: 'Organic_Chemistry', filename: 'alkanes.pdf', content: good },
      ]),
    );
    const figures = await watch.stop();
    const after = process.memoryUsage();
    expect(r.statusCode, r.body).toBe(201);
    const warnings: { code: string; params: { file?: string } }[] = r.json().aiWarnings;
    const files = warnings.filter((w) => w.code.startsWith('file_'));
    expect(files.map((w) => [w.code, w.params.file])).toEqual([
      ['file_too_large', 'bomb.pdf'],
      ['file_zip_bomb', 'liar.docx'],
    ]);
    const refused = log.events('upload.refused');
    expect(refused.map((l) => [l.code, l.reason])).toEqual([
      ['file_too_large', expect.stringContaining('bomb.pdf')],
      ['file_zip_bomb', expect.stringContaining('liar.docx')],
    ]);
    expect(refused[0]).toMatchObject({ level: 40, userId: expect.any(Number), ip: '127.0.0.1' });
    expect(after.rss - before.rss).toBeLessThan(100 * 1024 * 1024);
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(50 * 1024 * 1024);
    expect(figures.maxHealthMs).toBeLessThan(1000);
  });

  it('makes one plan per student at a time: a second request meanwhile is refused', async () => {
    const files = [{ field: 'Physics', filename: 'notes.md', content: '# Momentum\np = mv.' }];
    const [a, b] = await Promise.all([
      wizardPost(form(wizard(), files)),
      wizardPost(form(wizard(), files)),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([201, 429]);
    const refused = a.statusCode === 429 ? a : b;
    expect(refused.json().code).toBe('generation_in_progress');
    expect(await countRows(t.db, 'studyPlans')).toBe(1);
    // Another student is not held back by it.
    const other = new TestClient(t.app);
    await other.registerAndLogin({ username: 'bo', email: 'bo@example.com' });
    const [mine, theirs] = await Promise.all([
      wizardPost(form(wizard(), files)),
      other.request({
        method: 'POST',
        url: '/api/ai/ProcessStudyMaterials',
        ...form(wizard(), files),
      }),
    ]);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
  });
});

describe.each(dbKinds)('the upload quota on %s', (kind) => {
  let t: TestApp;
  let client: TestClient;

  beforeEach(async () => {
    t = await createTestApp(kind, { UPLOAD_QUOTA_MB: '1' });
    client = new TestClient(t.app);
    await client.registerAndLogin();
  });
  afterEach(async () => t.close());

  it('holds each student to their space, counted from the plans they keep', async () => {
    const notes = (n: number) => ({
      field: 'Physics',
      filename: `notes-${n}.md`,
      content: `# Momentum\n${'Momentum is mass times velocity. '.repeat(12_000)}`,
    });
    const post = (files: ReturnType<typeof notes>[]) =>
      client.request({
        method: 'POST',
        url: '/api/ai/ProcessStudyMaterials',
        ...form(wizard(), files),
      });
    const first = await post([notes(1)]);
    expect(first.statusCode, first.body).toBe(201);
    const plans = await countRows(t.db, 'studyPlans');

    const refused = await post([notes(2), notes(3)]);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().code).toBe('upload_quota_exceeded');
    expect(refused.json().message).toMatch(/1 MB of space/);
    expect(await countRows(t.db, 'studyPlans')).toBe(plans);

    // Deleting the plan frees its files' space.
    const del = await client.request({
      method: 'DELETE',
      url: `/api/generic/DeleteStudyProgram/${first.json().planId}`,
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(await countRows(t.db, 'studyFiles')).toBe(0);
    expect((await post([notes(2)])).statusCode).toBe(201);
  });
});

describe.each(dbKinds)('the AI budget of a wizard on a model provider, on %s', (kind) => {
  it("charges each plan one point of the student's budget and its content none, and asks no refused call again", async () => {
    const fake = await startFakeProvider('openai');
    // A 400 is not retried: each topic's first call fails and the offline engine writes it.
    fake.set({ kind: 'status', status: 400 });
    const t = await createTestApp(kind, {
      AI_PROVIDER: 'openai',
      AI_MODEL: 'fake-model',
      AI_BASE_URL: fake.baseUrl,
      AI_API_KEY: 'test-key',
      AI_RATE_LIMIT_MAX: '3',
    });
    try {
      const client = new TestClient(t.app);
      await client.registerAndLogin();
      const post = () =>
        client.request({ method: 'POST', url: '/api/ai/ProcessStudyMaterials', ...form(wizard()) });
      const plans: number[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await post();
        expect(r.statusCode, r.body).toBe(201);
        plans.push(r.json().planId);
        await t.settle();
      }
      // The budget pays for the plans, not for their content: a fourth this minute is refused.
      expect((await post()).statusCode).toBe(429);
      let topics = 0;
      for (const planId of plans) {
        const content = (await client.get(`/api/plans/${planId}/content`)).json();
        topics += content.total;
        for (const topic of content.topics)
          expect(topic).toMatchObject({
            status: 'not-written',
            note: { code: 'ai_fallback_http_error' },
          });
      }
      // One call per topic, each plan one job run once: a refused request is not asked again.
      expect(fake.requests).toHaveLength(topics);
      expect(await t.db.db.selectFrom('jobs').select(['status', 'attempts']).execute()).toEqual(
        Array(3).fill({ status: 'done', attempts: 1 }),
      );
    } finally {
      await t.close();
      await fake.close();
    }
  });
});
