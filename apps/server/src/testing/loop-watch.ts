import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

export interface LoopFigures {
  /** Longest answer of `/api/health`, polled every 100 ms, in ms. */
  maxHealthMs: number;
  /** Longest the event loop was held, in ms. */
  maxLoopDelayMs: number;
}

/**
 * Watches how available the server stays while something runs: another client polls
 * `/api/health` every 100 ms and the event loop's delay is sampled.
 */
export function watchLoop(app: FastifyInstance): { stop(): Promise<LoopFigures> } {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let maxHealthMs = 0;
  let running = true;
  const poll = (async () => {
    while (running) {
      const t = performance.now();
      await app.inject({ url: '/api/health' });
      maxHealthMs = Math.max(maxHealthMs, performance.now() - t);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      await poll;
      histogram.disable();
      return { maxHealthMs, maxLoopDelayMs: histogram.max / 1e6 };
    },
  };
}
