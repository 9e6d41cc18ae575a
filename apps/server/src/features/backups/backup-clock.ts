import { Cron } from 'croner';
import type { JobLogger } from '../../platform/job-runner.js';
import { oneScanAtATime } from '../../platform/one-scan-at-a-time.js';

/**
 * Runs `scan` at each instant of the schedule on this instance (croner's timer, which never
 * holds the process open), and once at start, so a run missed while every instance was down
 * is taken when one comes back. One scan at a time. No schedule: nothing runs.
 */
export function createBackupClock(opts: {
  schedule: string | undefined;
  scan: () => Promise<boolean>;
  log: JobLogger;
}) {
  let cron: Cron | undefined;
  const scans = oneScanAtATime({
    scan: opts.scan,
    log: opts.log,
    event: 'backup.scan_failed',
    message: 'could not queue the scheduled backup',
  });

  return {
    start(): void {
      if (!opts.schedule || cron) return;
      cron = new Cron(opts.schedule, { unref: true }, scans.tick);
      scans.tick();
    },
    /** Stops the timer and waits for a scan in progress. */
    async stop(): Promise<void> {
      cron?.stop();
      cron = undefined;
      await scans.idle();
    },
  };
}
