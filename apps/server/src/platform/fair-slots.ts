/** Whose turn a place is taken for (a student's id). */
export type SlotKey = number | string;

/**
 * A fixed number of places (this instance's background model calls, AI_CONCURRENCY), shared
 * fairly between keys (students). A freed place goes to the waiting key that holds the fewest
 * places now; among equals, to the one served longest ago (round-robin). So one student's
 * several plans, however many topics or jobs they hold, get one student's share while another
 * student waits, and a lone student gets every place. The password hasher's work gate
 * (adapters/password-hasher.ts) shares its slots the same way but refuses past a queue; here
 * nothing is refused (a plan's topics wait their turn), and a waiter leaves when its job stops.
 */
export interface FairSlots {
  readonly size: number;
  /** Places held now. */
  readonly inUse: number;
  /**
   * Waits for a place for `key` and resolves with its release (calling it twice frees it once).
   * Rejects with the signal's reason if `signal` aborts first; the place then goes to another.
   */
  acquire(key: SlotKey, signal?: AbortSignal): Promise<() => void>;
}

interface Waiter {
  resolve(release: () => void): void;
  reject(reason: unknown): void;
  signal: AbortSignal | undefined;
  onAbort(): void;
}

export function createFairSlots(size: number): FairSlots {
  if (!Number.isInteger(size) || size < 1) throw new RangeError('size must be a positive integer');
  const held = new Map<SlotKey, number>();
  /** The keys waiting, each with its waiters in the order they came. */
  const waiting = new Map<SlotKey, Waiter[]>();
  /** When each key holding or waiting was last given a place (a count of grants). */
  const lastServed = new Map<SlotKey, number>();
  let grants = 0;
  let inUse = 0;

  /** A key neither holding nor waiting is forgotten: back, it goes first among equals. */
  function forget(key: SlotKey): void {
    if (!held.has(key) && !waiting.has(key)) lastServed.delete(key);
  }

  /** Fewest places held first, then served longest ago, then waiting longest. */
  function nextKey(): SlotKey {
    let next: SlotKey | undefined;
    for (const key of waiting.keys()) {
      if (next === undefined) {
        next = key;
        continue;
      }
      const [h, hn] = [held.get(key) ?? 0, held.get(next) ?? 0];
      if (h < hn || (h === hn && (lastServed.get(key) ?? 0) < (lastServed.get(next) ?? 0)))
        next = key;
    }
    return next as SlotKey;
  }

  function releaseOf(key: SlotKey): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      inUse--;
      const n = (held.get(key) ?? 1) - 1;
      if (n === 0) held.delete(key);
      else held.set(key, n);
      grant();
      forget(key);
    };
  }

  function grant(): void {
    while (inUse < size && waiting.size > 0) {
      const key = nextKey();
      const queue = waiting.get(key) as Waiter[];
      const waiter = queue.shift() as Waiter;
      if (queue.length === 0) waiting.delete(key);
      waiter.signal?.removeEventListener('abort', waiter.onAbort);
      inUse++;
      held.set(key, (held.get(key) ?? 0) + 1);
      lastServed.set(key, ++grants);
      waiter.resolve(releaseOf(key));
    }
  }

  return {
    size,
    get inUse() {
      return inUse;
    },
    acquire(key, signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          resolve,
          reject,
          signal,
          onAbort() {
            const queue = waiting.get(key);
            const at = queue?.indexOf(waiter) ?? -1;
            if (!queue || at < 0) return;
            queue.splice(at, 1);
            if (queue.length === 0) waiting.delete(key);
            forget(key);
            reject(signal?.reason);
          },
        };
        signal?.addEventListener('abort', waiter.onAbort, { once: true });
        const queue = waiting.get(key);
        if (queue) queue.push(waiter);
        else waiting.set(key, [waiter]);
        grant();
      });
    },
  };
}
