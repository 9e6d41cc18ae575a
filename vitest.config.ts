import { defineConfig } from 'vitest/config';

// One Vitest run with a project per workspace; `npm run test:unit` picks the fast ones,
// `npm run test:e2e` runs the browser journeys against the built app.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web', 'e2e'],
  },
});
