import { DEFAULT_MIGRATION_LOCK_TABLE, DEFAULT_MIGRATION_TABLE } from 'kysely';
import pg from 'pg';

/** The migrations' own bookkeeping, never counted as the app's rows. */
const BOOKKEEPING = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * One connection to the PostgreSQL database a copy writes into. 64-bit integers are read as
 * bigints (pg's default is text), so the checksum sees the number the SQLite file held.
 */
export async function openPostgresTarget(url: string) {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: 5_000,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === pg.types.builtins.INT8
          ? (v: string) => BigInt(v)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // A connection that PostgreSQL ends is reported here as well as on the query that waits.
  client.on('error', () => undefined);
  await client.connect();

  const schemaRow = await client.query<{ s: string }>('select current_schema() as s');
  const schema = schemaRow.rows[0]?.s;
  if (!schema) {
    await client.end();
    throw new Error('the PostgreSQL role has no schema to write in (search_path)');
  }

  return {
    client,
    schema,
    /** The tables of the schema, bookkeeping left out. */
    async tables(): Promise<string[]> {
      const r = await client.query<{ name: string }>(
        `select table_name as name from information_schema.tables
          where table_schema = $1 and table_type = 'BASE TABLE' order by table_name`,
        [schema],
      );
      return r.rows.map((row) => row.name).filter((name) => !BOOKKEEPING.has(name));
    },

    /** Each column of a table with its type name (`integer`, `text`, `double precision`...). */
    async columns(table: string): Promise<Map<string, string>> {
      const r = await client.query<{ name: string; type: string }>(
        `select column_name as name, data_type as type from information_schema.columns
          where table_schema = $1 and table_name = $2`,
        [schema, table],
      );
      return new Map(r.rows.map((row) => [row.name, row.type]));
    },

    /** Tables that hold rows, with their counts. */
    async rowCounts(tables: readonly string[]): Promise<{ table: string; rows: number }[]> {
      const out: { table: string; rows: number }[] = [];
      for (const table of tables) {
        const r = await client.query<{ n: bigint }>(
          `select count(*) as n from ${quoteIdent(table)}`,
        );
        const rows = Number(r.rows[0]?.n ?? 0);
        if (rows > 0) out.push({ table, rows });
      }
      return out;
    },

    /** Tables with triggers of their own (not the internal ones that check foreign keys). */
    async tablesWithTriggers(): Promise<Set<string>> {
      const r = await client.query<{ name: string }>(
        `select distinct c.relname as name from pg_trigger t
           join pg_class c on c.oid = t.tgrelid
           join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = $1 and not t.tgisinternal`,
        [schema],
      );
      return new Set(r.rows.map((row) => row.name));
    },

    /** Columns numbered by a sequence (serial ids): `table.column` pairs. */
    async serialColumns(): Promise<{ table: string; column: string }[]> {
      const r = await client.query<{ table: string; column: string }>(
        `select table_name as table, column_name as column from information_schema.columns
          where table_schema = $1 and column_default like 'nextval(%'
          order by table_name, column_name`,
        [schema],
      );
      return r.rows;
    },

    close: () => client.end(),
  };
}
export type PostgresTarget = Awaited<ReturnType<typeof openPostgresTarget>>;
