import { z } from 'zod';

/**
 * Scheduled backups (BACKUP_SCHEDULE) as the admin screen shows them: when the next run is,
 * the newest run whatever became of it, and the newest that passed its check.
 */
export const BACKUP_RUN_STATUSES = ['pending', 'running', 'done', 'failed'] as const;

export const backupRunSchema = z
  .object({
    status: z.enum(BACKUP_RUN_STATUSES).describe('done: written and checked; failed: see error'),
    scheduledFor: z.string().describe('The schedule’s instant this run is for (ISO-8601 UTC)'),
    finishedAt: z.string().nullable().describe('When it was written and checked, or failed'),
    file: z.string().nullable().describe('The file’s name in DATA_DIR/backups of `host`'),
    host: z.string().nullable().describe('The server instance that took it'),
    bytes: z.number().nullable().describe('Its size'),
    check: z
      .string()
      .nullable()
      .describe('ok when opening it found a sound copy of every table; else what was wrong'),
    error: z.string().nullable().describe('Why the run failed'),
  })
  .describe('BackupRun');
export type BackupRun = z.infer<typeof backupRunSchema>;

export const backupStatusSchema = z
  .object({
    schedule: z.string().nullable().describe('BACKUP_SCHEDULE (cron); null: not scheduled'),
    keep: z.number().int().describe('BACKUP_KEEP: scheduled backups kept'),
    nextAt: z.string().nullable().describe('The next run (ISO-8601 UTC)'),
    last: backupRunSchema.nullable().describe('The newest run'),
    lastGood: backupRunSchema
      .nullable()
      .describe('The newest run that was written and passed its check'),
  })
  .describe('BackupStatus');
export type BackupStatus = z.infer<typeof backupStatusSchema>;
