import { EventEmitter } from 'node:events';
import { type Broadcast, CHANNELS } from '../../platform/broadcast.js';

/**
 * "A topic of plan N was written", on every instance, for the progress streams: a stream
 * reads the plan's content again on each. Streams also re-read every few seconds, which
 * covers a message lost while Redis was away.
 */
export function createContentEvents(broadcast: Broadcast) {
  const emitter = new EventEmitter();
  // One listener per open progress stream; many students may watch at once.
  emitter.setMaxListeners(0);
  const key = (userId: number, planId: number) => `${userId}:${planId}`;
  broadcast.subscribe(CHANNELS.contentWritten, (message) => emitter.emit(message));
  return {
    written(userId: number, planId: number): void {
      broadcast.publish(CHANNELS.contentWritten, key(userId, planId));
    },
    /** Calls `listener` on every change of the plan's content; returns the unsubscribe. */
    subscribe(userId: number, planId: number, listener: () => void): () => void {
      emitter.on(key(userId, planId), listener);
      return () => emitter.off(key(userId, planId), listener);
    },
  };
}
export type ContentEvents = ReturnType<typeof createContentEvents>;
