import type { Kysely, Selectable } from 'kysely';
import { insertJobs } from '../../db/job-queue.js';
import type { BackupsTable, Database } from '../../db/types.js';

/** The job kind that takes one scheduled backup (payload: `{ backupId }`). */
export const DATABASE_BACKUP_JOB = 'database-backup';

export type BackupRow = Selectable<BackupsTable>;

/** How a run ended. */
export type BackupOutcome =
  | { status: 'done'; file: string; bytes: number; checkResult: string; now: string }
  | {
      status: 'failed';
      file: null;
      bytes: null;
      checkResult: string | null;
      error: string;
      now: string;
    };

/**
 * The runs of the backup schedule. They belong to the server, not to a student: no query here
 * touches a student's data.
 */
export function createBackupsRepository(db: Kysely<Database>) {
  return {
    /**
     * The run of one instant of the schedule and its job, in one transaction; nothing when the
     * run exists already (UNIQUE(scheduled_for)), whichever instance made it. True when this
     * call made it.
     */
    insertRun(r: { scheduledFor: string; now: string }): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('backups')
          .values({ scheduledFor: r.scheduledFor, status: 'pending', createdAt: r.now })
          .onConflict((oc) => oc.column('scheduledFor').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) return false;
        await insertJobs(
          trx,
          [
            {
              kind: DATABASE_BACKUP_JOB,
              userId: null,
              payload: { backupId: row.id },
              runAfter: r.scheduledFor,
            },
          ],
          r.now,
        );
        return true;
      });
    },

    /**
     * Marks the run as taken by `host`; undefined when it has ended already (a job claimed again
     * after its run was written) or is gone.
     */
    async startRun(id: number, host: string, now: string): Promise<BackupRow | undefined> {
      return db
        .updateTable('backups')
        .set({ status: 'running', host, startedAt: now })
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'running'])
        .returningAll()
        .executeTakeFirst();
    },

    async finishRun(id: number, o: BackupOutcome): Promise<void> {
      await db
        .updateTable('backups')
        .set({
          status: o.status,
          file: o.file,
          bytes: o.bytes,
          checkResult: o.checkResult,
          error: o.status === 'failed' ? o.error.slice(0, 1000) : null,
          finishedAt: o.now,
        })
        .where('id', '=', id)
        .execute();
    },

    /** The newest run, and the newest that was written and passed its check. */
    async latest(): Promise<{ last?: BackupRow; lastGood?: BackupRow }> {
      const [last, lastGood] = await Promise.all([
        db
          .selectFrom('backups')
          .selectAll()
          .orderBy('scheduledFor', 'desc')
          .limit(1)
          .executeTakeFirst(),
        db
          .selectFrom('backups')
          .selectAll()
          .where('status', '=', 'done')
          .orderBy('scheduledFor', 'desc')
          .limit(1)
          .executeTakeFirst(),
      ]);
      return { ...(last ? { last } : {}), ...(lastGood ? { lastGood } : {}) };
    },

    /**
     * Forgets runs older than the oldest of the newest `keep` good ones: the record goes back as
     * far as the backups kept, and no further. Gives how many it deleted.
     */
    async pruneRuns(keep: number): Promise<number> {
      const oldestKept = await db
        .selectFrom('backups')
        .select('scheduledFor')
        .where('status', '=', 'done')
        .orderBy('scheduledFor', 'desc')
        .offset(keep - 1)
        .limit(1)
        .executeTakeFirst();
      if (!oldestKept) return 0;
      const r = await db
        .deleteFrom('backups')
        .where('scheduledFor', '<', oldestKept.scheduledFor)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
export type BackupsRepository = ReturnType<typeof createBackupsRepository>;
