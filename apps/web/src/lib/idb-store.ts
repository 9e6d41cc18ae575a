import { createStore, type UseStore } from 'idb-keyval';

/**
 * One IndexedDB store of idb-keyval, opened on first use, for what the app keeps on the device
 * (the offline copy, the actions waiting for the signal).
 */
export function idbStore(database: string, name: string) {
  let opened: UseStore | null | undefined;
  /** The store, or null where the browser has none (private modes, old engines, jsdom). */
  const store = (): UseStore | null => {
    if (opened === undefined)
      opened = typeof indexedDB === 'undefined' ? null : createStore(database, name);
    return opened;
  };
  return {
    store,
    /**
     * Runs `task` on the store; never throws: IndexedDB can be absent, blocked or full, and the
     * app must work without what it keeps there (`fallback` then).
     */
    async quietly<T>(task: (s: UseStore) => Promise<T>, fallback: T): Promise<T> {
      const s = store();
      if (!s) return fallback;
      try {
        return await task(s);
      } catch {
        return fallback;
      }
    },
  };
}
