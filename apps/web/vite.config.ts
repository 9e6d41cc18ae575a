/// <reference types="vitest/config" />
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { precompress } from './vite-precompress.ts';

const apiTarget = 'http://127.0.0.1:3000';
const require = createRequire(import.meta.url);

/**
 * rehype-katex parses KaTeX's HTML with hast-util-from-html-isomorphic, whose browser build
 * puts it through a <template> element: every style attribute in it is then reported as a
 * violation of our CSP (style-src 'self'). The package's other build parses with parse5 in
 * plain JavaScript, and React then applies the styles through the CSSOM, which the CSP allows.
 */
const htmlParserWithoutDom = require.resolve('hast-util-from-html-isomorphic');

export default defineConfig({
  plugins: [react(), precompress()],
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
    rollupOptions: {
      output: {
        // The lesson screen's renderer is large: split it so no chunk passes 500 kB. These
        // chunks are imported only by the lazy lesson route, so other screens never load them.
        manualChunks(id: string) {
          if (id.includes('/node_modules/katex/')) return 'katex';
          if (/\/node_modules\/(parse5|entities|hast-util-from-(html|parse5))\//.test(id)) {
            return 'html-parser';
          }
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
  },
});
