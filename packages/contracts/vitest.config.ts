import { defineConfig } from 'vitest/config';

export default defineConfig({
  // After the server and web projects (apps/server/vitest.config.ts says why).
  test: { name: 'contracts', include: ['src/**/*.test.ts'], sequence: { groupOrder: 2 } },
});
