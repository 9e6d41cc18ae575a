import { planSummarySchema } from '@studybuddy/contracts';
import { z } from 'zod';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { session } from './storage';

/** The plan cache holds at most 4 plans (docs/product.md, Behaviour). */
export const PLAN_CACHE_SIZE = 4;

/** A plan as the list or the detail call returns it (the detail adds two texts). */
export const cachedPlanSchema = planSummarySchema.extend({
  conceptMapOutline: z.string().nullable().optional(),
  overallSummary: z.string().nullable().optional(),
});
export type CachedPlan = z.infer<typeof cachedPlanSchema>;

/** One entry: the id as text, the data and a timestamp. */
export interface PlanCacheEntry {
  id: string;
  data: CachedPlan;
  timestamp: number;
}

const entrySchema = z.object({ id: z.string(), data: cachedPlanSchema, timestamp: z.number() });

export interface PlanCacheStore {
  get: (key: string) => string | null;
  set: (key: string, value: string) => void;
  remove: (key: string) => void;
}

/**
 * The client plan cache: newest first, at most PLAN_CACHE_SIZE entries, a plan added again
 * replaces its older entry. Kept in session storage, so it ends with the tab and is cleared
 * on logout with the rest of the session storage.
 */
export function createPlanCache(store: PlanCacheStore, now: () => number = Date.now) {
  const key = STORAGE_KEYS.planCache;

  function read(): PlanCacheEntry[] {
    const raw = store.get(key);
    if (!raw) return [];
    try {
      const parsed = z.array(entrySchema).safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data.slice(0, PLAN_CACHE_SIZE) : [];
    } catch {
      return [];
    }
  }

  function write(entries: PlanCacheEntry[]) {
    if (entries.length === 0) store.remove(key);
    else store.set(key, JSON.stringify(entries.slice(0, PLAN_CACHE_SIZE)));
  }

  return {
    /** Every entry, newest first. */
    entries: read,
    /** The cached entry of one plan, if any. */
    get(id: number | string): PlanCacheEntry | undefined {
      return read().find((e) => e.id === String(id));
    },
    /** Adds a plan as the newest entry, replacing an older entry of the same plan. */
    put(plan: CachedPlan): void {
      const id = String(plan.id);
      const rest = read().filter((e) => e.id !== id);
      write([{ id, data: plan, timestamp: now() }, ...rest]);
    },
    /** Adds a list so that its first plan ends up newest (the order the dashboard shows). */
    putMany(plans: readonly CachedPlan[]): void {
      const ids = new Set(plans.map((p) => String(p.id)));
      const time = now();
      const added = plans
        .slice(0, PLAN_CACHE_SIZE)
        .map((data) => ({ id: String(data.id), data, timestamp: time }));
      write([...added, ...read().filter((e) => !ids.has(e.id))]);
    },
    /** Forgets one plan (after it changed or was deleted). */
    remove(id: number | string): void {
      write(read().filter((e) => e.id !== String(id)));
    },
    clear(): void {
      store.remove(key);
    },
  };
}
export type PlanCache = ReturnType<typeof createPlanCache>;

/** The app's plan cache in session storage. */
export const planCache: PlanCache = createPlanCache(session);
