import { resolve } from 'node:path';
import type { DatabaseTarget } from '../config/config.js';
import { listAppTables } from './app-tables.js';
import { backupBeforeSchemaChange, newBackupPath, withBackup, writeBackup } from './backup.js';
import { checkBackup } from './backup-check.js';
import { type Db, describeDatabase } from './connect.js';
import { type CopyReport, copySqliteToPostgres } from './copy-to-postgres.js';
import { migrateDown, migrateToLatest, migrationStatus } from './migrate.js';

export const DB_USAGE = `Usage: npm run db -- <command>
  status         list every migration: when it ran, or pending
  latest         run the pending migrations (SQLite: after a backup into DATA_DIR/backups)
  down           revert the last migration (SQLite: after a backup into DATA_DIR/backups)
  backup [PATH]  write a backup (default: DATA_DIR/backups/studybuddy-<UTC time>.sqlite,
                 or .dump from pg_dump on PostgreSQL), then check that it opens whole
  copy --to URL  copy every row of the SQLite database into the empty PostgreSQL database at
                 URL (postgres://user@host:5432/name; PGPASSWORD keeps the password out of ps)
Stop the server before latest and down, and before the copy that moves a school.`;

export type DbCommand =
  | { name: 'status' }
  | { name: 'latest' }
  | { name: 'down' }
  | { name: 'backup'; path?: string }
  | { name: 'copy'; to: string };

const POSTGRES_URL = /^postgres(ql)?:\/\/./;

/** The command in `args`, or undefined when they are not one (usage, exit 2). */
export function parseDbArgs(args: readonly string[]): DbCommand | undefined {
  const [name, ...rest] = args;
  if ((name === 'status' || name === 'latest' || name === 'down') && rest.length === 0)
    return { name };
  if (name === 'backup' && rest.length <= 1) {
    const path = rest[0];
    if (path === undefined) return { name };
    return path === '' || path.startsWith('-') ? undefined : { name, path };
  }
  if (name === 'copy') {
    let to: string | undefined;
    if (rest.length === 2 && rest[0] === '--to') to = rest[1];
    else if (rest.length === 1 && rest[0]?.startsWith('--to=')) to = rest[0].slice('--to='.length);
    return to && POSTGRES_URL.test(to) ? { name, to } : undefined;
  }
  return undefined;
}

export interface DbCommandContext {
  db: Db;
  target: DatabaseTarget;
  dataDir: string;
  now?: () => Date;
  /** Lines to show while a long command runs (the CLI's stderr). */
  progress?: (line: string) => void;
}

/** Runs one command; gives what to print. Throws on failure (one line, exit 1). */
export async function runDbCommand(command: DbCommand, ctx: DbCommandContext): Promise<string> {
  const { db, target, dataDir } = ctx;
  const now = ctx.now ?? (() => new Date());
  const lines: string[] = [];
  switch (command.name) {
    case 'status': {
      const { migrations, unknown } = await migrationStatus(db);
      const width = Math.max(...migrations.map((m) => m.name.length));
      for (const m of migrations)
        lines.push(`${m.name.padEnd(width)}  ${m.executedAt?.toISOString() ?? 'pending'}`);
      for (const name of unknown)
        lines.push(`${name.padEnd(width)}  executed, unknown to this version`);
      const pending = migrations.filter((m) => !m.executedAt).length;
      lines.push(
        `${describeDatabase(target)}: ${migrations.length - pending} executed, ${pending} pending` +
          (unknown.length > 0 ? `, ${unknown.length} from a newer version` : ''),
      );
      break;
    }
    case 'latest': {
      const backup = await backupBeforeSchemaChange(db, target, dataDir, 'up', now());
      if (backup) lines.push(`backup: ${backup.file}`);
      let ran: string[];
      try {
        ran = await migrateToLatest(db.db, db.schema);
      } catch (error) {
        throw withBackup(error, backup?.file);
      }
      for (const name of ran) lines.push(`migrated: ${name}`);
      if (ran.length === 0) lines.push(`${describeDatabase(target)} is up to date`);
      break;
    }
    case 'down': {
      const backup = await backupBeforeSchemaChange(db, target, dataDir, 'down', now());
      if (backup) lines.push(`backup: ${backup.file}`);
      let reverted: string | undefined;
      try {
        reverted = await migrateDown(db.db, db.schema);
      } catch (error) {
        throw withBackup(error, backup?.file);
      }
      lines.push(reverted ? `reverted: ${reverted}` : 'nothing to revert: no migration has run');
      break;
    }
    case 'backup': {
      const dest = command.path ? resolve(command.path) : newBackupPath(target, dataDir, now());
      const result = await writeBackup(target, dest, db.schema ? { schema: db.schema } : {});
      lines.push(`backup: ${result.file} (${formatBytes(result.bytes)})`);
      // Opened as a restore would open it; a backup that does not pass is kept, but it fails.
      const check = await checkBackup(target.kind, result.file, await listAppTables(db));
      if (!check.ok)
        throw new Error(`The backup ${result.file} did not pass its check: ${check.result}`);
      lines.push(`check: ok (${CHECKED_BY[target.kind]})`);
      break;
    }
    case 'copy': {
      if (target.kind !== 'sqlite')
        throw new Error(
          `copy reads a SQLite database, and the configured one is the ${describeDatabase(target)}`,
        );
      const report = await copySqliteToPostgres({
        sqliteFile: target.file,
        url: command.to,
        ...(ctx.progress ? { progress: ctx.progress } : {}),
      });
      lines.push(
        ...copyReportLines(report, describeDatabase({ kind: 'postgres', url: command.to })),
      );
      break;
    }
  }
  return `${lines.join('\n')}\n`;
}

/** How a backup of each database was checked, for the command's output. */
export const CHECKED_BY = {
  sqlite: 'integrity_check, every table present',
  postgres: 'pg_restore lists every table and reads the archive',
} as const;

/** Each table's rows and checksum on both sides, then the total. */
export function copyReportLines(report: CopyReport, where: string): string[] {
  const width = Math.max(5, ...report.tables.map((t) => t.table.length));
  const lines = report.migrated.length
    ? [`migrated the ${where} first: ${report.migrated.length} migrations`]
    : [];
  lines.push(
    `${'table'.padEnd(width)}  ${'SQLite rows'.padStart(11)}  ${'PostgreSQL rows'.padStart(15)}  checksum (SHA-256, SQLite = PostgreSQL)`,
  );
  for (const t of report.tables) {
    const same = t.sourceChecksum === t.targetChecksum;
    lines.push(
      `${t.table.padEnd(width)}  ${String(t.sourceRows).padStart(11)}  ${String(t.targetRows).padStart(15)}  ${t.sourceChecksum.slice(0, 16)} ${same ? '=' : '≠'} ${t.targetChecksum.slice(0, 16)}`,
    );
  }
  const rows = report.tables.reduce((n, t) => n + t.sourceRows, 0);
  lines.push(
    `copied ${report.tables.length} tables, ${rows} rows into the ${where} in ${(report.ms / 1000).toFixed(1)} s: every count and checksum matches`,
  );
  return lines;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
