import type { QueryClient } from '@tanstack/react-query';
import { planCache } from '@/lib/plan-cache';
import { planKeys } from './keys';

/**
 * After anything inside a plan changed (its subjects, topics or the plan itself): the cache
 * entry is dropped so no screen starts from stale data, and open plan queries refetch.
 */
export function invalidatePlans(client: QueryClient, planId?: number): Promise<void> {
  if (planId === undefined) planCache.clear();
  else planCache.remove(planId);
  return client.invalidateQueries({ queryKey: planKeys.all });
}
