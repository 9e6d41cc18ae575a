import { describe, expect, it } from 'vitest';
import { type CachedPlan, createPlanCache, PLAN_CACHE_SIZE, planCache } from './plan-cache';

function memoryStore() {
  const data = new Map<string, string>();
  return {
    data,
    get: (key: string) => data.get(key) ?? null,
    set: (key: string, value: string) => void data.set(key, value),
    remove: (key: string) => void data.delete(key),
  };
}

const plan = (id: number, name = `Plan ${id}`): CachedPlan => ({
  id,
  name,
  deadline: null,
  description: null,
  status: 'active',
  subjectDetails: [],
});

function setup() {
  let clock = 1000;
  const store = memoryStore();
  const cache = createPlanCache(store, () => clock++);
  return { cache, store };
}

describe('plan cache', () => {
  it('keeps at most four plans, newest first', () => {
    const { cache } = setup();
    for (const id of [1, 2, 3, 4, 5, 6]) cache.put(plan(id));
    expect(PLAN_CACHE_SIZE).toBe(4);
    expect(cache.entries().map((e) => e.id)).toEqual(['6', '5', '4', '3']);
    expect(cache.get(1)).toBeUndefined();
    expect(cache.get(2)).toBeUndefined();
  });

  it('stores each plan with its id as text, its data and a timestamp', () => {
    const { cache, store } = setup();
    cache.put(plan(7, 'Maths'));
    const [entry] = JSON.parse(store.data.get('planCache') ?? '[]');
    expect(entry).toEqual({ id: '7', data: plan(7, 'Maths'), timestamp: 1000 });
  });

  it('replaces the older entry of a plan added again and moves it to the front', () => {
    const { cache } = setup();
    cache.put(plan(1, 'Old name'));
    cache.put(plan(2));
    cache.put(plan(3));
    cache.put(plan(1, 'New name'));
    const entries = cache.entries();
    expect(entries.map((e) => e.id)).toEqual(['1', '3', '2']);
    expect(entries.filter((e) => e.id === '1')).toHaveLength(1);
    expect(cache.get(1)?.data.name).toBe('New name');
    expect(cache.get('1')?.timestamp).toBe(1003);
  });

  it('adds a list so that its first plan is newest, and forgets a removed plan', () => {
    const { cache } = setup();
    cache.put(plan(9));
    cache.putMany([plan(1), plan(2), plan(9)]);
    expect(cache.entries().map((e) => e.id)).toEqual(['1', '2', '9']);
    cache.remove(2);
    expect(cache.entries().map((e) => e.id)).toEqual(['1', '9']);
  });

  it('ignores unreadable storage instead of failing', () => {
    const { cache, store } = setup();
    store.data.set('planCache', '{not json');
    expect(cache.entries()).toEqual([]);
    store.data.set('planCache', JSON.stringify([{ id: 1, data: 'x' }]));
    expect(cache.entries()).toEqual([]);
  });

  it('lives in session storage, so it ends with the session', () => {
    planCache.put(plan(3));
    expect(window.sessionStorage.getItem('planCache')).toContain('"id":"3"');
    window.sessionStorage.clear();
    expect(planCache.get(3)).toBeUndefined();
  });
});
