import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPlanTree } from '../../testing/fixtures.js';
import { createTestApp, dbKinds, type TestApp, TestClient } from '../../testing/harness.js';
import { multipart } from '../../testing/multipart.js';

describe.each(dbKinds)('subject and topic routes on %s', (kind) => {
  let t: TestApp;
  let client: TestClient;

  beforeEach(async () => {
    t = await createTestApp(kind);
    client = new TestClient(t.app);
    await client.registerAndLogin();
  });
  afterEach(async () => t.close());

  it('lists, reads, renames and deletes subjects', async () => {
    const { plan, subject } = await createPlanTree(client);
    const list = await client.get(`/subjects?planId=${plan.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ id: subject.id, name: 'Calculus', studyPlanId: plan.id }),
    ]);
    expect(list.json()[0].topics).toHaveLength(1);
    const renamed = await client.request({
      method: 'PUT',
      url: `/subjects/${subject.id}`,
      payload: { name: 'Analysis' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Analysis' });
    expect((await client.get(`/subjects/${subject.id}`)).json().name).toBe('Analysis');
    expect(
      (await client.request({ method: 'DELETE', url: `/subjects/${subject.id}` })).statusCode,
    ).toBe(200);
    expect((await client.get(`/subjects/${subject.id}`)).statusCode).toBe(404);
    // Its topics and sessions went with it.
    expect((await client.get('/api/generic/GetStudySessionDto')).json()).toEqual([]);
  });

  it('refuses a subject without a name or for a plan that does not exist', async () => {
    const { plan } = await createPlanTree(client);
    expect((await client.post('/subjects', { studyPlanId: plan.id, name: '' })).statusCode).toBe(
      400,
    );
    expect((await client.post('/subjects', { studyPlanId: 9999, name: 'X' })).statusCode).toBe(404);
    expect((await client.get('/subjects?planId=abc')).statusCode).toBe(400);
    expect((await client.get('/subjects')).statusCode).toBe(400);
  });

  it('creates a topic with a generated lesson and reads it by its documented fields', async () => {
    const { subject, topic } = await createPlanTree(client);
    const read = await client.get(`/topics/${topic.id}`);
    expect(read.json()).toMatchObject({
      id: topic.id,
      name: 'Derivatives',
      topicName: 'Derivatives',
      completed: false,
      lessonId: expect.any(Number),
      lessons: [{ id: expect.any(Number), title: 'Derivatives' }],
    });
    const lesson = await client.get(`/lessons/${read.json().lessonId}`);
    expect(lesson.statusCode).toBe(200);
    expect(lesson.json().latexContent).toContain('# Derivatives');
    expect(lesson.json().latexContent).toContain('$x^2$');
    const bySubject = await client.get(`/api/generic/GetTopicsBySubjectId/${subject.id}`);
    expect(bySubject.json().map((x: { id: number }) => x.id)).toEqual([topic.id]);
  });

  it('writes the generated lesson’s own words in the student’s language', async () => {
    const { subject } = await createPlanTree(client);
    const r = await client.post('/topics', {
      subjectId: subject.id,
      name: 'Limits',
      language: 'fr',
    });
    expect(r.statusCode, r.body).toBe(201);
    const lesson = (await client.get(`/lessons/${r.json().lessonId}`)).json();
    expect(lesson.latexContent).toContain('# Limits');
    expect(lesson.latexContent).toContain(
      'Cette leçon a été créée à partir du seul nom du sujet : il n’y a pas encore de notes.',
    );
    expect(lesson.latexContent).not.toContain('This lesson was made from the topic name only');
    expect(
      (await client.post('/topics', { subjectId: subject.id, name: 'X', language: 'xx' }))
        .statusCode,
    ).toBe(400);
  });

  it('toggles completion with the whole topic sent back, ignoring read-only fields', async () => {
    const { topic } = await createPlanTree(client);
    const current = (await client.get(`/topics/${topic.id}`)).json();
    const r = await client.request({
      method: 'PUT',
      url: `/topics/${topic.id}`,
      payload: { ...current, id: 999, lessonId: 999, completed: !current.completed },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ id: topic.id, completed: true, lessonId: current.lessonId });
    const back = await client.request({
      method: 'PUT',
      url: `/topics/${topic.id}`,
      payload: { completed: false },
    });
    expect(back.json().completed).toBe(false);
  });

  it('refuses a topic without a name or for a subject that is not there', async () => {
    const { subject } = await createPlanTree(client);
    expect((await client.post('/topics', { subjectId: subject.id, name: ' ' })).statusCode).toBe(
      400,
    );
    expect((await client.post('/topics', { subjectId: 424242, name: 'X' })).statusCode).toBe(404);
    expect(
      (await client.request({ method: 'PUT', url: '/topics/1', payload: { completed: 'yes' } }))
        .statusCode,
    ).toBe(400);
  });

  it('deletes a topic with its lessons', async () => {
    const { topic, lessonId } = await createPlanTree(client);
    expect(
      (await client.request({ method: 'DELETE', url: `/topics/${topic.id}` })).statusCode,
    ).toBe(200);
    expect((await client.get(`/topics/${topic.id}`)).statusCode).toBe(404);
    expect((await client.get(`/lessons/${lessonId}`)).statusCode).toBe(404);
  });

  it('fills the deep dive from a prompt and uploaded notes, naming files it cannot read', async () => {
    const { topic } = await createPlanTree(client);
    const form = multipart([
      { name: 'prompt', content: 'Focus on the chain rule' },
      {
        name: 'files',
        filename: 'notes.md',
        content:
          "# Chain rule\nThe chain rule is used to differentiate composed functions. It says $(f(g(x)))' = f'(g(x)) g'(x)$.",
      },
      { name: 'files', filename: 'scan.bin', content: Buffer.from([0, 1, 2, 3, 255, 254]) },
    ]);
    const r = await client.request({
      method: 'POST',
      url: `/topics/${topic.id}/generate-checklist`,
      ...form,
    });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.deepDiveContent).toContain('chain rule is used to differentiate');
    expect(body.deepDiveContent).toContain('notes.md');
    expect(body.warnings).toEqual([
      expect.objectContaining({ code: 'file_type_not_supported', params: { file: 'scan.bin' } }),
    ]);
    expect((await client.get(`/topics/${topic.id}`)).json().deepDiveContent).toBe(
      body.deepDiveContent,
    );
  });

  it('writes the deep dive’s headings and checklist in the language asked for', async () => {
    const { topic } = await createPlanTree(client);
    const form = multipart([
      {
        name: 'files',
        filename: 'notes.md',
        content: '# Chain rule\nThe chain rule is used to differentiate composed functions.',
      },
    ]);
    const r = await client.request({
      method: 'POST',
      url: `/topics/${topic.id}/generate-checklist?language=fr`,
      ...form,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().deepDiveContent).toContain('Liste de révision');
    expect(r.json().deepDiveContent).not.toContain('Study checklist');
    const bad = await client.request({
      method: 'POST',
      url: `/topics/${topic.id}/generate-checklist?language=xx`,
      ...multipart([{ name: 'prompt', content: 'x' }]),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses generate-checklist that is not multipart, and a stranger’s topic', async () => {
    const { topic } = await createPlanTree(client);
    expect(
      (await client.post(`/topics/${topic.id}/generate-checklist`, { prompt: 'x' })).statusCode,
    ).toBe(400);
    const other = new TestClient(t.app);
    await other.registerAndLogin({ username: 'eve', email: 'eve@example.com' });
    const form = multipart([{ name: 'prompt', content: 'steal' }]);
    const r = await other.request({
      method: 'POST',
      url: `/topics/${topic.id}/generate-checklist`,
      ...form,
    });
    expect(r.statusCode).toBe(404);
  });
});
