import { existsSync } from 'node:fs';
import { loadConfig } from './config/config.js';
import { DB_USAGE, parseDbArgs, runDbCommand } from './db/commands.js';
import { connectWithRetry } from './db/connect.js';
import { secureDataDir } from './platform/data-dir.js';

/**
 * `npm run db -- status | latest | down | backup [PATH] | copy --to URL` (in the Docker image:
 * `node apps/server/dist/db-cli.js ...`): the server's configuration and database, then one
 * command (db/commands.ts). Unlike the server and `npm run admin`, it migrates only when told.
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const command = parseDbArgs(args);
  // Wrong usage and help never open the database.
  if (!command) {
    const help = args.length === 1 && ['--help', '-h', 'help'].includes(args[0] ?? '');
    (help ? process.stdout : process.stderr).write(`${DB_USAGE}\n`);
    return help ? 0 : 2;
  }
  const config = loadConfig();
  secureDataDir(config.dataDir);
  const target = config.database;
  // Opening a SQLite file makes it: only `latest` may start a new database.
  if (target.kind === 'sqlite' && command.name !== 'latest' && !existsSync(target.file))
    throw new Error(`No SQLite database at ${target.file} (set DATA_DIR or DATABASE_URL)`);
  const db = await connectWithRetry(target, {
    timeoutMs: config.databaseConnectTimeoutMs,
    onRetry: ({ error, delayMs }) =>
      process.stderr.write(`${error.message}; trying again in ${delayMs} ms\n`),
  });
  try {
    const progress = (line: string) => process.stderr.write(`${line}\n`);
    process.stdout.write(
      await runDbCommand(command, { db, target, dataDir: config.dataDir, progress }),
    );
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    // One line: a configuration error lists its variables on one line too.
    const message = err instanceof Error ? err.message : String(err);
    console.error(message.replace(/:?\s*\n\s*/g, (m) => (m.startsWith(':') ? ': ' : '; ')));
    process.exitCode = 1;
  },
);
