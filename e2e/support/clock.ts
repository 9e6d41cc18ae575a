import { writeFileSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import { inject } from 'vitest';

/**
 * Moves "now" for the server (server-clock.mjs) and the browser context together, `ms` ahead
 * of the real clock (0 puts both back). The browser's timers keep running at real speed.
 */
export async function moveClock(context: BrowserContext, ms: number) {
  writeFileSync(inject('clockFile'), String(ms));
  process.kill(inject('serverPid'), 'SIGUSR2');
  await context.clock.install({ time: Date.now() + ms });
  // The signal is handled on the server's next turn of its event loop.
  await new Promise((r) => setTimeout(r, 300));
}
