import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config/config.js';
import type { DialectName } from './dialect.js';
import { withStatementCache } from './sqlite-statements.js';
import type { Database } from './types.js';

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL: the schema every query runs in, when one was chosen (`pgSchema`). */
  schema?: string;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** PostgreSQL only: run every query inside this schema (tests isolate themselves this way). */
  pgSchema?: string;
}

/**
 * Opens the database and proves it answers. A failure is a `DatabaseConnectError` naming the
 * database (the SQLite file, or PostgreSQL's host:port/name, never the password) and the cause.
 */
export async function connectDatabase(
  target: DatabaseTarget,
  opts: ConnectOptions = {},
): Promise<Db> {
  try {
    return await (target.kind === 'postgres'
      ? connectPostgres(target.url, opts)
      : openSqlite(target.file));
  } catch (error) {
    throw new DatabaseConnectError(target, error);
  }
}

async function connectPostgres(url: string, opts: ConnectOptions): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
  });
  // An idle connection that PostgreSQL ends (a restart, a failover, an idle timeout) is
  // reported on the pool; unheard, that 'error' would end the process. The pool drops the
  // connection and opens a new one for the next query, and queries that run while PostgreSQL
  // is away fail and answer 503 (platform/database-errors.ts).
  pool.on('error', () => undefined);
  // A connection that ends while a request holds it (between the statements of a transaction)
  // reports on its own client, which the pool does not listen to while it is lent out: heard
  // here, or it too would end the process. The statement waiting on it fails (503) and the pool
  // drops the dead connection when it comes back.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  try {
    // Fail at start-up, not on the first request, when PostgreSQL cannot be reached.
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy().catch(() => {});
    throw error;
  }
  return {
    db,
    dialect: 'postgres',
    ...(opts.pgSchema ? { schema: opts.pgSchema } : {}),
    close: () => db.destroy(),
  };
}

function openSqlite(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  try {
    sqlite.pragma('journal_mode = WAL');
    // better-sqlite3 compiles WAL with synchronous=NORMAL; FULL keeps acknowledged writes
    // through a power cut. Read back and checked, since a silent fallback would lose data.
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // A deleted row's bytes are overwritten with zeros, not left in the page's free space for
    // anyone who reads the file (a deleted account's e-mail and notes; db/erase.ts empties the
    // log after one). Its cost: the pages of a delete are written whole, a few per deletion.
    sqlite.pragma('secure_delete = ON');
    assertPragma(sqlite, 'synchronous', 2);
    assertPragma(sqlite, 'foreign_keys', 1);
    assertPragma(sqlite, 'secure_delete', 1);
    if (file !== ':memory:') assertPragma(sqlite, 'journal_mode', 'wal');
  } catch (error) {
    sqlite.close();
    throw error;
  }
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new CamelCasePlugin()],
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** Which database a target is, for messages and logs: never a password. */
export function describeDatabase(target: DatabaseTarget): string {
  return target.kind === 'sqlite'
    ? `SQLite database ${target.file}`
    : `PostgreSQL database ${postgresLocation(target.url)}`;
}

/** host:port/name of a PostgreSQL URL (libpq's `?host=` socket folder included). */
export function postgresLocation(url: string): string {
  try {
    // libpq allows no host before the path (a socket named by `?host=`); URL does not.
    const u = new URL(url.replace(/^(postgres(?:ql)?:\/\/[^/?#]*@)\//, '$1localhost/'));
    const host = u.searchParams.get('host') || u.hostname || 'localhost';
    const port = u.searchParams.get('port') || u.port || '5432';
    const name =
      decodeURIComponent(u.pathname.replace(/^\//, '')) || decodeURIComponent(u.username);
    return `${host}:${port}/${name}`;
  } catch {
    return '(DATABASE_URL is not a valid URL)';
  }
}

/** The cause of a failure in one line: Node's AggregateError (every address of a host tried) has no message of its own. */
export function describeCause(error: unknown): string {
  if (error instanceof AggregateError && !error.message && error.errors.length > 0)
    return [...new Set(error.errors.map(describeCause))].join('; ');
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return (error.message || code || error.name).replace(/\s*\n\s*/g, ' ');
  }
  return String(error);
}

/** Failures that may pass by waiting: the server not up yet, starting, or full. */
const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  '57P03', // cannot_connect_now: PostgreSQL is starting up or shutting down
  '53300', // too_many_connections
  'SQLITE_BUSY',
]);

function isTransient(error: unknown): boolean {
  if (error instanceof AggregateError) return error.errors.some(isTransient);
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  if (code && TRANSIENT_CODES.has(code)) return true;
  // pg's own words when the server accepted the socket but did not answer in time.
  return /timeout|Connection terminated/i.test(error.message);
}

/** The database could not be opened or reached; says which one and why. */
export class DatabaseConnectError extends Error {
  /** True when trying again later may succeed (refused, timed out, starting up). */
  readonly transient: boolean;
  readonly target: string;
  constructor(target: DatabaseTarget, cause: unknown, suffix = '') {
    const verb = target.kind === 'sqlite' ? 'open' : 'connect to';
    super(`Cannot ${verb} the ${describeDatabase(target)}: ${describeCause(cause)}${suffix}`, {
      cause,
    });
    this.name = 'DatabaseConnectError';
    this.target = describeDatabase(target);
    this.transient = isTransient(cause);
  }
}

export interface RetryOptions {
  /** Stop trying this long after the first try (0: try once). A try in flight may end later. */
  timeoutMs: number;
  /** The first wait; each next one doubles, up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** Told before each wait (for the log). */
  onRetry?: (info: { attempt: number; delayMs: number; error: DatabaseConnectError }) => void;
}

/**
 * `connectDatabase`, tried again with backoff (250 ms doubling up to 5 s) while the failure is
 * transient and `timeoutMs` has not passed: PostgreSQL may start after the app (a reboot, a
 * compose stack). A failure that waiting cannot mend (a wrong password, no such database, a
 * SQLite file that cannot be opened) fails at once.
 */
export async function connectWithRetry(
  target: DatabaseTarget,
  retry: RetryOptions,
  opts: ConnectOptions = {},
): Promise<Db> {
  const started = Date.now();
  let delay = retry.firstDelayMs ?? 250;
  const maxDelay = retry.maxDelayMs ?? 5_000;
  for (let attempt = 1; ; attempt++) {
    try {
      return await connectDatabase(target, opts);
    } catch (error) {
      if (!(error instanceof DatabaseConnectError)) throw error;
      const elapsed = Date.now() - started;
      const left = retry.timeoutMs - elapsed;
      if (!error.transient || left <= 0) {
        if (attempt === 1) throw error;
        const seconds = Math.round(elapsed / 100) / 10;
        throw new DatabaseConnectError(
          target,
          error.cause,
          ` (gave up after ${attempt} tries in ${seconds} s)`,
        );
      }
      const delayMs = Math.min(delay, left);
      retry.onRetry?.({ attempt, delayMs, error });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      delay = Math.min(delay * 2, maxDelay);
    }
  }
}

function assertPragma(sqlite: SQLite.Database, name: string, expected: string | number): void {
  const actual = sqlite.pragma(name, { simple: true });
  if (actual !== expected) {
    throw new Error(`SQLite PRAGMA ${name} is ${String(actual)}, expected ${String(expected)}`);
  }
}

/** True when a trivial query succeeds (the health check). */
export async function isDatabaseUp(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
