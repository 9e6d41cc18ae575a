import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  countRows,
  createTestApp,
  dbKinds,
  type TestApp,
  TestClient,
} from '../../testing/harness.js';

describe.each(dbKinds)('feedback routes on %s', (kind) => {
  let t: TestApp;
  let client: TestClient;
  const count = async () => countRows(t.db, 'appFeedback');

  beforeEach(async () => {
    t = await createTestApp(kind);
    client = new TestClient(t.app);
    await client.registerAndLogin();
  });
  afterEach(async () => t.close());

  it('stores feedback with a rating from 0 to 5', async () => {
    const r = await client.post('/api/review', {
      rating: 0,
      pleased: 'The calendar',
      recommendation: '<b>dark mode</b>',
    });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({
      rating: 0,
      pleased: 'The calendar',
      recommendation: '<b>dark mode</b>',
    });
    expect((await client.post('/api/review', { rating: 5 })).statusCode).toBe(201);
    expect(await count()).toBe(2);
  });

  it('keeps the path of the page it was sent from', async () => {
    expect((await client.post('/api/review', { rating: 4, page: '/plans/3' })).statusCode).toBe(
      201,
    );
    expect((await client.post('/api/review', { rating: 3 })).statusCode).toBe(201);
    const rows = await t.db.db.selectFrom('appFeedback').select('page').orderBy('id').execute();
    expect(rows).toEqual([{ page: '/plans/3' }, { page: null }]);
  });

  it.each([
    [{ rating: 6 }],
    [{ rating: -1 }],
    [{ rating: 2.5 }],
    [{}],
    [{ rating: 3, pleased: 'x'.repeat(2001) }],
    [{ rating: 3, page: 'https://example.com/' }],
    [{ rating: 3, page: '//example.com/' }],
    [{ rating: 3, page: '/\\example.com/' }],
    [{ rating: 3, page: '/plans\n3' }],
    [{ rating: 3, page: `/${'x'.repeat(200)}` }],
  ])('refuses %j and stores nothing', async (body) => {
    const r = await client.post('/api/review', body);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toEqual(expect.any(String));
    expect(await count()).toBe(0);
  });

  it('needs a login', async () => {
    expect((await new TestClient(t.app).post('/api/review', { rating: 3 })).statusCode).toBe(401);
  });
});
