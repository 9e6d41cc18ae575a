import type { Kysely, Selectable } from 'kysely';
import type { CalendarsTable, Database } from '../../db/types.js';

export type CalendarRow = Omit<
  Selectable<CalendarsTable>,
  'sourceText' | 'userId' | 'urlSealed' | 'etag' | 'lastModified'
>;

/** What a read of a calendar starts from: its text, and a subscription's link and validators. */
export interface CalendarSource {
  sourceText: string | null;
  urlSealed: string | null;
  etag: string | null;
  lastModified: string | null;
}

/** A calendar's reading: what replaces its busy intervals and its summary, together. */
export interface CalendarReading {
  intervals: { title: string; start: string; end: string }[];
  warnings: string;
  at: string;
  /** A subscription's new text and its server's validators, when the link was read anew. */
  fetched?: { sourceText: string; etag: string | null; lastModified: string | null };
}

const COLUMNS = [
  'id',
  'name',
  'kind',
  'countsAsBusy',
  'eventCount',
  'warnings',
  'lastSyncAt',
  'urlHost',
  'createdAt',
  'updatedAt',
] as const;

/** Rows per INSERT of busy intervals: under SQLite's and PostgreSQL's parameter limits. */
const BATCH = 500;

/** The student's imported calendars and their busy intervals; every query by the student's id. */
export function createCalendarsRepository(db: Kysely<Database>) {
  async function insertBusy(
    trx: Kysely<Database>,
    userId: number,
    calendarId: number,
    reading: CalendarReading,
  ) {
    for (let i = 0; i < reading.intervals.length; i += BATCH) {
      const rows = reading.intervals.slice(i, i + BATCH).map((b) => ({
        calendarId,
        userId,
        title: b.title,
        startsAt: b.start,
        endsAt: b.end,
      }));
      await trx.insertInto('calendarBusy').values(rows).execute();
    }
  }

  return {
    list(userId: number): Promise<CalendarRow[]> {
      return db
        .selectFrom('calendars')
        .select(COLUMNS)
        .where('userId', '=', userId)
        .orderBy('id')
        .execute();
    },

    find(userId: number, id: number): Promise<CalendarRow | undefined> {
      return db
        .selectFrom('calendars')
        .select(COLUMNS)
        .where('userId', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    source(userId: number, id: number): Promise<CalendarSource | undefined> {
      return db
        .selectFrom('calendars')
        .select(['sourceText', 'urlSealed', 'etag', 'lastModified'])
        .where('userId', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The student's imported busy intervals, those of one calendar left out if given. */
    async countBusy(userId: number, exceptCalendarId?: number): Promise<number> {
      let q = db
        .selectFrom('calendarBusy')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('userId', '=', userId);
      if (exceptCalendarId !== undefined) q = q.where('calendarId', '!=', exceptCalendarId);
      return Number((await q.executeTakeFirstOrThrow()).n);
    },

    async count(userId: number): Promise<number> {
      const row = await db
        .selectFrom('calendars')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A new calendar with its busy intervals, in one transaction: nothing is half-imported. */
    insert(
      userId: number,
      c: {
        name: string;
        kind: string;
        sourceText: string;
        urlSealed?: string;
        urlHost?: string;
        etag?: string | null;
        lastModified?: string | null;
      },
      reading: CalendarReading,
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('calendars')
          .values({
            userId,
            ...c,
            eventCount: reading.intervals.length,
            warnings: reading.warnings,
            lastSyncAt: reading.at,
            createdAt: reading.at,
            updatedAt: reading.at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await insertBusy(trx, userId, id, reading);
        return id;
      });
    },

    /** The calendar's busy intervals replaced by a new reading, in one transaction. */
    replace(userId: number, id: number, reading: CalendarReading): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('calendars')
          .set({
            eventCount: reading.intervals.length,
            warnings: reading.warnings,
            lastSyncAt: reading.at,
            updatedAt: reading.at,
            ...(reading.fetched ?? {}),
          })
          .where('userId', '=', userId)
          .where('id', '=', id)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) return false;
        await trx
          .deleteFrom('calendarBusy')
          .where('userId', '=', userId)
          .where('calendarId', '=', id)
          .execute();
        await insertBusy(trx, userId, id, reading);
        return true;
      });
    },

    async update(
      userId: number,
      id: number,
      c: { name: string; countsAsBusy: boolean; at: string },
    ): Promise<boolean> {
      const r = await db
        .updateTable('calendars')
        .set({ name: c.name, countsAsBusy: c.countsAsBusy ? 1 : 0, updatedAt: c.at })
        .where('userId', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** The calendar and its busy intervals. */
    remove(userId: number, id: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('calendarBusy')
          .where('userId', '=', userId)
          .where('calendarId', '=', id)
          .execute();
        const r = await trx
          .deleteFrom('calendars')
          .where('userId', '=', userId)
          .where('id', '=', id)
          .executeTakeFirst();
        return Number(r.numDeletedRows) > 0;
      });
    },

    /**
     * Imported busy intervals that overlap [from, to) (ISO instants; all when undefined), with
     * their calendar's name; only calendars that count as busy when `busyOnly`.
     */
    busy(userId: number, range: { from?: string; to?: string; busyOnly: boolean }) {
      let q = db
        .selectFrom('calendarBusy as b')
        .innerJoin('calendars as c', 'c.id', 'b.calendarId')
        .select([
          'b.id',
          'b.calendarId',
          'c.name as calendarName',
          'b.title',
          'b.startsAt',
          'b.endsAt',
        ])
        .where('b.userId', '=', userId)
        .where('c.userId', '=', userId);
      if (range.busyOnly) q = q.where('c.countsAsBusy', '=', 1);
      if (range.to) q = q.where('b.startsAt', '<', range.to);
      if (range.from) q = q.where('b.endsAt', '>', range.from);
      return q.orderBy('b.startsAt').orderBy('b.id').execute();
    },

    /**
     * Up to `limit` subscriptions last read before `cutoff`, each claimed by setting its last
     * read to `at` only where no other instance changed it meanwhile: every due calendar is
     * taken by one instance.
     */
    async claimDue(cutoff: string, at: string, limit: number) {
      const due = await db
        .selectFrom('calendars')
        .select(['id', 'userId', 'lastSyncAt'])
        .where('kind', '=', 'subscription')
        .where('lastSyncAt', '<', cutoff)
        .orderBy('lastSyncAt')
        .limit(limit)
        .execute();
      const claimed: { id: number; userId: number }[] = [];
      for (const c of due) {
        const r = await db
          .updateTable('calendars')
          .set({ lastSyncAt: at })
          .where('id', '=', c.id)
          .where('lastSyncAt', '=', c.lastSyncAt)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) > 0) claimed.push({ id: c.id, userId: c.userId });
      }
      return claimed;
    },

    /** The last day the student's plans reach: the latest deadline or session (ISO), if any. */
    async plansReach(userId: number): Promise<string | undefined> {
      const plan = await db
        .selectFrom('studyPlans')
        .select((eb) => eb.fn.max('deadline').as('last'))
        .where('userId', '=', userId)
        .executeTakeFirst();
      const session = await db
        .selectFrom('studySessions')
        .select((eb) => eb.fn.max('endAt').as('last'))
        .where('userId', '=', userId)
        .executeTakeFirst();
      const days = [plan?.last, session?.last].filter((d): d is string => typeof d === 'string');
      return days
        .map((d) => d.slice(0, 10))
        .sort()
        .at(-1);
    },
  };
}
export type CalendarsRepository = ReturnType<typeof createCalendarsRepository>;
