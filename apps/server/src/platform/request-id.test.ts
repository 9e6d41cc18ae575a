import { afterEach, describe, expect, it } from 'vitest';
import { captureLog, createTestApp, type TestApp, TestClient } from '../testing/harness.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  let t: TestApp | undefined;
  afterEach(async () => t?.close());

  it('sends a fresh UUID in x-request-id with every answer', async () => {
    t = await createTestApp('sqlite');
    const first = await t.app.inject({ url: '/api/health' });
    const second = await t.app.inject({ url: '/api/health' });
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it("ignores a client's x-request-id when no proxy is trusted", async () => {
    t = await createTestApp('sqlite');
    const r = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(r.headers['x-request-id']).toMatch(UUID);
  });

  it("takes the trusted proxy's x-request-id, unless it is not a sane id", async () => {
    t = await createTestApp('sqlite', { TRUST_PROXY: '127.0.0.1' });
    const ask = (id: string) =>
      t?.app.inject({ url: '/api/health', headers: { 'x-request-id': id } });
    expect((await ask('edge:42.a_b-C'))?.headers['x-request-id']).toBe('edge:42.a_b-C');
    for (const bad of ['a b', 'x'.repeat(129), 'id\nforged', 'é', '']) {
      expect((await ask(bad))?.headers['x-request-id'], JSON.stringify(bad)).toMatch(UUID);
    }
  });

  it('puts the header id in the body of a 400 and a 404', async () => {
    t = await createTestApp('sqlite');
    const client = new TestClient(t.app);
    const invalid = await client.post('/api/authentication/login', { email: 'not an e-mail' });
    const missing = await client.get('/api/does-not-exist');
    expect(invalid.statusCode).toBe(400);
    expect(missing.statusCode).toBe(404);
    for (const r of [invalid, missing]) {
      expect(r.headers['x-request-id']).toMatch(UUID);
      expect(r.json().requestId).toBe(r.headers['x-request-id']);
    }
  });

  it('gives a URL the router cannot read the usual error body and an id', async () => {
    t = await createTestApp('sqlite');
    const badEncoding = await t.app.inject({ url: '/api/%zz' });
    const tooLong = await t.app.inject({ url: `/api/calendar/${'A'.repeat(300)}.ics` });
    expect([badEncoding.statusCode, tooLong.statusCode]).toEqual([400, 414]);
    for (const r of [badEncoding, tooLong]) {
      expect(r.headers['x-request-id']).toMatch(UUID);
      expect(r.json()).toEqual({
        code: 'validation_failed',
        message: 'The address is not valid.',
        requestId: r.headers['x-request-id'],
      });
    }
  });

  it('writes the id in the log lines of the request, one access line with its request and answer', async () => {
    const log = captureLog();
    t = await createTestApp('sqlite', { LOG_LEVEL: 'info' }, { logStream: log.stream });
    const r = await t.app.inject({ url: '/api/does-not-exist' });
    const id = r.headers['x-request-id'];
    const lines = log.lines.filter((l) => l.reqId === id);
    expect(lines.length).toBeGreaterThan(0);
    const access = lines.filter((l) => l.msg === 'request completed');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      req: { method: 'GET', url: '/api/does-not-exist' },
      res: { statusCode: 404 },
      responseTime: expect.any(Number),
    });
    expect(lines.map((l) => l.msg)).not.toContain('incoming request');
  });
});
