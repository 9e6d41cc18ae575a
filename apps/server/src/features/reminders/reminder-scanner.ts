import type { JobLogger } from '../../platform/job-runner.js';

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
  let running: Promise<void> | undefined;

  const tick = () => {
    if (running) return;
    running = opts
      .scan()
      .then(() => undefined)
      .catch((error: unknown) =>
        opts.log.warn(
          {
            event: 'reminders.scan_failed',
            error: error instanceof Error ? error.message : String(error),
          },
          'could not look for due reminders',
        ),
      )
      .finally(() => {
        running = undefined;
      });
  };

  return {
    start(): void {
      if (timer) return;
      timer = setInterval(tick, opts.everyMs);
      timer.unref();
      tick();
    },
    /** Stops the timer and waits for a scan in progress. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
