import { readFileSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/harness.js';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

describe('the OpenAPI document and its reader', () => {
  let t: TestApp;
  // biome-ignore lint/suspicious/noExplicitAny: the document as JSON
  let doc: any;
  let body: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const r = await t.app.inject({ url: '/api/docs/json' });
    expect(r.statusCode).toBe(200);
    body = r.body;
    doc = r.json();
  });
  afterAll(async () => t?.close());

  /** Every operation of the document with its path and method. */
  // biome-ignore lint/suspicious/noExplicitAny: the document as JSON
  const operations = (): Array<{ path: string; method: string; op: any }> =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((m) => (item as Record<string, unknown>)[m]).map((method) => ({
        path,
        method,
        op: (item as Record<string, unknown>)[method],
      })),
    );

  it('has no error under Redocly’s recommended rules', async () => {
    const problems = await lintFromString({
      source: body,
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    const lines = problems.map(
      (p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`,
    );
    expect(lines.filter((l) => l.startsWith('error'))).toEqual([]);
    // No warning either: a new one shows here with its place in the document.
    expect(lines).toEqual([]);
  });

  it('is OpenAPI 3.1 with the server’s version, ids from the contracts and the error body', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.version).toBe(pkg.version);
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/authentication/login'].post.operationId).toBe('authLogin');
    expect(doc.paths['/api/auth/login'].post.operationId).toBe('authLoginAlias');
    expect(doc.components.schemas.Error.properties.requestId).toBeDefined();
    expect(body).not.toContain('"nullable"');
    for (const { path, method, op } of operations()) {
      for (const status of ['400', '500']) {
        expect(op.responses[status], `${method} ${path} ${status}`).toBeDefined();
      }
    }
  });

  it('says who may call each route', () => {
    const { securitySchemes } = doc.components;
    expect(securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(securitySchemes.xsrf).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-XSRF-TOKEN',
    });
    const p = doc.paths;
    expect(p['/api/health'].get.security).toEqual([]);
    expect(p['/api/authentication/login'].post.security).toEqual([{ xsrf: [] }]);
    expect(p['/api/reminders/unsubscribe'].post.security).toEqual([]);
    expect(p['/user/profile'].get.security).toEqual([{ bearer: [] }]);
    expect(p['/user/profile/update'].post.security).toEqual([{ bearer: [], xsrf: [] }]);
    expect(p['/user/profile'].get.responses['401']).toBeDefined();
  });

  it('describes the uploads as multipart/form-data', () => {
    const deepDive = doc.paths['/topics/{id}/generate-checklist'].post.requestBody;
    expect(deepDive.content['multipart/form-data'].schema.properties.files.items.format).toBe(
      'binary',
    );
    const wizard = doc.paths['/api/ai/ProcessStudyMaterials'].post.requestBody;
    expect(Object.keys(wizard.content)).toEqual(['multipart/form-data']);
    expect(wizard.description).toContain('20 MB');
    const calendar = doc.paths['/api/calendars'].post.requestBody;
    expect(calendar.content['multipart/form-data'].schema.required).toEqual(['file']);
    expect(calendar.description).toContain('5 MB');
  });

  it('keeps a copy of itself for review', async () => {
    await expect(`${JSON.stringify(doc, null, 2)}\n`).toMatchFileSnapshot(
      './__snapshots__/openapi.json',
    );
  });

  it('serves Swagger UI from its own files under the app’s CSP', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe');
    // No inline script or style for the CSP to refuse: every script and sheet is a file here.
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(page.body).not.toMatch(/<style|\sstyle=/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);
    expect(assets.length).toBeGreaterThan(4);
    for (const asset of assets) {
      expect(asset, 'a file of this server').toMatch(/^\/api\/docs\/static\//);
      const r = await t.app.inject({ url: asset, headers: { 'accept-encoding': 'gzip' } });
      expect(r.statusCode, asset).toBe(200);
      const type = asset.endsWith('.js')
        ? /^application\/javascript/
        : asset.endsWith('.css')
          ? /^text\/css/
          : /^image\//;
      expect(r.headers['content-type'], asset).toMatch(type);
      expect(r.headers['content-security-policy'], asset).toBe(csp);
    }
    const init = await t.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(init.body).toContain("resolveUrl('./json')");
    // The trailing-slash form of the page and an unknown file under it: never the SPA.
    expect((await t.app.inject({ url: '/api/docs/' })).statusCode).toBe(200);
    const missing = await t.app.inject({ url: '/api/docs/static/nothing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/json/);
  });
});
