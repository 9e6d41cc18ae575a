import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import type { VapidKeys } from '../config/config.js';

/**
 * A secret from the environment, or one generated on first start and kept under DATA_DIR, so a
 * restart does not log everyone out and no default secret ever ships.
 */
export function loadOrCreateSecret(dataDir: string, name: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  const dir = join(dataDir, 'secrets');
  const file = join(dir, `${name}.key`);
  if (existsSync(file)) {
    const value = readFileSync(file, 'utf8').trim();
    if (value.length >= 32) return value;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const value = randomBytes(48).toString('base64url');
  writeFileSync(file, `${value}\n`, { mode: 0o600, flag: 'w' });
  chmodSync(file, 0o600);
  return value;
}

/**
 * The VAPID key pair of Web Push: the environment's (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY), or a
 * pair generated at first start and kept in DATA_DIR/secrets/vapid.json, so every instance
 * sharing DATA_DIR signs with one pair and a restart keeps the browsers' subscriptions (each is
 * bound to the public key it was made with). The file is created whole or not at all: two
 * instances starting at once both read the pair of the first to write it.
 */
export function loadOrCreateVapidKeys(dataDir: string, fromEnv?: VapidKeys): VapidKeys {
  if (fromEnv) return fromEnv;
  const dir = join(dataDir, 'secrets');
  const file = join(dir, 'vapid.json');
  const stored = readVapidFile(file);
  if (stored) return stored;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const made = webpush.generateVAPIDKeys();
  const temp = join(dir, `vapid-${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
  writeFileSync(temp, `${JSON.stringify(made)}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(temp, 0o600);
  try {
    // link() fails when the file exists: another instance wrote its pair first, and wins.
    if (stored === undefined) rmSync(file, { force: true });
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temp, { force: true });
  }
  const kept = readVapidFile(file);
  if (!kept) throw new Error(`${file} does not hold a VAPID key pair`);
  return kept;
}

/** The pair in the file; null when there is no file, undefined when it is not a pair. */
function readVapidFile(file: string): VapidKeys | null | undefined {
  if (!existsSync(file)) return null;
  try {
    const { publicKey, privateKey } = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (
      typeof publicKey === 'string' &&
      typeof privateKey === 'string' &&
      Buffer.from(publicKey, 'base64url').length === 65 &&
      Buffer.from(privateKey, 'base64url').length === 32
    )
      return { publicKey, privateKey };
  } catch {
    // Not JSON: made again below.
  }
  return undefined;
}
