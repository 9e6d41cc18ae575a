import { Cron } from 'croner';
import type { JobLogger } from '../../platform/job-runner.js';

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
  let running: Promise<void> | undefined;

  const tick = () => {
    if (running) return;
    running = opts
      .scan()
      .then(() => undefined)
      .catch((error: unknown) =>
        opts.log.warn(
          {
            event: 'backup.scan_failed',
            error: error instanceof Error ? error.message : String(error),
          },
          'could not queue the scheduled backup',
        ),
      )
      .finally(() => {
        running = undefined;
      });
  };

  return {
    start(): void {
      if (!opts.schedule || cron) return;
      cron = new Cron(opts.schedule, { unref: true }, tick);
      tick();
    },
    /** Stops the timer and waits for a scan in progress. */
    async stop(): Promise<void> {
      cron?.stop();
      cron = undefined;
      await running;
    },
  };
}
