import { type Broadcast, CHANNELS } from '../../platform/broadcast.js';

/** A session found live, remembered until `untilMs` (never past its own end). */
interface Entry {
  userId: number;
  untilMs: number;
  delivery: number;
}

/** Which sessions ended: one, all of a user's but one, or all of a user's. */
export type SessionsEnded =
  | { userId: number; sessionId: string }
  | { userId: number; except: string }
  | { userId: number };

/** Long enough to spare the database under load, short enough to bound any missed message. */
export const SESSION_CACHE_MS = 10_000;
const MAX_ENTRIES = 50_000;

/**
 * Every protected request asks whether its session is live. This remembers a "yes" for a few
 * seconds, and forgets it on every instance the moment the session ends: the instance that
 * ends sessions broadcasts it, and each cache drops the entries at once. What was looked up
 * while an end was being announced is not kept, and nothing is kept while messages could be
 * missed (Redis away), so an ended session is refused at once, as without the cache.
 */
export function createSessionCache(broadcast: Broadcast, nowMs: () => number = Date.now) {
  const entries = new Map<string, Entry>();
  /** Bumped by every end heard: a lookup that started before one is not remembered. */
  let ends = 0;
  const forget = (ended: SessionsEnded) => {
    ends += 1;
    for (const [sid, e] of entries) {
      if (e.userId !== ended.userId) continue;
      if ('sessionId' in ended && sid !== ended.sessionId) continue;
      if ('except' in ended && sid === ended.except) continue;
      entries.delete(sid);
    }
  };
  broadcast.subscribe(CHANNELS.sessionsEnded, (message) => {
    try {
      forget(JSON.parse(message) as SessionsEnded);
    } catch {
      // Not ours: ignore it, and trust nothing cached before it.
      entries.clear();
    }
  });
  return {
    /**
     * True while the session is live; `lookup` asks the database and says until when the
     * answer holds (undefined: not live).
     */
    async isLive(
      sessionId: string,
      userId: number,
      lookup: () => Promise<number | undefined>,
    ): Promise<boolean> {
      const delivery = broadcast.delivery();
      const hit = entries.get(sessionId);
      if (hit && hit.userId === userId && hit.delivery === delivery && hit.untilMs > nowMs())
        return true;
      if (hit) entries.delete(sessionId);
      const before = ends;
      const liveUntil = await lookup();
      if (liveUntil === undefined) return false;
      if (delivery !== undefined && ends === before && broadcast.delivery() === delivery) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        entries.set(sessionId, {
          userId,
          untilMs: Math.min(liveUntil, nowMs() + SESSION_CACHE_MS),
          delivery,
        });
      }
      return true;
    },
    /** Tells every instance (this one included) that these sessions ended. */
    ended(ended: SessionsEnded): void {
      broadcast.publish(CHANNELS.sessionsEnded, JSON.stringify(ended));
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
