import { userInfo } from 'node:os';
import { loadConfig } from './config/config.js';
import { connectDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import {
  ADMIN_USAGE,
  createAdminRepository,
  createAdminService,
  parseAdminArgs,
  runAdminCommand,
} from './features/admin/index.js';
import { createUsersRepository } from './features/auth/index.js';
import {
  createPasswordResetRepository,
  createResetLinks,
} from './features/password-reset/index.js';
import { secureDataDir } from './platform/data-dir.js';

/** Who ran the command, for the admin log: the operating system's user. */
function operator(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? 'unknown';
  }
}

/**
 * `npm run admin -- grant EMAIL | revoke EMAIL | reset-link EMAIL`: the server's configuration and database, the
 * same migrations first, then the command (features/admin/admin-cli.ts).
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  // Wrong usage and help never open the database.
  if (!parseAdminArgs(args)) {
    const help = args.length === 1 && ['--help', '-h'].includes(args[0] ?? '');
    (help ? process.stdout : process.stderr).write(`${ADMIN_USAGE}\n`);
    return help ? 0 : 2;
  }
  const config = loadConfig();
  secureDataDir(config.dataDir);
  const db = await connectDatabase(config.database);
  try {
    await migrateToLatest(db.db);
    const admin = createAdminService({
      repo: createAdminRepository(db.db),
      ai: { provider: config.ai.provider, model: config.ai.model },
      resetLinks: createResetLinks({
        repo: createPasswordResetRepository(db.db),
        users: createUsersRepository(db.db),
        publicUrl: config.mail.publicUrl,
      }),
    });
    const result = await runAdminCommand(args, { admin, by: `command line (${operator()})` });
    process.stdout.write(result.out);
    process.stderr.write(result.err);
    return result.code;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  },
);
