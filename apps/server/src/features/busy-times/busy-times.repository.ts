import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

export interface BusyTimeFields {
  kind: string;
  title: string;
  date: string;
  startTime: string;
  endTime: string;
  repeat: string;
  until: string | null;
  timeZone: string;
}

const COLUMNS = [
  'id',
  'kind',
  'title',
  'date',
  'startTime',
  'endTime',
  'repeat',
  'until',
  'timeZone',
] as const;

/** Every query is scoped by the student's id. */
export function createBusyTimesRepository(db: Kysely<Database>) {
  return {
    /** The student's busy time by first day and start, earliest first. */
    listBusyTimes(userId: number) {
      return db
        .selectFrom('busyTimes')
        .select(COLUMNS)
        .where('userId', '=', userId)
        .orderBy('date')
        .orderBy('startTime')
        .orderBy('id')
        .execute();
    },

    findBusyTime(userId: number, id: number) {
      return db
        .selectFrom('busyTimes')
        .select(COLUMNS)
        .where('userId', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async insertBusyTime(userId: number, f: BusyTimeFields, now: string): Promise<number> {
      const row = await db
        .insertInto('busyTimes')
        .values({ userId, ...f, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateBusyTime(
      userId: number,
      id: number,
      f: BusyTimeFields,
      now: string,
    ): Promise<boolean> {
      const r = await db
        .updateTable('busyTimes')
        .set({ ...f, updatedAt: now })
        .where('userId', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async deleteBusyTime(userId: number, id: number): Promise<boolean> {
      const r = await db
        .deleteFrom('busyTimes')
        .where('userId', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}
export type BusyTimesRepository = ReturnType<typeof createBusyTimesRepository>;
