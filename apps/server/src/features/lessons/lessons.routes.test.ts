import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPlanTree } from '../../testing/fixtures.js';
import { createTestApp, dbKinds, type TestApp, TestClient } from '../../testing/harness.js';

describe.each(dbKinds)('lesson and review routes on %s', (kind) => {
  let t: TestApp;
  let client: TestClient;
  let lessonId: number;
  let userId: number;

  beforeEach(async () => {
    t = await createTestApp(kind);
    client = new TestClient(t.app);
    userId = (await client.registerAndLogin()).id;
    lessonId = (await createPlanTree(client)).lessonId;
  });
  afterEach(async () => t.close());

  it('posts a review and lists it with its userId, newest first', async () => {
    expect((await client.get(`/review/lesson/${lessonId}`)).json()).toEqual([]);
    const first = await client.post(`/review/lesson/${lessonId}`, { rating: 5, comment: 'Clear' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ rating: 5, comment: 'Clear', userId, lessonId });
    await client.post(`/review/lesson/${lessonId}`, { rating: 3, comment: 'Second' });
    const list = (await client.get(`/review/lesson/${lessonId}`)).json();
    expect(list.map((r: { comment: string }) => r.comment)).toEqual(['Second', 'Clear']);
  });

  it.each([
    [{ rating: 0, comment: 'x' }, 'rating'],
    [{ rating: 6, comment: 'x' }, 'rating'],
    [{ rating: 4.5, comment: 'x' }, 'rating'],
    [{ rating: 4, comment: '' }, 'comment'],
    [{ rating: 4, comment: 'x'.repeat(501) }, 'comment'],
    [{ rating: 4 }, 'comment'],
  ])('refuses %j with a message on %s and stores nothing', async (body, path) => {
    const r = await client.post(`/review/lesson/${lessonId}`, body);
    expect(r.statusCode).toBe(400);
    expect(r.json().details).toContainEqual(expect.objectContaining({ path }));
    expect((await client.get(`/review/lesson/${lessonId}`)).json()).toEqual([]);
  });

  it('accepts a comment of exactly 500 characters and keeps HTML as text', async () => {
    expect(
      (await client.post(`/review/lesson/${lessonId}`, { rating: 1, comment: 'y'.repeat(500) }))
        .statusCode,
    ).toBe(201);
    const html = await client.post(`/review/lesson/${lessonId}`, {
      rating: 2,
      comment: '<img src=x onerror=alert(1)>',
    });
    expect(html.json().comment).toBe('<img src=x onerror=alert(1)>');
  });

  it('answers 404 for a lesson that does not exist', async () => {
    expect((await client.get('/lessons/99999')).statusCode).toBe(404);
    expect((await client.get('/review/lesson/99999')).statusCode).toBe(404);
    expect(
      (await client.post('/review/lesson/99999', { rating: 3, comment: 'x' })).statusCode,
    ).toBe(404);
  });
});
