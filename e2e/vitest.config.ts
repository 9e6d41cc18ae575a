import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.spec.ts'],
    environment: 'node',
    globalSetup: ['./support/global-setup.ts'],
    // Two files at a time (the root config's maxWorkers): a journey spends much of its time
    // waiting on the server and the page, and on two cores one browser at a time left a third
    // of the CPU idle. Journeys never share a student, and a journey that moves the clock
    // starts a server of its own (support/clock.ts).
    fileParallelism: true,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
