import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { type RunningServer, startServer } from './server.js';

export interface ClockServer extends RunningServer {
  /**
   * Moves "now" for this server (server-clock.mjs) and the browser context together, `ms`
   * ahead of the real clock (0 puts both back). The browser's timers keep running at real speed.
   */
  moveClock(context: BrowserContext, ms: number): Promise<void>;
}

/**
 * A server of the journey's own whose clock it can move. The shared server's clock stays
 * real: the journeys of other files run beside this one, and moving days ahead under them
 * would expire their tokens and bring their reminders due.
 */
export async function startServerWithClock(): Promise<ClockServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'studybuddy-e2e-clock-'));
  const clockFile = join(dataDir, 'e2e-clock-offset');
  writeFileSync(clockFile, '0');
  const server = await startServer({
    dataDir,
    nodeArgs: ['--import', pathToFileURL(join(import.meta.dirname, 'server-clock.mjs')).href],
    env: { E2E_CLOCK_FILE: clockFile },
  });
  return {
    ...server,
    async moveClock(context, ms) {
      writeFileSync(clockFile, String(ms));
      server.process.kill('SIGUSR2');
      await context.clock.install({ time: Date.now() + ms });
      // The signal is handled on the server's next turn of its event loop.
      await new Promise((r) => setTimeout(r, 300));
    },
  };
}
