import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { createWorkGate, type PasswordHasher } from '../adapters/password-hasher.js';

/**
 * scrypt at the smallest cost node accepts: a real salted hash, so a wrong password still
 * fails, at a few microseconds instead of argon2id's tens of milliseconds and 46 MiB. Never
 * for production: it is only as strong as its salt.
 */
const COST = { N: 16, r: 1, p: 1 } as const;
const KEY_BYTES = 32;
const PREFIX = '$scrypt-test$';

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_BYTES, COST, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

async function hashWithSalt(password: string, salt: Buffer): Promise<string> {
  const key = await derive(password, salt);
  return `${PREFIX}${salt.toString('base64url')}$${key.toString('base64url')}`;
}

async function check(hash: string, password: string): Promise<boolean> {
  if (!hash.startsWith(PREFIX)) return false;
  const [salt, key] = hash.slice(PREFIX.length).split('$');
  if (!salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  if (expected.length !== KEY_BYTES) return false;
  return timingSafeEqual(await derive(password, Buffer.from(salt, 'base64url')), expected);
}

/**
 * The test apps' hasher: the PasswordHasher contract (salted hash, verify, dummy verify, a
 * malformed hash is no match) behind the same work gate as argon2id, only cheap. Tests about
 * argon2id itself, its parameters or the gate under real hashing time pass
 * `createPasswordHasher()` instead.
 */
export function createFastHasher(): PasswordHasher {
  const work = createWorkGate({ concurrency: 2, maxWaiting: 64, maxWaitingPerKey: 8 });
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => work.run('new', () => hashWithSalt(password, randomBytes(16))),
    verify: (hash, password) => work.run(hash, () => check(hash, password).catch(() => false)),
    async verifyDummy(password) {
      dummy ??= hashWithSalt('studybuddy-dummy-password', randomBytes(16));
      const hash = await dummy;
      await work.run('unknown', () => check(hash, password).catch(() => false));
    },
  };
}
