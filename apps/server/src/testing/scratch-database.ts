import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  /** The URL of the new database (the test server's, with another name). */
  url: string;
  name: string;
  /** Drops it, ending whatever connection is still open to it. */
  drop(): Promise<void>;
}

/** Runs `run` on a connection of its own to TEST_DATABASE_URL's database, closed after. */
export async function asAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: process.env.TEST_DATABASE_URL as string,
    connectionTimeoutMillis: 5_000,
  });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty PostgreSQL database beside TEST_DATABASE_URL's, with a unique name: for what
 * needs a whole database rather than a schema (a copy into an empty database, a restore).
 */
export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await asAdmin((c) => c.query(`create database ${name}`));
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      asAdmin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}
