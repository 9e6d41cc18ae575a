import { performance } from 'node:perf_hooks';
import { connectDatabase, DatabaseConnectError, describeDatabase } from './connect.js';
import { migrateToLatest, migrationStatus } from './migrate.js';
import { openPostgresTarget, type PostgresTarget, quoteIdent } from './postgres-target.js';
import { TableChecksum } from './row-checksum.js';
import { openSqliteSource, type SourceTable } from './sqlite-source.js';

/** One table as the copy left it: rows and SHA-256 on each side. */
export interface TableCopy {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceChecksum: string;
  targetChecksum: string;
}

export interface CopyReport {
  /** Migrations run on the target before the copy (none when it had the schema). */
  migrated: string[];
  tables: TableCopy[];
  /** From opening the source to the commit. */
  ms: number;
}

export interface CopyOptions {
  /** The SQLite file to read (the server's, which may keep running). */
  sqliteFile: string;
  /** postgres:// URL of the empty database to write. */
  url: string;
  /** Rows sent in one INSERT at most; fewer when rows are wide or large. */
  batchRows?: number;
  /** Bytes of values (roughly) held in memory for one INSERT or one read-back at most. */
  batchBytes?: number;
  /** Told what is happening, a line at a time (the CLI's stderr). */
  progress?: (line: string) => void;
}

/** The copy was not attempted: the target holds data, or the databases do not fit. */
export class CopyRefusedError extends Error {
  override name = 'CopyRefusedError';
}

/** What was written does not read back as what was read: nothing was kept. */
export class CopyMismatchError extends Error {
  override name = 'CopyMismatchError';
  constructor(readonly tables: TableCopy[]) {
    const bad = tables.filter((t) => !tableMatches(t));
    super(
      `The copy did not read back as the SQLite data and was rolled back, so the PostgreSQL database is still empty: ${bad
        .map((t) =>
          t.sourceRows === t.targetRows
            ? `${t.table} (checksums differ)`
            : `${t.table} (${t.sourceRows} rows read, ${t.targetRows} written)`,
        )
        .join(', ')}`,
    );
  }
}

export const tableMatches = (t: TableCopy) =>
  t.sourceRows === t.targetRows && t.sourceChecksum === t.targetChecksum;

/** PostgreSQL takes at most 65,535 parameters in a statement. */
const MAX_PARAMETERS = 60_000;
const TEXT_TYPES = new Set(['text', 'character varying', 'character']);

/**
 * Copies every table of a SQLite database into an empty PostgreSQL database, all or nothing.
 *
 * The target is migrated first when it lacks this version's schema (a migration is its own
 * transaction, so a failed copy leaves an empty, migrated database). The rows then go in one
 * transaction, table by table in foreign-key order, ids as they were; sequences are set past the
 * largest id; every table is read back and compared with what was read (count and checksum,
 * primary-key order), and any difference rolls it all back. Rows stream in batches bounded by
 * count and size, so a large database never sits in memory whole. The source is read as one
 * snapshot, so a running server's later writes are not in the copy.
 */
export async function copySqliteToPostgres(opts: CopyOptions): Promise<CopyReport> {
  const started = performance.now();
  const progress = opts.progress ?? (() => {});
  const batchBytes = opts.batchBytes ?? 8 * 1024 * 1024;
  const source = openSqliteSource(opts.sqliteFile);
  let target: PostgresTarget | undefined;
  try {
    source.assertCurrentSchema();
    const tables = source.tables();
    const names = new Set(tables.map((t) => t.name));
    target = await openPostgresTarget(opts.url).catch((error: unknown) => {
      throw new DatabaseConnectError({ kind: 'postgres', url: opts.url }, error);
    });
    const where = describeDatabase({ kind: 'postgres', url: opts.url });

    // Refused before anything is written, migrations included.
    const existing = await target.tables();
    const foreign = existing.filter((t) => !names.has(t));
    if (foreign.length > 0)
      throw new CopyRefusedError(
        `The ${where} holds tables StudyBuddy does not make (${foreign.join(', ')}): copy into an empty database`,
      );
    await assertEmpty(target, existing, where);
    const migrated = await migrateTarget(opts.url, where);
    for (const name of migrated) progress(`migrated: ${name}`);
    const made = await target.tables();
    const missing = tables.filter((t) => !made.includes(t.name)).map((t) => t.name);
    if (missing.length > 0 || made.length !== names.size)
      throw new CopyRefusedError(
        `The ${where} does not have the SQLite database's tables after migrating (${missing.join(', ') || made.filter((t) => !names.has(t)).join(', ')})`,
      );

    const client = target.client;
    await client.query('begin');
    try {
      // Writers wait until the commit; readers see nothing until then.
      await client.query(
        `lock table ${tables.map((t) => quoteIdent(t.name)).join(', ')} in exclusive mode`,
      );
      await assertEmpty(target, made, where);
      // The app's triggers (plan versions) would write rows of their own for each copied one;
      // the rows they keep are copied as they are. Foreign keys are still checked.
      const triggered = await target.tablesWithTriggers();
      const withTriggers = tables.filter((t) => triggered.has(t.name));
      for (const t of withTriggers)
        await client.query(`alter table ${quoteIdent(t.name)} disable trigger user`);

      source.beginSnapshot();
      const read = new Map<string, TableChecksum>();
      for (const table of tables) {
        const types = await target.columns(table.name);
        const absent = table.columns.filter((c) => !types.has(c));
        if (absent.length > 0)
          throw new CopyRefusedError(
            `The ${where} has no column ${absent.map((c) => `${table.name}.${c}`).join(', ')}`,
          );
        try {
          read.set(
            table.name,
            await copyTable(target, table, source.rows(table), opts, batchBytes),
          );
        } catch (error) {
          const why = error instanceof Error ? error.message : String(error);
          throw new Error(
            `Copying ${table.name} failed, so nothing was kept (the PostgreSQL database is still empty): ${why}`,
            { cause: error },
          );
        }
        progress(`copied ${table.name}: ${read.get(table.name)?.rows ?? 0} rows`);
      }

      for (const t of withTriggers)
        await client.query(`alter table ${quoteIdent(t.name)} enable trigger user`);
      await resetSequences(target);

      const report: TableCopy[] = [];
      for (const table of tables) {
        const sum = read.get(table.name) as TableChecksum;
        const back = await readBack(target, table, batchBytes);
        report.push({
          table: table.name,
          sourceRows: sum.rows,
          targetRows: back.rows,
          sourceChecksum: sum.digest(),
          targetChecksum: back.digest(),
        });
      }
      if (!report.every(tableMatches)) throw new CopyMismatchError(report);
      await client.query('commit');
      return { migrated, tables: report, ms: performance.now() - started };
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    }
  } finally {
    source.close();
    await target?.close().catch(() => {});
  }
}

