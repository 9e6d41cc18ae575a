import type { Kysely } from 'kysely';
import type { Database } from './types.js';

/** The counters kept per UTC day (daily_counts.name). */
export type DailyCountName = 'ai_failures';

/** YYYY-MM-DD of `now` in UTC: the day a count goes to. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);

/**
 * Adds one to today's count of `name`. One statement (an upsert on the day and name), so
 * concurrent calls and several instances on one database never lose a count.
 */
export async function countToday(
  db: Kysely<Database>,
  name: DailyCountName,
  now: Date = new Date(),
): Promise<void> {
  await db
    .insertInto('dailyCounts')
    .values({ day: utcDay(now), name, count: 1 })
    .onConflict((oc) =>
      oc.columns(['day', 'name']).doUpdateSet((eb) => ({ count: eb('dailyCounts.count', '+', 1) })),
    )
    .execute();
}

/** Today's count of `name` (UTC day), 0 when nothing was counted. */
export async function readToday(
  db: Kysely<Database>,
  name: DailyCountName,
  now: Date = new Date(),
): Promise<number> {
  const row = await db
    .selectFrom('dailyCounts')
    .select('count')
    .where('day', '=', utcDay(now))
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
