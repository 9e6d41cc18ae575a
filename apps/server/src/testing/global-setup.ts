import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The server project's run: its PostgreSQL test schemas share a prefix of their own (another
 * run on the same database, say a second checkout, keeps its own), and are dropped when the
 * run ends. Workers reuse their schemas from test to test (testing/test-db.ts).
 */
export default function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const prefix = `t_${randomBytes(4).toString('hex')}_`;
  process.env.STUDYBUDDY_TEST_SCHEMAS = prefix;
  return () => dropSchemas(url, prefix);
}

/** Drops the run's schemas, a few at a time (one transaction for all would need many locks). */
async function dropSchemas(url: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const found = await client.query<{ name: string }>(
      'select nspname as name from pg_namespace where starts_with(nspname, $1)',
      [prefix],
    );
    for (const { name } of found.rows) await client.query(`drop schema ${name} cascade`);
  } finally {
    await client.end();
  }
}
