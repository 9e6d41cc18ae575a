import { EventEmitter } from 'node:events';

/**
 * "A topic of plan N was written" within this instance, for the progress streams: a stream
 * reads the plan's content again on each. Streams also re-read every few seconds, which
 * covers topics written by another instance.
 */
export function createContentEvents() {
  const emitter = new EventEmitter();
  // One listener per open progress stream; many students may watch at once.
  emitter.setMaxListeners(0);
  const key = (userId: number, planId: number) => `${userId}:${planId}`;
  return {
    written(userId: number, planId: number): void {
      emitter.emit(key(userId, planId));
    },
    /** Calls `listener` on every change of the plan's content; returns the unsubscribe. */
    subscribe(userId: number, planId: number, listener: () => void): () => void {
      emitter.on(key(userId, planId), listener);
      return () => emitter.off(key(userId, planId), listener);
    },
  };
}
export type ContentEvents = ReturnType<typeof createContentEvents>;
