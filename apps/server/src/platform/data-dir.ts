import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Makes DATA_DIR private to the server's user, whatever the umask: the folder 0700 and every
 * file in it 0600 (the database holds password hashes and chat history). The umask is set
 * too, so files made later (the SQLite WAL, secrets) are born private. The `uploads` folder of
 * earlier versions is removed: originals are no longer kept, only their text. True when it was.
 */
export function secureDataDir(dataDir: string): boolean {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const legacy = join(dataDir, 'uploads');
  const removed = existsSync(legacy);
  if (removed) rmSync(legacy, { recursive: true, force: true });
  tighten(dataDir);
  return removed;
}

function tighten(path: string): void {
  const stat = statSync(path);
  if (stat.isDirectory()) {
    chmodSync(path, 0o700);
    for (const name of readdirSync(path)) tighten(join(path, name));
  } else if (stat.isFile()) {
    chmodSync(path, 0o600);
  }
}
