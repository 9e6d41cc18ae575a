/// <reference types="vitest/config" />
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './vite-precompress.ts';
import { zodWithoutJsonSchema } from './vite-zod-without-json-schema.ts';

const apiTarget = 'http://127.0.0.1:3000';
const require = createRequire(import.meta.url);

/**
 * rehype-katex parses KaTeX's HTML with hast-util-from-html-isomorphic, whose browser build
 * puts it through a <template> element: every style attribute in it is then reported as a
 * violation of our CSP (style-src 'self'). The package's other build parses with parse5 in
 * plain JavaScript, and React then applies the styles through the CSSOM, which the CSP allows.
 */
const htmlParserWithoutDom = require.resolve('hast-util-from-html-isomorphic');

/**
 * What the app's shell runs before it can show any screen: the libraries (less the query hooks
 * only some screens use), the bundler's helpers, the app's configuration, the hooks every
 * screen uses and the contracts' endpoint helpers (each was a file of its own under 1 KB).
 * One file compresses better than the several it would otherwise be. A module matched here
 * brings its imports along, so only modules the shell needs anyway may be listed.
 */
const FIRST_SCREEN_MODULES = [
  /\/node_modules\/(react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store|zod)\//,
  /\/node_modules\/@tanstack\/(react-query|query-core)\/(?!.*\/(useQueries|queriesObserver|useMutation|mutationObserver)\.js$)/,
  /^\0(rolldown\/runtime|vite\/preload-helper)/,
  /\/apps\/web\/src\/(config\/|hooks\/(use-focus-trap|use-document-title)\.ts$)/,
  /\/packages\/contracts\/src\/endpoint\.ts$/,
];

/** Modules whose import has no effect of its own: the contracts' and the app's TypeScript. */
const OWN_MODULE = /\/(?:packages\/contracts|apps\/web)\/src\/.*\.tsx?$/;
function withoutSideEffects(id: string): boolean | undefined {
  return OWN_MODULE.test(id) ? false : undefined;
}

/**
 * Paths the server answers itself (its API_PREFIXES in platform/spa.ts): a navigation there is
 * never answered with the app's cached shell.
 */
const SERVER_PATHS = [
  /^\/api(?:[/?]|$)/,
  /^\/user(?:[/?]|$)/,
  /^\/(?:subjects|topics|lessons|review)/,
  /^\/ai\//,
];

/**
 * Installable, and the shell and built files from the cache (docs/architecture.md, The phone):
 * Workbox precaches the shell and every built file, keeps the translations fresh in the
 * background, and never caches an API answer here. `prompt`: a new version waits for the
 * student's "Reload" (update-prompt.tsx), so it never reloads under a form.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  // The icons and the favicon are in globPatterns already: listed again (includeAssets, the
  // manifest's icons) they entered the precache twice, with and without a revision, and Workbox
  // refused the whole list (add-to-cache-list-conflicting-entries): nothing was cached.
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: 'StudyBuddy',
    short_name: 'StudyBuddy',
    description: 'A study planner that knows your time and what you remember.',
    lang: 'en',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: '#0b5f7a',
    background_color: '#eef6f9',
    icons: [
      { src: '/assets/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/assets/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      {
        src: '/assets/icons/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    // Only Vite's hashed names (zod-DdZZ4RMr.js) are known by their name; public/assets keeps
    // its names (the icons), so those are precached with a revision and refreshed when changed.
    dontCacheBustURLsMatching: /-[\w-]{8}\.[a-z0-9]+$/,
    // The lesson screen's renderer (KaTeX) is the largest file; it is precached like the rest.
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    // The push reminders' handlers (public/push-sw.js): Workbox writes the worker, this adds
    // what it has no option for.
    importScripts: ['/push-sw.js'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: SERVER_PATHS,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        urlPattern: ({ url }) => url.pathname.startsWith('/assets/i18n/'),
        handler: 'StaleWhileRevalidate',
        options: { cacheName: 'translations', expiration: { maxEntries: 10 } },
      },
    ],
  },
});

export default defineConfig({
  plugins: [react(), precompress(), zodWithoutJsonSchema(), pwa],
  // 'studybuddy-source' lets '@studybuddy/contracts' resolve to its TypeScript source (no build step).
  resolve: {
    conditions: ['studybuddy-source', ...defaultClientConditions],
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: /^hast-util-from-html-isomorphic$/, replacement: htmlParserWithoutDom },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    modulePreload: {
      // A browser without <link rel="modulepreload"> still loads every module, only later: no
      // polyfill for it on the first screen.
      polyfill: false,
      // A lazy screen's scripts are not announced one by one: a <link rel="modulepreload"> for
      // each of a screen's 30-odd chunks, inserted while React rendered it, was the dashboard's
      // longest task (about 100 ms of 200 on a throttled phone). The browser fetches them as it
      // reads the screen's chunk; its styles still load before it shows. The page's own HTML
      // keeps its preloads.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    rollupOptions: {
      // The contracts and the app's own modules do nothing when imported (no module is imported
      // for its side effects; CSS is apart): a chunk then takes only the modules whose exports
      // it uses, so the first screen does not carry every schema a barrel import reaches.
      treeshake: { moduleSideEffects: withoutSideEffects },
      output: {
        // The lesson screen's renderer is large: split it so no chunk passes 500 kB. These
        // chunks are imported only by the lazy lesson route, so other screens never load them.
        manualChunks(id: string) {
          if (id.includes('/node_modules/katex/')) return 'katex';
          if (/\/node_modules\/(parse5|entities|hast-util-from-(html|parse5))\//.test(id)) {
            return 'html-parser';
          }
          if (FIRST_SCREEN_MODULES.some((pattern) => pattern.test(id))) return 'framework';
          return undefined;
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/user': { target: apiTarget, changeOrigin: false },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    setupFiles: ['src/testing/setup.ts'],
    // One page and one module graph for all files: a fresh jsdom per file cost 2.5 minutes of a
    // 3-minute run. testing/setup.ts clears what a test leaves behind.
    isolate: false,
    // After the server project (its vitest.config.ts says why).
    sequence: { groupOrder: 1 },
  },
});