async function assertEmpty(target: PostgresTarget, tables: string[], where: string) {
  const full = await target.rowCounts(tables);
  if (full.length === 0) return;
  const list = full.map((f) => `${f.table} (${f.rows})`).join(', ');
  throw new CopyRefusedError(
    `The ${where} is not empty: ${list}. Copy only into an empty database; nothing was changed`,
  );
}

/** Runs this version's migrations on the target, as the server would at start-up. */
async function migrateTarget(url: string, where: string): Promise<string[]> {
  const db = await connectDatabase({ kind: 'postgres', url });
  try {
    const { unknown } = await migrationStatus(db);
    if (unknown.length > 0)
      throw new CopyRefusedError(
        `The ${where} was migrated by a newer version (${unknown.join(', ')}): copy with that version`,
      );
    return await migrateToLatest(db.db);
  } finally {
    await db.close();
  }
}

/** Rough bytes of a row's values: what a batch holds in memory. */
function rowBytes(row: readonly unknown[]): number {
  let n = 0;
  for (const v of row)
    n += typeof v === 'string' ? v.length : v instanceof Uint8Array ? v.length : 8;
  return n;
}

/** Inserts the rows in batches; gives the checksum of what it read. */
async function copyTable(
  target: PostgresTarget,
  table: SourceTable,
  rows: Iterable<unknown[]>,
  opts: CopyOptions,
  batchBytes: number,
): Promise<TableChecksum> {
  const sum = new TableChecksum();
  const maxRows = Math.max(
    1,
    Math.min(opts.batchRows ?? 1_000, Math.floor(MAX_PARAMETERS / table.columns.length)),
  );
  const head = `insert into ${quoteIdent(table.name)} (${table.columns.map(quoteIdent).join(', ')}) values `;
  const width = table.columns.length;
  const statements = new Map<number, string>();
  const statement = (count: number) => {
    let text = statements.get(count);
    if (!text) {
      const tuples: string[] = [];
      for (let r = 0; r < count; r++)
        tuples.push(`(${table.columns.map((_, c) => `$${r * width + c + 1}`).join(', ')})`);
      text = head + tuples.join(', ');
      statements.set(count, text);
    }
    return text;
  };
  let batch: unknown[][] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await target.client.query(statement(batch.length), batch.flat());
    batch = [];
    bytes = 0;
  };
  for (const row of rows) {
    sum.add(row);
    batch.push(row);
    bytes += rowBytes(row);
    if (batch.length >= maxRows || bytes >= batchBytes) await flush();
  }
  await flush();
  return sum;
}

/** Each serial id's sequence continues after the largest copied id (1 for an empty table). */
async function resetSequences(target: PostgresTarget): Promise<void> {
  for (const { table, column } of await target.serialColumns()) {
    const qualified = `${quoteIdent(target.schema)}.${quoteIdent(table)}`;
    await target.client.query(
      `select setval(pg_get_serial_sequence($1, $2), coalesce(max(${quoteIdent(column)}), 0) + 1, false)
         from ${quoteIdent(table)}`,
      [qualified, column],
    );
  }
}

/**
 * The table as PostgreSQL now holds it, in the order SQLite read it: text keys compared byte by
 * byte (collation "C", as SQLite's BINARY), read through a cursor a size-bounded batch at a time.
 */
async function readBack(
  target: PostgresTarget,
  table: SourceTable,
  batchBytes: number,
): Promise<TableChecksum> {
  const types = await target.columns(table.name);
  const order = table.orderBy
    .map((c) => `${quoteIdent(c)}${TEXT_TYPES.has(types.get(c) ?? '') ? ' collate "C"' : ''}`)
    .join(', ');
  const cols = table.columns.map(quoteIdent).join(', ');
  const sum = new TableChecksum();
  await target.client.query(
    `declare copy_read_back no scroll cursor for select ${cols} from ${quoteIdent(table.name)} order by ${order}`,
  );
  let count = 500;
  for (;;) {
    const r = await target.client.query<unknown[]>({
      text: `fetch forward ${count} from copy_read_back`,
      rowMode: 'array',
    });
    let bytes = 0;
    for (const row of r.rows) {
      sum.add(row);
      bytes += rowBytes(row);
    }
    if (r.rows.length < count) break;
    // Fewer rows next time when these were large, more when small.
    count = Math.max(1, Math.min(5_000, Math.floor((count * batchBytes) / Math.max(bytes, 1))));
  }
  await target.client.query('close copy_read_back');
  return sum;
}
