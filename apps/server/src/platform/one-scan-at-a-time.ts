import type { JobLogger } from './job-runner.js';

/**
 * A periodic scan run one at a time: `tick` starts `scan` unless one is still running (a slow
 * scan is not overlapped by the next), and logs a failure as a warning (`event`, `message`)
 * instead of throwing; `idle` waits for the scan in progress. The timers that call `tick`
 * (an interval, a cron schedule) are their owners'.
 */
export function oneScanAtATime(opts: {
  scan: () => Promise<unknown>;
  log: JobLogger;
  event: string;
  message: string;
}) {
  let running: Promise<void> | undefined;
  return {
    tick(): void {
      if (running) return;
      running = opts
        .scan()
        .then(() => undefined)
        .catch((error: unknown) =>
          opts.log.warn(
            { event: opts.event, error: error instanceof Error ? error.message : String(error) },
            opts.message,
          ),
        )
        .finally(() => {
          running = undefined;
        });
    },
    /** Resolves once no scan is running. */
    async idle(): Promise<void> {
      await running;
    },
  };
}
