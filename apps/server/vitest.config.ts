import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['studybuddy-source'] },
  ssr: { resolve: { conditions: ['studybuddy-source'] } },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    // Drops the run's PostgreSQL test schemas at its end (testing/test-db.ts reuses them).
    globalSetup: ['./src/testing/global-setup.ts'],
    // One module graph per worker for all files: loading the app afresh for each of 150 files
    // cost about 3 minutes. A file that mocks a module loads the app after vi.resetModules().
    isolate: false,
    // The projects run one after another (web: 1, contracts: 2), each in workers of its own: a
    // worker switching between projects loads the other's modules and page again.
    sequence: { groupOrder: 0 },
    // argon2 hashing is CPU-bound; two cores are shared by the workers.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
