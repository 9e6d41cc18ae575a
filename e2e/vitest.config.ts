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
    // expect.poll waits 1 s by default. A journey polls the page or the browser for what the app
    // does in the background (a service worker showing a push, a queue's sends landing), and a
    // loaded CI machine took longer than 1 s to show a pushed notification. What each poll
    // expects is unchanged; it only waits as long as a slow run needs.
    expect: { poll: { timeout: 10_000 } },
  },
});
