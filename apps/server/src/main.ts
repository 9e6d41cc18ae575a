import { hostname } from 'node:os';
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { buildApp } from './app.js';
import { type Config, loadConfig, plainHttpCookieWarning } from './config/config.js';
import { backupBeforeSchemaChange, withBackup } from './db/backup.js';
import { connectWithRetry, describeDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { secureDataDir } from './platform/data-dir.js';
import { closeDraining } from './platform/graceful-close.js';

/** From a signal to exit: under the 10 s `docker stop` waits between SIGTERM and SIGKILL. */
const CLOSE_DEADLINE_MS = 8_000;
/** What requests in flight get of it; the rest is for the jobs, the pools and the database. */
const DRAIN_MS = 5_000;

/** Process entry: config, database, migrations, app, listen, graceful close on signals. */
async function main(): Promise<void> {
  const config = loadConfig();
  const removedUploads = secureDataDir(config.dataDir);
  const log = earlyLogger(config);
  const db = await connectWithRetry(config.database, {
    timeoutMs: config.databaseConnectTimeoutMs,
    onRetry: ({ attempt, delayMs, error }) =>
      log('warn', { event: 'db.connect_retry', attempt, delayMs }, error.message),
  });
  // A copy of the database as it was, before this version changes its schema (SQLite).
  const backup = await backupBeforeSchemaChange(db, config.database, config.dataDir);
  if (backup)
    log(
      'info',
      { event: 'db.backup', file: backup.file, bytes: backup.bytes, pruned: backup.pruned },
      `backed up the ${describeDatabase(config.database)} before migrating`,
    );
  try {
    await migrateToLatest(db.db);
  } catch (error) {
    throw withBackup(error, backup?.file);
  }
  const app = await buildApp({ config, db });
  if (removedUploads)
    app.log.info(
      { event: 'data.uploads_removed' },
      'removed DATA_DIR/uploads: originals are not kept',
    );
  if (!config.webDist)
    app.log.warn('The web app is not built (apps/web/dist); serving the API only.');
  const cookieWarning = plainHttpCookieWarning(config);
  if (cookieWarning) app.log.warn({ event: 'config.cookie_insecure' }, cookieWarning);
  // On a signal (or an uncaught error): stop accepting, drain, close, exit 0 (1 after an error
  // or past the deadline). A second signal exits at once.
  closeWithGrace(
    {
      delay: CLOSE_DEADLINE_MS,
      // SIGUSR2 is not a stop: tools send it for their own ends (the browser tests' clock
      // reloads its offset on it), and close-with-grace would otherwise close the server.
      skip: ['SIGUSR2'],
      logger: { error: (msg: unknown) => app.log.error(msg) },
      onSecondSignal: (signal) =>
        app.log.warn({ event: 'server.shutdown', signal }, 'second signal: exiting at once'),
      onTimeout: (delay) =>
        app.log.error({ event: 'server.shutdown', delay }, 'shutdown took too long: exiting'),
    },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'uncaught error: shutting down');
      else app.log.info({ event: 'server.shutdown', signal }, 'shutting down');
      await closeDraining(app, { drainMs: DRAIN_MS });
      await db.close();
    },
  );
  await app.listen({ host: config.host, port: config.port });
}

/** pino's level numbers, for the lines written before the app's logger exists. */
const LEVELS = pino.levels.values;

/**
 * Log lines before the app (and its logger) exists: the same JSON lines as pino's, on stdout,
 * at LOG_LEVEL.
 */
function earlyLogger(config: Pick<Config, 'logLevel'>) {
  const min = LEVELS[config.logLevel] ?? Number.POSITIVE_INFINITY;
  return (level: 'info' | 'warn', fields: Record<string, unknown>, msg: string) => {
    const value = LEVELS[level] ?? Number.POSITIVE_INFINITY;
    if (value < min) return;
    const line = {
      level: value,
      time: Date.now(),
      pid: process.pid,
      hostname: hostname(),
      ...fields,
      msg,
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  };
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
