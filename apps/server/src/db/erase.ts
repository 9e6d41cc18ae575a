import { type Kysely, sql } from 'kysely';
import { dialectOf } from './dialect.js';

/**
 * Called after rows were deleted for good (an account and all its data): on SQLite, copies the
 * write-ahead log into the database file and empties the log (`wal_checkpoint(TRUNCATE)`).
 * `secure_delete` (connect.ts) makes the pages written by the delete hold zeros where the rows
 * were, but the log still holds earlier copies of those pages, rows and all, until a checkpoint
 * and later writes overwrite them; emptied, the log file holds none. The checkpoint waits for
 * readers of older snapshots (an online backup) up to the busy timeout; resolves false when one
 * still held on, and the earlier copies then stay in the log until a later full checkpoint.
 * PostgreSQL: nothing to do here (docs/security.md, Deleted data).
 */
export async function checkpointAfterErase(
  db: Pick<Kysely<unknown>, 'getExecutor'>,
): Promise<boolean> {
  if (dialectOf(db) !== 'sqlite') return true;
  const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  return rows[0]?.busy === 0;
}
