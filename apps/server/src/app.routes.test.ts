import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  adminEndpoints,
  authEndpoints,
  calendarFeedEndpoints,
  type Endpoint,
  healthEndpoints,
  notificationEndpoints,
  schoolSignInEndpoints,
  siteEndpoints,
  twoFactorEndpoints,
} from '@studybuddy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient } from './testing/harness.js';

/** A built web app to serve, so the routes @fastify/static makes for its files are walked too. */
const WEB_FILES = ['index.html', 'assets/app-abcdef12.js'];

/** Swagger UI's page, files and the document as YAML (platform/openapi.ts). */
const DOCS_READER = [
  '/api/docs',
  '/api/docs/yaml',
  '/api/docs/static/index.html',
  '/api/docs/static/swagger-initializer.js',
  '/api/docs/static/*',
];

/** The routes anyone may call, each with its reason. Every other route must answer 401. */
const PUBLIC: Array<
  { endpoint: Endpoint; why: string } | { get: string; why: string } | { head: string; why: string }
> = [
  { endpoint: healthEndpoints.get, why: 'load balancers and the start script probe it' },
  { endpoint: healthEndpoints.live, why: 'a supervisor (Docker, systemd) probes it' },
  { endpoint: healthEndpoints.ready, why: 'a load balancer probes it before sending traffic' },
  { endpoint: siteEndpoints.get, why: 'the public pages show the contact links before login' },
  { endpoint: authEndpoints.register, why: 'opens an account: there is no token yet' },
  { endpoint: authEndpoints.login, why: 'issues the token' },
  { endpoint: authEndpoints.refresh, why: 'checks the HttpOnly refresh cookie, not a token' },
  {
    endpoint: authEndpoints.passwordReset,
    why: 'a student who forgot the password has no token: answers the same for any address',
  },
  {
    endpoint: authEndpoints.passwordResetConfirm,
    why: 'the reset link’s one-time token (256 random bits) is the credential',
  },
  {
    endpoint: twoFactorEndpoints.login,
    why: 'the second step of a login: the signed challenge of a right password is the credential',
  },
  {
    endpoint: schoolSignInEndpoints.start,
    why: 'school sign-in: sends a browser with no token yet to the school',
  },
  {
    endpoint: schoolSignInEndpoints.callback,
    why: "the school's code, checked against the sign-in's sealed state, nonce and PKCE verifier",
  },
  {
    endpoint: schoolSignInEndpoints.pendingLink,
    why: "the sealed cookie of a school sign-in that matched an account's verified e-mail",
  },
  {
    endpoint: schoolSignInEndpoints.link,
    why: 'that sealed cookie and the account’s own password are the credentials',
  },
  {
    endpoint: calendarFeedEndpoints.feed,
    why: 'calendar apps send no login: the secret address (a 256-bit token) is the credential',
  },
  {
    endpoint: notificationEndpoints.unsubscribe,
    why: 'a mail client posts it (RFC 8058) with no login: the signed link token is the credential',
  },
  { get: '/api/docs/json', why: 'the OpenAPI document: the shape of the API, no data' },
  ...DOCS_READER.map((get) => ({ get, why: 'Swagger UI, the reader of the OpenAPI document' })),
  // Fastify adds the page's HEAD with a trailing slash as a route of its own.
  { head: '/api/docs/', why: 'Swagger UI, the reader of the OpenAPI document' },
  ...WEB_FILES.map((file) => ({ get: `/${file}`, why: 'the web app itself, shown before login' })),
];

/**
 * The routes that hide from everyone but an admin: to an anonymous caller they answer 404, as
 * a path the server does not have (features/admin/admin.routes.ts).
 */
const ADMIN_ONLY: Endpoint[] = [...Object.values(adminEndpoints), twoFactorEndpoints.adminRemove];

const key = (method: string, url: string) => `${method} ${url}`;

/** Every method and URL of these entries; HEAD goes with GET, as Fastify adds it. */
function keysOf(entries: typeof PUBLIC): Set<string> {
  const keys = new Set<string>();
  for (const entry of entries) {
    const [method, urls] =
      'endpoint' in entry
        ? [entry.endpoint.method, [entry.endpoint.path, ...(entry.endpoint.aliases ?? [])]]
        : 'head' in entry
          ? ['HEAD', [entry.head]]
          : ['GET', [entry.get]];
    for (const url of urls) {
      keys.add(key(method, url));
      if (method === 'GET') keys.add(key('HEAD', url));
    }
  }
  return keys;
}

const publicKeys = () => keysOf(PUBLIC);
const adminKeys = () => keysOf(ADMIN_ONLY.map((endpoint) => ({ endpoint, why: 'admins only' })));

/**
 * A URL for a route pattern, each path parameter a well-formed id. Authentication runs before
 * validation, so no parameter, query or body needs to be valid for a refusal to be 401.
 */
const fill = (url: string) => url.replace(/:\w+(\([^)]*\))?/g, '1').replace(/\*$/, 'x');

describe('the routes of the app', () => {
  const routes: { method: string; url: string }[] = [];
  let t: TestApp;
  let web: string;

  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'web-'));
    for (const file of WEB_FILES) {
      mkdirSync(dirname(join(web, file)), { recursive: true });
      writeFileSync(join(web, file), '<!doctype html><title>StudyBuddy</title>');
    }
    t = await createTestApp(
      'sqlite',
      { WEB_DIST: web },
      {
        onRoute: (route) => {
          for (const method of [route.method].flat()) routes.push({ method, url: route.url });
        },
      },
    );
  });
  afterAll(async () => {
    await t?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('answers 401 to an anonymous caller on every route not on the public list, 404 on the admin ones', async () => {
    const open = publicKeys();
    const hidden = adminKeys();
    const client = new TestClient(t.app);
    // A valid CSRF cookie and header go with each request, so CSRF is not what refuses it.
    await client.get('/api/health');
    const walked: string[] = [];
    const answered: string[] = [];
    for (const { method, url } of routes) {
      if (open.has(key(method, url))) continue;
      walked.push(key(method, url));
      const res = await client.request({ method: method as 'GET', url: fill(url) });
      const expected = hidden.has(key(method, url)) ? 404 : 401;
      if (res.statusCode !== expected) answered.push(`${key(method, url)} -> ${res.statusCode}`);
    }
    // The walk saw the app's routes (every feature registers some), not an empty list.
    expect(walked.length).toBeGreaterThan(40);
    expect(answered).toEqual([]);
  });

  it('lists as public or admin-only only routes that exist', () => {
    const registered = new Set(routes.map(({ method, url }) => key(method, url)));
    expect([...publicKeys()].filter((k) => !registered.has(k))).toEqual([]);
    expect([...adminKeys()].filter((k) => !registered.has(k))).toEqual([]);
  });
});
