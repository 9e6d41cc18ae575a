import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XSRF_COOKIE, XSRF_HEADER } from '@studybuddy/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { FileReaders } from '../adapters/files/ingest.js';
import { createParsePool } from '../adapters/files/parse-pool.js';
import { createWorkPool } from '../adapters/work/work-pool.js';
import { type AppDeps, buildApp } from '../app.js';
import { type Config, loadConfig } from '../config/config.js';
import { createFastHasher } from './fast-hasher.js';
import { createTestDb, type DbKind, type TestDb } from './test-db.js';

export { countRows, createTestDb, type DbKind, dbKinds, type TestDb } from './test-db.js';

let sharedReaders: FileReaders | undefined;

/**
 * One work pool and one parser process for every app of a test file: starting threads and
 * processes per test would cost more than the tests. Idle ones never hold the process open.
 */
export function testReaders(): FileReaders {
  sharedReaders ??= {
    work: createWorkPool({ threads: 1 }),
    parse: createParsePool({ size: 1 }),
  };
  return sharedReaders;
}

export interface TestApp {
  app: FastifyInstance;
  db: TestDb;
  config: Config;
  /** Waits until every background job (a plan's content) is done. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A migrated app on a fresh database. Passwords go through a fast scrypt hasher unless
 * `deps.hasher` says otherwise: a test about argon2id or hashing under load passes
 * `createPasswordHasher()`. `opts.sqliteFile`: SQLite in a file of its own, which
 * the config names (`config.database.file`), rather than in memory.
 */
export async function createTestApp(
  kind: DbKind,
  env: Record<string, string> = {},
  deps: TestAppDeps = {},
  opts: { sqliteFile?: boolean } = {},
): Promise<TestApp> {
  if (kind === 'sqlite' && opts.sqliteFile) {
    // A test about what the files hold: the database in a file, which the config names.
    const dir = mkdtempSync(join(tmpdir(), 'studybuddy-db-'));
    const file = join(dir, 'studybuddy.db');
    const db = await createTestDb(kind, file);
    const cleanup = async () => {
      await db.cleanup();
      rmSync(dir, { recursive: true, force: true });
    };
    return createTestAppOn({ ...db, cleanup }, { DATABASE_URL: file, ...env }, deps);
  }
  return createTestAppOn(await createTestDb(kind), env, deps);
}

type TestAppDeps = Pick<
  AppDeps,
  'logStream' | 'hasher' | 'onRoute' | 'jobTimes' | 'redisPrefix' | 'pushSender'
>;

/**
 * The same app on a database the test made (e.g. a SQLite file, or a PostgreSQL database a
 * copy wrote): `db.cleanup()` runs when the app closes.
 */
export async function createTestAppOn(
  db: TestDb,
  env: Record<string, string> = {},
  deps: TestAppDeps = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'studybuddy-test-'));
  // A test of a bad setting expects the throw; the database it was given goes with it.
  const config = await loadTestConfig(dataDir, env, db);
  const app = await buildApp({
    config,
    db,
    readers: testReaders(),
    // Retries after milliseconds rather than seconds, and new jobs are seen at once.
    jobTimes: { pollMs: 50, backoffMs: 20 },
    ...deps,
    hasher: deps.hasher ?? createFastHasher(),
  });
  await app.ready();
  return {
    app,
    db,
    config,
    settle: () => app.jobs.idle(),
    close: async () => {
      await app.close();
      await db.cleanup();
      // A backup the server was finishing as it closed can still be leaving files: Node's own
      // retries on ENOTEMPTY (a slow CI run's scheduled-backups test failed on it once).
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}

async function loadTestConfig(
  dataDir: string,
  env: Record<string, string>,
  db: TestDb,
): Promise<Config> {
  try {
    return loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT_MAX: '1000',
      // Suites make many AI calls per student; a test of the older variable sets that one alone.
      ...(env.AI_CHAT_RATE_LIMIT_MAX ? {} : { AI_RATE_LIMIT_MAX: '1000' }),
      WEB_DIST: join(dataDir, 'no-web'),
      // Tests scan for due reminders themselves (app.reminders.scan()): a timed scan in the
      // middle of a test would make its reminders before the test's own scan counts them.
      REMINDER_SCAN_SECONDS: '3600',
      ...env,
    });
  } catch (error) {
    await db.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** A browser-like client: keeps cookies, echoes the XSRF token, sends the Bearer token. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  accessToken: string | undefined;

  constructor(private readonly app: FastifyInstance) {}

  async request(opts: InjectOptions & { auth?: boolean }): Promise<LightMyRequestResponse> {
    const method = (opts.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && !this.cookies.has(XSRF_COOKIE))
      await this.request({ url: '/api/health' });
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string>) };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    const xsrf = this.cookies.get(XSRF_COOKIE);
    if (method !== 'GET' && xsrf && !(XSRF_HEADER.toLowerCase() in headers)) {
      headers[XSRF_HEADER.toLowerCase()] = xsrf;
    }
    if (opts.auth !== false && this.accessToken && !headers.authorization) {
      headers.authorization = `Bearer ${this.accessToken}`;
    }
    const { auth: _auth, ...rest } = opts;
    const res = await this.app.inject({ ...rest, method: method as 'GET', headers });
    for (const c of res.cookies) {
      if (c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0)) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }

  post(url: string, payload?: unknown) {
    return this.request({
      method: 'POST',
      url,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  }

  async registerAndLogin(overrides: Partial<typeof sampleUser> = {}) {
    const user = { ...sampleUser, ...overrides };
    const reg = await this.post('/api/authentication/register', user);
    if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
    const login = await this.post('/api/authentication/login', {
      email: user.email,
      password: user.password,
    });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
    this.accessToken = login.json().accessToken;
    return { user, id: reg.json().id as number };
  }
}

export const sampleUser = {
  username: 'ana',
  firstName: 'Ana',
  lastName: 'Lee',
  email: 'ana@example.com',
  password: 'correct horse battery',
};

/** A log destination for createTestApp (with LOG_LEVEL=info) that keeps every line, parsed. */
export function captureLog() {
  const lines: Array<Record<string, unknown> & { event?: string; level: number; msg: string }> = [];
  return {
    stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
    lines,
    /** The lines of one event, e.g. `auth.login_failed`. */
    events: (name: string) => lines.filter((l) => l.event === name),
    /** Everything written, for "never logs X" checks. */
    text: () => lines.map((l) => JSON.stringify(l)).join('\n'),
  };
}
