import { rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename } from 'node:path';
import type { BackupRun, BackupStatus } from '@studybuddy/contracts';
import { Cron } from 'croner';
import type { DatabaseTarget } from '../../config/config.js';
import {
  type BackupResult,
  newBackupPath,
  pruneScheduledBackups,
  SCHEDULED_LABEL,
  writeBackup,
} from '../../db/backup.js';
import { type BackupCheck, checkBackup } from '../../db/backup-check.js';
import { describeCause } from '../../db/connect.js';
import type { JobHandler, JobLogger } from '../../platform/job-runner.js';
import type { BackupRow, BackupsRepository } from './backups.repository.js';

/**
 * A run missed by up to this long (every instance was down at its hour) is taken when one
 * comes back; an older one is left, and the next run is the schedule's next.
 */
const CATCH_UP_MS = 24 * 3_600_000;

/** Writing and checking a backup file (the database's own tools); tests may replace them. */
export interface BackupIo {
  write(file: string): Promise<BackupResult>;
  check(file: string): Promise<BackupCheck>;
}

export interface BackupsServiceDeps {
  repo: BackupsRepository;
  /** BACKUP_SCHEDULE: a cron pattern; undefined: no scheduled backups. */
  schedule: string | undefined;
  /** BACKUP_KEEP: scheduled backups kept in DATA_DIR/backups. */
  keep: number;
  target: DatabaseTarget;
  /** PostgreSQL: the schema every query runs in, when one was chosen (pg_dump takes it alone). */
  schema?: string;
  dataDir: string;
  /** The app's tables now: a backup must hold each one. */
  tables: () => Promise<string[]>;
  wakeJobs: () => void;
  log: JobLogger;
  /** This instance's name in the record (the file is on its disk); the host name by default. */
  host?: string;
  now?: () => Date;
  io?: Partial<BackupIo>;
}

class BackupNotSound extends Error {
  constructor(readonly checkResult: string) {
    super(`the backup did not pass its check: ${checkResult}`);
  }
}

/**
 * Scheduled backups (docs/architecture.md, Background jobs): every instance scans at the
 * schedule's instants, the first to record an instant makes its one job, and the instance that
 * claims the job writes the backup into its DATA_DIR/backups, opens it to check it, keeps the
 * newest BACKUP_KEEP and records the run for the admin screen. A failure is a warning in the log
 * and on that screen, and the next run tries again.
 */
export function createBackupsService(deps: BackupsServiceDeps) {
  const { repo, keep, target, dataDir, log } = deps;
  const now = deps.now ?? (() => new Date());
  const host = deps.host ?? hostname();
  // Reads the pattern only; the clock (backup-clock.ts) is what runs on it.
  const cron = deps.schedule ? new Cron(deps.schedule) : undefined;
  const io: BackupIo = {
    write: (file) => writeBackup(target, file, deps.schema ? { schema: deps.schema } : {}),
    check: async (file) => checkBackup(target.kind, file, await deps.tables()),
    ...deps.io,
  };

  const job: JobHandler<{ backupId: number }> = {
    // A failed run is reported, not retried: the next one comes with the schedule.
    maxAttempts: 1,

    async run({ backupId }, ctx) {
      const row = await repo.startRun(backupId, host, now().toISOString());
      if (!row) return;
      const file = newBackupPath(target, dataDir, new Date(row.scheduledFor), SCHEDULED_LABEL);
      try {
        const written = await io.write(file);
        const check = await io.check(file);
        if (!check.ok) {
          // A copy that would not restore is no backup; what was wrong is in the record.
          rmSync(file, { force: true });
          throw new BackupNotSound(check.result);
        }
        // Stopping: the run goes back to the queue and is taken again; this copy is not kept.
        if (ctx.signal.aborted) return void rmSync(file, { force: true });
        await repo.finishRun(backupId, {
          status: 'done',
          file,
          bytes: written.bytes,
          checkResult: check.result,
          now: now().toISOString(),
        });
        const pruned = pruneScheduledBackups(dataDir, keep);
        await repo.pruneRuns(keep);
        log.info(
          { event: 'backup.done', file, bytes: written.bytes, check: check.result, pruned },
          'scheduled backup written and checked',
        );
      } catch (error) {
        if (ctx.signal.aborted) return;
        const why = describeCause(error);
        await repo.finishRun(backupId, {
          status: 'failed',
          file: null,
          bytes: null,
          checkResult: error instanceof BackupNotSound ? error.checkResult : null,
          error: why,
          now: now().toISOString(),
        });
        log.warn(
          { event: 'backup.failed', scheduledFor: row.scheduledFor, host, error: why },
          'scheduled backup failed',
        );
        throw Object.assign(new Error(why), { retryable: false });
      }
    },
  };

  return {
    schedule: deps.schedule,
    job,

    /**
     * Records the schedule's latest instant at or before `at` (default now) and queues its
     * backup, unless another scan (of any instance) did, or it is more than a day old. True
     * when this call queued it.
     */
    async scan(at: Date = now()): Promise<boolean> {
      // The instant itself counts: croner's previous runs are those before the reference.
      const [instant] = cron?.previousRuns(1, new Date(at.getTime() + 1)) ?? [];
      if (!instant || at.getTime() - instant.getTime() > CATCH_UP_MS) return false;
      const made = await repo.insertRun({
        scheduledFor: instant.toISOString(),
        now: at.toISOString(),
      });
      if (made) {
        log.info({ event: 'backup.scheduled', scheduledFor: instant.toISOString() }, 'backup due');
        deps.wakeJobs();
      }
      return made;
    },

    /** What the admin screen shows. */
    async status(): Promise<BackupStatus> {
      const { last, lastGood } = await repo.latest();
      return {
        schedule: deps.schedule ?? null,
        keep,
        nextAt: cron?.nextRun(now())?.toISOString() ?? null,
        last: last ? toRun(last) : null,
        lastGood: lastGood ? toRun(lastGood) : null,
      };
    },
  };
}
export type BackupsService = ReturnType<typeof createBackupsService>;

function toRun(row: BackupRow): BackupRun {
  return {
    status: row.status as BackupRun['status'],
    scheduledFor: row.scheduledFor,
    finishedAt: row.finishedAt,
    // The name only: where DATA_DIR is on the server is no business of the page.
    file: row.file ? basename(row.file) : null,
    host: row.host,
    bytes: row.bytes,
    check: row.checkResult,
    error: row.error,
  };
}
