import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { inject } from 'vitest';

const root = join(import.meta.dirname, '../..');

/**
 * `npm run admin -- ARGS` against the test run's server, as an admin runs it on the server
 * machine: the same DATA_DIR, hence the same SQLite database.
 */
export function runAdmin(args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync('npm', ['run', '--silent', 'admin', '--', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: inject('dataDir'), DATABASE_URL: '', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
