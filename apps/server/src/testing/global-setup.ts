import { randomBytes } from 'node:crypto';
import { asAdmin } from './scratch-database.js';

/**
 * The server project's run: its PostgreSQL test schemas share a prefix of their own (another
 * run on the same database, say a second checkout, keeps its own), and are dropped when the
 * run ends. Workers reuse their schemas from test to test (testing/test-db.ts).
 */
export default function setup() {
  if (!process.env.TEST_DATABASE_URL) return;
  const prefix = `t_${randomBytes(4).toString('hex')}_`;
  process.env.STUDYBUDDY_TEST_SCHEMAS = prefix;
  return () => dropSchemas(prefix);
}

/** Drops the run's schemas, one at a time (one transaction for all would need many locks). */
function dropSchemas(prefix: string): Promise<void> {
  return asAdmin(async (admin) => {
    const found = await admin.query<{ name: string }>(
      'select nspname as name from pg_namespace where starts_with(nspname, $1)',
      [prefix],
    );
    for (const { name } of found.rows) await admin.query(`drop schema ${name} cascade`);
  });
}
