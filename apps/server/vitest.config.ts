import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['studybuddy-source'] },
  ssr: { resolve: { conditions: ['studybuddy-source'] } },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    // argon2 hashing is CPU-bound; two cores are shared by the workers.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
