import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { DatabaseTarget } from '../config/config.js';
import { type Db, describeCause, describeDatabase } from './connect.js';
import { migrationStatus } from './migrate.js';

/** Automatic backups (before migrating) kept in DATA_DIR/backups; older ones are removed. */
export const AUTOMATIC_BACKUPS_KEPT = 5;

/** An automatic backup's name: `studybuddy-<UTC time>-before-<what ran next>.sqlite`. */
const AUTOMATIC = /^studybuddy-\d{8}T\d{6}Z-before-.+\.sqlite$/;

/** The label of a scheduled backup's name: `studybuddy-<the run's UTC time>-scheduled.sqlite`. */
export const SCHEDULED_LABEL = 'scheduled';
const SCHEDULED = /^studybuddy-\d{8}T\d{6}Z-scheduled(-\d+)?\.(sqlite|dump)$/;

export interface BackupResult {
  file: string;
  bytes: number;
}

export const backupsDir = (dataDir: string) => join(dataDir, 'backups');

/** `20261125T165555Z`: UTC, sortable, no characters a file system dislikes. */
export function backupTimestamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/**
 * A new file name in DATA_DIR/backups: `studybuddy-<UTC time>[-<label>].sqlite` (SQLite) or
 * `.dump` (PostgreSQL, pg_dump's custom format); `-2`, `-3`... when the second is taken.
 */
export function newBackupPath(
  target: DatabaseTarget,
  dataDir: string,
  now = new Date(),
  label?: string,
): string {
  const ext = target.kind === 'sqlite' ? '.sqlite' : '.dump';
  const base = join(
    backupsDir(dataDir),
    `studybuddy-${backupTimestamp(now)}${label ? `-${label}` : ''}`,
  );
  let path = `${base}${ext}`;
  for (let n = 2; existsSync(path); n++) path = `${base}-${n}${ext}`;
  return path;
}

/**
 * Writes a backup of the database to `dest` while it is in use: SQLite through its online
 * backup API (a consistent copy, writers carry on), PostgreSQL through `pg_dump
 * --format=custom` (`schema`: that schema only). The file appears only when complete (written
 * beside it, then renamed), private to the server's user; an existing file is never replaced.
 */
export async function writeBackup(
  target: DatabaseTarget,
  dest: string,
  opts: { schema?: string } = {},
): Promise<BackupResult> {
  if (existsSync(dest)) throw new Error(`${dest} already exists; name a new file`);
  mkdirSync(dirname(dest), { recursive: true, mode: 0o700 });
  const partial = join(dirname(dest), `.${basename(dest)}.partial`);
  rmSync(partial, { force: true });
  try {
    if (target.kind === 'sqlite') await sqliteBackup(target.file, partial);
    else await pgDump(target.url, partial, opts.schema);
    chmodSync(partial, 0o600);
    renameSync(partial, dest);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return { file: dest, bytes: statSync(dest).size };
}

async function sqliteBackup(file: string, dest: string): Promise<void> {
  if (file === ':memory:') throw new Error('an in-memory SQLite database cannot be backed up');
  // A connection of its own: the backup reads pages between the server's writes.
  const source = new SQLite(file, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(dest);
  } finally {
    source.close();
  }
  // The copy says WAL like its source, so whatever opened it (the check, a restore, the sqlite3
  // shell) would make -wal and -shm files beside it. One file is the backup; the server sets
  // WAL again when it opens a restored copy.
  const copy = new SQLite(dest, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/**
 * pg_dump with the URL's password in PGPASSWORD, not on the command line, where every user
 * of the machine could read it (`ps`).
 */
async function pgDump(url: string, dest: string, schema?: string): Promise<void> {
  const { url: bare, env } = postgresCommandLine(url);
  const args = ['--format=custom', `--file=${dest}`, ...(schema ? [`--schema=${schema}`] : [])];
  await runTool('pg_dump', [...args, `--dbname=${bare}`], env);
}

/** The URL without its password, and the environment that carries it instead. */
export function postgresCommandLine(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.password) {
    env.PGPASSWORD = decodeURIComponent(u.password);
    u.password = '';
  }
  return { url: u.toString(), env };
}

/**
 * Runs a PostgreSQL client tool; gives what it printed (pg_restore's listing), or fails with
 * its last line of complaint.
 */
export function runTool(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4_000);
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${cmd} was not found: install the PostgreSQL client tools (the server's major version or newer)`,
            )
          : error,
      ),
    );
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(stdout);
      const lines = stderr.trim().split('\n').filter(Boolean);
      const why = lines.at(-1) ?? (signal ? `killed by ${signal}` : `exit code ${code}`);
      reject(new Error(`${cmd} failed: ${why}`));
    });
  });
}

