import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * True when the server runs from its TypeScript sources (tests, `npm run dev`) rather than the
 * build. Worker threads and child processes then need tsx registered in them too, since loader
 * flags given to the parent do not reach them.
 */
export const fromSource = new URL(import.meta.url).pathname.endsWith('.ts');

/** The module a child process imports first (`--import`) to run TypeScript sources. */
export function tsxLoaderUrl(): string {
  const pkg = createRequire(import.meta.url).resolve('tsx/package.json');
  return pathToFileURL(pkg.replace(/package\.json$/, 'dist/esm/index.mjs')).href;
}
