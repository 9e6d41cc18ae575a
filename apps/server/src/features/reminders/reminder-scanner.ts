import type { JobLogger } from '../../platform/job-runner.js';
import { oneScanAtATime } from '../../platform/one-scan-at-a-time.js';

/**
 * Runs `scan` every `everyMs` on this instance, one scan at a time (a slow one is not overlapped
 * by the next). The timer never holds the process open.
 */
export function createReminderScanner(opts: {
  scan: () => Promise<number>;
  everyMs: number;
  log: JobLogger;
}) {
  let timer: NodeJS.Timeout | undefined;
  const scans = oneScanAtATime({
    scan: opts.scan,
    log: opts.log,
    event: 'reminders.scan_failed',
    message: 'could not look for due reminders',
  });

  return {
    start(): void {
      if (timer) return;
      timer = setInterval(scans.tick, opts.everyMs);
      timer.unref();
      scans.tick();
    },
    /** Stops the timer and waits for a scan in progress. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await scans.idle();
    },
  };
}
