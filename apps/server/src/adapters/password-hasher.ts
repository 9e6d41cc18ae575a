import argon2 from 'argon2';

/**
 * argon2id above OWASP's floor (m=19 MiB, t=2): 46 MiB, t=2, p=1. Runs in libuv's pool, off
 * the event loop; memory is bounded by the pool size (4 x 46 MiB).
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 47_104, timeCost: 2, parallelism: 1 } as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends the same time as a real verify, so unknown e-mails cannot be told apart by timing. */
  verifyDummy(password: string): Promise<void>;
}

export function createPasswordHasher(): PasswordHasher {
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => argon2.hash(password, OPTIONS),
    async verify(hash, password) {
      try {
        return await argon2.verify(hash, password);
      } catch {
        return false;
      }
    },
    async verifyDummy(password) {
      dummy ??= argon2.hash('studybuddy-dummy-password', OPTIONS);
      await argon2.verify(await dummy, password).catch(() => false);
    },
  };
}
