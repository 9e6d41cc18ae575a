import { availableParallelism } from 'node:os';
import argon2 from 'argon2';

/**
 * argon2id above OWASP's floor (m=19 MiB, t=2): 46 MiB, t=2, p=1. Runs in libuv's pool, off
 * the event loop; memory is bounded by the gate below (at most 3 x 46 MiB at once).
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 47_104, timeCost: 2, parallelism: 1 } as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends the same time as a real verify, so unknown e-mails cannot be told apart by timing. */
  verifyDummy(password: string): Promise<void>;
}

/** Too much password work is already waiting; the error handler answers 429 with the message. */
export class HasherBusyError extends Error {
  readonly statusCode = 429;
  constructor() {
    super('The server is busy. Please try again in a few seconds.');
    this.name = 'HasherBusyError';
  }
}

export interface WorkGateOptions {
  /** Tasks running at once. */
  concurrency: number;
  /** Tasks waiting in all; past it a new one fails with HasherBusyError. */
  maxWaiting: number;
  /** Tasks waiting for one key, so one account's flood cannot fill the whole queue. */
  maxWaitingPerKey: number;
}

/**
 * Runs at most `concurrency` tasks at once. A free slot goes to the waiting key with the fewest
 * tasks running, oldest first, so a student firing 60 guesses at one account waits behind their
 * own guesses while anyone else's login takes the next slot.
 */
export function createWorkGate(opts: WorkGateOptions) {
  let running = 0;
  let waiting = 0;
  const runningByKey = new Map<string, number>();
  // Insertion order breaks ties: a key served moves to the back if it still waits.
  const queues = new Map<string, Array<() => void>>();

  const start = (key: string) => {
    running++;
    runningByKey.set(key, (runningByKey.get(key) ?? 0) + 1);
  };
  const finish = (key: string) => {
    running--;
    const left = (runningByKey.get(key) ?? 1) - 1;
    if (left > 0) runningByKey.set(key, left);
    else runningByKey.delete(key);
  };

  function dispatch() {
    while (running < opts.concurrency && queues.size > 0) {
      let pick: string | undefined;
      let fewest = Number.POSITIVE_INFINITY;
      for (const key of queues.keys()) {
        const busy = runningByKey.get(key) ?? 0;
        if (busy < fewest) [pick, fewest] = [key, busy];
        if (busy === 0) break;
      }
      const queue = pick === undefined ? undefined : queues.get(pick);
      if (pick === undefined || !queue) return;
      const wake = queue.shift();
      queues.delete(pick);
      if (queue.length > 0) queues.set(pick, queue);
      if (!wake) continue;
      waiting--;
      start(pick);
      wake();
    }
  }

  return {
    async run<T>(key: string, task: () => Promise<T>): Promise<T> {
      if (running < opts.concurrency && waiting === 0) {
        start(key);
      } else {
        const queue = queues.get(key) ?? [];
        if (waiting >= opts.maxWaiting || queue.length >= opts.maxWaitingPerKey) {
          throw new HasherBusyError();
        }
        waiting++;
        await new Promise<void>((resolve) => {
          queue.push(resolve);
          if (!queues.has(key)) queues.set(key, queue);
        });
      }
      try {
        return await task();
      } finally {
        finish(key);
        dispatch();
      }
    },
    /** Running and waiting tasks, for tests. */
    stats: () => ({ running, waiting }),
  };
}

/**
 * Three at once leaves one of libuv's four pool threads to file and DNS work; two on a
 * two-core machine, where a third would only slow the other two.
 */
const defaultGate = (): WorkGateOptions => ({
  concurrency: Math.min(3, Math.max(2, availableParallelism())),
  maxWaiting: 64,
  maxWaitingPerKey: 8,
});

/** argon2id behind the gate: at most `concurrency` hashes at once, fair between accounts. */
export function createPasswordHasher(gate: WorkGateOptions = defaultGate()): PasswordHasher {
  const work = createWorkGate(gate);
  let dummy: Promise<string> | undefined;
  return {
    // New passwords (register, change) share one key: per-address throttles bound them.
    hash: (password) => work.run('new', () => argon2.hash(password, OPTIONS)),
    // The stored hash names the account, so guesses at one account queue behind each other.
    verify: (hash, password) =>
      work.run(hash, async () => {
        try {
          return await argon2.verify(hash, password);
        } catch {
          return false;
        }
      }),
    async verifyDummy(password) {
      dummy ??= argon2.hash('studybuddy-dummy-password', OPTIONS);
      const hash = await dummy;
      await work.run('unknown', () => argon2.verify(hash, password).catch(() => false));
    },
  };
}
