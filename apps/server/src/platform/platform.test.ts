import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { countRows, createTestApp, type TestApp, TestClient } from '../testing/harness.js';
import { multipart } from '../testing/multipart.js';
import { loadOrCreateSecret } from './secrets.js';

/** An API answer's CSP: nothing loads in it or frames it, should a browser open it as a page. */
const API_CSP = "default-src 'none';frame-ancestors 'none'";

describe('platform', () => {
  let t: TestApp | undefined;
  afterEach(async () => t?.close());

  it('reports the database in the health check', async () => {
    t = await createTestApp('sqlite');
    const r = await t.app.inject({ url: '/api/health' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers unknown API routes with 404 JSON and sends security headers on every status', async () => {
    t = await createTestApp('sqlite');
    const client = new TestClient(t.app);
    const notFound = await client.get('/api/does-not-exist');
    const unauthorized = await client.get('/user/profile');
    const forbidden = await t.app.inject({ method: 'POST', url: '/user/logout' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toMatchObject({ code: 'not_found', message: expect.any(String) });
    expect(unauthorized.statusCode).toBe(401);
    expect(forbidden.statusCode).toBe(403);
    for (const r of [notFound, unauthorized, forbidden]) {
      expect(r.headers['content-security-policy']).toBe(API_CSP);
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.headers['content-type']).toMatch(/application\/json; charset=utf-8/);
    }
  });

  it('takes a form with files only on the routes that read files: elsewhere 415, nothing written', async () => {
    t = await createTestApp('sqlite');
    const client = new TestClient(t.app);
    await client.get('/api/health');
    const form = multipart([
      { name: 'email', content: 'ana@example.com' },
      { name: 'file', filename: 'notes.txt', content: 'hello' },
    ]);
    const r = await client.request({
      method: 'POST',
      url: '/api/authentication/register',
      ...form,
    });
    expect(r.statusCode).toBe(415);
    expect(r.json()).toMatchObject({ code: 'validation_failed', requestId: expect.any(String) });
    expect(await countRows(t.db, 'users')).toBe(0);
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    t = await createTestApp('sqlite');
    const r = await t.app.inject({ url: '/api/docs/json' });
    expect(r.statusCode).toBe(200);
    const doc = r.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/authentication/login',
        '/api/auth/login',
        '/user/profile',
        '/user/profile/update',
      ]),
    );
    expect(doc.paths['/api/authentication/register'].post.requestBody).toBeDefined();
  });

  it('serves index.html for app routes but not for API paths', async () => {
    const web = mkdtempSync(join(tmpdir(), 'web-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>StudyBuddy</title>');
    writeFileSync(join(web, 'assets', 'app-abcdef12.js'), 'console.log(1)');
    t = await createTestApp('sqlite', { WEB_DIST: web });
    for (const url of ['/', '/dashboard', '/study-plan/detail/4', '/emoji']) {
      const r = await t.app.inject({ url });
      expect(r.statusCode, url).toBe(200);
      expect(r.body).toContain('<title>StudyBuddy</title>');
      expect(r.headers['content-security-policy']).toContain("script-src 'self'");
      expect(r.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
    const asset = await t.app.inject({ url: '/assets/app-abcdef12.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['content-security-policy']).toContain("script-src 'self'");
    expect((await t.app.inject({ url: '/api/nothing' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/user/nothing' })).headers['content-type']).toMatch(/json/);
  });

  it('serves the public links from configuration, with defaults', async () => {
    t = await createTestApp('sqlite', {
      SUPPORT_EMAIL: 'help@school.example',
      CODE_URL: 'https://code.school.example/sb',
    });
    const r = await t.app.inject({ url: '/api/site' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      supportEmail: 'help@school.example',
      socialUrl: 'https://mastodon.social/',
      codeUrl: 'https://code.school.example/sb',
      communityUrl: 'https://matrix.to/',
      // No SMTP_URL: a forgotten password goes through the admin.
      passwordResetByEmail: false,
      // No OIDC_ISSUER: passwords are the only way in.
      passwordLogin: true,
      schoolSignIn: null,
    });
    expect(r.headers['cache-control']).toBe('public, max-age=300');
    expect(() => loadConfig({ SUPPORT_EMAIL: 'not an address' })).toThrow(/SUPPORT_EMAIL/);
  });

  it('keeps a generated signing secret under DATA_DIR across restarts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'secret-'));
    const a = loadOrCreateSecret(dir, 'jwt');
    const b = loadOrCreateSecret(dir, 'jwt');
    expect(a).toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'secrets', 'jwt.key'), 'utf8').trim()).toBe(a);
    expect(loadOrCreateSecret(dir, 'jwt', 'from-env-'.repeat(5))).toBe('from-env-'.repeat(5));
  });
});
