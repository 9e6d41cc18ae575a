import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient } from '../testing/harness.js';
import { form, wizard } from '../testing/wizard-form.js';

const SCRIPT = Buffer.from('export const greeting = "hello, student";\n'.repeat(100));
const PAGE = Buffer.from(
  `<!doctype html><title>StudyBuddy</title><script type="module" src="/assets/app-abcdef12.js"></script>${'<!-- padding -->'.repeat(80)}`,
);

/** A web build as the Vite build leaves it: files, and brotli and gzip copies beside them. */
function fakeBuild(): string {
  const web = mkdtempSync(join(tmpdir(), 'web-'));
  mkdirSync(join(web, 'assets'));
  for (const [name, data] of [
    ['index.html', PAGE],
    ['assets/app-abcdef12.js', SCRIPT],
  ] as const) {
    writeFileSync(join(web, name), data);
    writeFileSync(join(web, `${name}.br`), brotliCompressSync(data));
    writeFileSync(join(web, `${name}.gz`), gzipSync(data));
  }
  // Under 1 KB: the build writes no copies of it.
  writeFileSync(join(web, 'assets', 'tiny-abcdef12.js'), 'console.log(1);');
  return web;
}

describe('compression', () => {
  let t: TestApp | undefined;
  let web: string | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
    if (web) rmSync(web, { recursive: true, force: true });
    web = undefined;
  });

  it('sends the brotli or gzip copy the build wrote, or the file itself, with the same headers', async () => {
    web = fakeBuild();
    t = await createTestApp('sqlite', { WEB_DIST: web });
    const get = (encoding?: string) =>
      t?.app.inject({
        url: '/assets/app-abcdef12.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });

    const br = await get('gzip, deflate, br');
    expect(br?.statusCode).toBe(200);
    expect(br?.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br?.rawPayload ?? Buffer.alloc(0)).equals(SCRIPT)).toBe(true);
    expect(Number(br?.headers['content-length'])).toBe(br?.rawPayload.length);
    expect(br?.rawPayload.length).toBeLessThan(SCRIPT.length);

    const gz = await get('gzip');
    expect(gz?.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz?.rawPayload ?? Buffer.alloc(0)).equals(SCRIPT)).toBe(true);
    expect(Number(gz?.headers['content-length'])).toBe(gz?.rawPayload.length);

    const plain = await get();
    expect(plain?.headers['content-encoding']).toBeUndefined();
    expect(plain?.rawPayload.equals(SCRIPT)).toBe(true);
    expect(Number(plain?.headers['content-length'])).toBe(SCRIPT.length);

    for (const r of [br, gz, plain]) {
      expect(r?.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
      expect(r?.headers['content-type']).toBe(plain?.headers['content-type']);
      expect(r?.headers.vary).toMatch(/accept-encoding/i);
      expect(r?.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    // The copies have no URL of their own: that path is like any unknown one (the SPA's page).
    const copy = await t.app.inject({ url: '/assets/app-abcdef12.js.br' });
    expect(copy.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('never compresses a built file per request, even one without copies', async () => {
    web = fakeBuild();
    t = await createTestApp('sqlite', { WEB_DIST: web });
    const r = await t.app.inject({
      url: '/assets/tiny-abcdef12.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    // @fastify/static 10 names Accept-Encoding on every file it serves with preCompressed.
    expect(r.headers.vary).toBe('accept-encoding');
    expect(r.body).toBe('console.log(1);');
  });

  it('sends index.html compressed for client-side routes, still revalidated', async () => {
    web = fakeBuild();
    t = await createTestApp('sqlite', { WEB_DIST: web });
    for (const url of ['/', '/dashboard', '/study-plan/detail/4']) {
      const r = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-encoding'], url).toBe('br');
      expect(r.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(r.headers['cache-control'], url).toBe('no-cache');
      expect(r.headers.vary, url).toMatch(/accept-encoding/i);
      expect(r.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(brotliDecompressSync(r.rawPayload).equals(PAGE), url).toBe(true);
    }
    const plain = await t.app.inject({ url: '/dashboard' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(PAGE)).toBe(true);
    // A revalidation keeps the file's own caching: a 304 marked no-store would evict the copy.
    const etag = String(plain.headers.etag);
    const again = await t.app.inject({ url: '/dashboard', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('no-cache');
    const api = await t.app.inject({ url: '/api/nothing', headers: { 'accept-encoding': 'br' } });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/json/);
  });

  it('compresses JSON and text answers over 1 KB, and leaves smaller ones and event streams alone', async () => {
    t = await createTestApp('sqlite');
    const client = new TestClient(t.app);
    await client.registerAndLogin();
    const created = await client.request({
      method: 'POST',
      url: '/api/ai/ProcessStudyMaterials',
      ...form(wizard()),
    });
    expect(created.statusCode, created.body).toBe(201);
    const planId: number = created.json().planId;
    expect((await client.post(`/api/ai/AcceptStudyPlan/${planId}`, {})).statusCode).toBe(200);
    await t.settle();
    const get = (url: string, headers: Record<string, string> = {}) =>
      client.request({ method: 'GET', url, headers });

    // JSON over 1 KB: gzip when the client takes it (browsers do), brotli when it takes only that.
    const plans = '/api/generic/GetStudyProgramOfUser';
    const plain = await get(plans);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gz = await get(plans, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gz.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    const br = await get(plans, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    // Under 1 KB: sent as it is.
    const health = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(health.rawPayload.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok' });

    // The .ics download: text/calendar, compressed, still an attachment.
    const icsUrl = `/api/plans/${planId}/calendar.ics`;
    const ics = await get(icsUrl);
    const icsGz = await get(icsUrl, { 'accept-encoding': 'gzip' });
    expect(ics.rawPayload.length).toBeGreaterThan(1024);
    expect(icsGz.headers['content-encoding']).toBe('gzip');
    expect(icsGz.headers['content-type']).toBe(ics.headers['content-type']);
    expect(icsGz.headers['content-disposition']).toBe(ics.headers['content-disposition']);
    // The same calendar, but for DTSTAMP: each answer stamps the second it was made, and the two
    // requests can fall in two seconds (a slow CI run did).
    const unstamped = (text: string) => text.replace(/^DTSTAMP:\d{8}T\d{6}Z\r$/gm, 'DTSTAMP');
    expect(unstamped(gunzipSync(icsGz.rawPayload).toString())).toBe(unstamped(ics.body));
    expect(ics.body).toMatch(/^DTSTAMP:\d{8}T\d{6}Z\r$/m);

    // The account export: a JSON attachment.
    const exported = await get('/api/account/export', { 'accept-encoding': 'br' });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-encoding']).toBe('br');
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename=/);
    expect(JSON.parse(brotliDecompressSync(exported.rawPayload).toString())).toHaveProperty(
      'exportedAt',
    );

    // Server-Sent Events: never compressed, whatever the client accepts.
    const events = await get(`/api/plans/${planId}/content/events`, {
      accept: 'text/event-stream',
      'accept-encoding': 'br, gzip',
    });
    expect(events.statusCode).toBe(200);
    expect(events.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.body).toContain('event: content');
  });
});
