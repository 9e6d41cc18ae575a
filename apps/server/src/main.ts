import { buildApp } from './app.js';
import { loadConfig, plainHttpCookieWarning } from './config/config.js';
import { connectDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { secureDataDir } from './platform/data-dir.js';

/** Process entry: config, database, migrations, app, listen, graceful close on signals. */
async function main(): Promise<void> {
  const config = loadConfig();
  const removedUploads = secureDataDir(config.dataDir);
  const db = await connectDatabase(config.database);
  await migrateToLatest(db.db);
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
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
