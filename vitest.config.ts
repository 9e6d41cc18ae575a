import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One Vitest run with a project per workspace; `npm run test:unit` picks the fast ones,
// `npm run test:e2e` runs the browser journeys against the built app.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web', 'e2e'],
    // Vitest leaves a core to its main process, which on a 2-core machine means one worker. The
    // server's tests spend much of their time waiting on PostgreSQL, Redis and argon2's
    // threads, so two workers there finish the unit stage in about 60 % of the time (the
    // browser project runs its files one at a time regardless).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