/** Removes automatic backups past the newest `keep`; gives the removed files. */
export function pruneAutomaticBackups(dataDir: string, keep = AUTOMATIC_BACKUPS_KEPT): string[] {
  return pruneBackups(dataDir, AUTOMATIC, keep);
}

/** Removes scheduled backups (BACKUP_SCHEDULE) past the newest `keep`; gives the removed files. */
export function pruneScheduledBackups(dataDir: string, keep: number): string[] {
  return pruneBackups(dataDir, SCHEDULED, keep);
}

function pruneBackups(dataDir: string, pattern: RegExp, keep: number): string[] {
  const dir = backupsDir(dataDir);
  if (!existsSync(dir)) return [];
  // Names begin with the UTC time, so the name's order is the age's.
  const matching = readdirSync(dir)
    .filter((name) => pattern.test(name))
    .sort()
    .reverse();
  const removed = matching.slice(keep).map((name) => join(dir, name));
  for (const file of removed) rmSync(file, { force: true });
  return removed;
}

export interface AutomaticBackup extends BackupResult {
  /** Older automatic backups removed to keep AUTOMATIC_BACKUPS_KEPT. */
  pruned: string[];
}

/**
 * On SQLite, an online backup before a schema change, into DATA_DIR/backups: before pending
 * migrations run (`direction: 'up'`) when the database already has a schema (a new, empty
 * database has nothing to lose), or before the last one is reverted (`'down'`). Keeps the
 * newest AUTOMATIC_BACKUPS_KEPT automatic backups. Undefined when none was needed, and always on
 * PostgreSQL, whose backups are the operator's (`npm run db -- backup`, pg_dump).
 */
export async function backupBeforeSchemaChange(
  db: Db,
  target: DatabaseTarget,
  dataDir: string,
  direction: 'up' | 'down' = 'up',
  now = new Date(),
): Promise<AutomaticBackup | undefined> {
  if (target.kind !== 'sqlite' || db.dialect !== 'sqlite' || target.file === ':memory:')
    return undefined;
  const { migrations } = await migrationStatus(db);
  const executed = migrations.filter((m) => m.executedAt);
  const last = executed.at(-1);
  if (!last) return undefined;
  const next =
    direction === 'up' ? migrations.find((m) => !m.executedAt)?.name : `down-${last.name}`;
  if (!next) return undefined;
  const file = newBackupPath(target, dataDir, now, `before-${next}`);
  let result: BackupResult;
  try {
    result = await writeBackup(target, file);
  } catch (error) {
    // No schema change without its backup: the database is left as it is.
    throw new Error(
      `Cannot back up the ${describeDatabase(target)} to ${file} before changing its schema: ${describeCause(error)}`,
      { cause: error },
    );
  }
  return { ...result, pruned: pruneAutomaticBackups(dataDir) };
}

/** A failed schema change names the backup taken just before it. */
export function withBackup(error: unknown, file: string | undefined): unknown {
  if (!file || !(error instanceof Error)) return error;
  return new Error(`${error.message}; the backup taken before it is ${file}`, { cause: error });
}
