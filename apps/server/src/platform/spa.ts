import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.js';

/** Paths that belong to the API: unknown ones answer 404 JSON, never the SPA. */
const API_PREFIXES = ['/api/', '/user/', '/subjects', '/topics', '/lessons', '/review', '/ai/'];

/**
 * A prefix matches its path and what is below it: `/api/` matches `/api`, `/api?x` and
 * `/api/...`; `/subjects` anything that starts so. One expression, as every request asks it
 * (security-headers.ts). The prefixes hold no character special to an expression.
 */
const API_PATH = new RegExp(
  `^(?:${API_PREFIXES.map((p) => (p.endsWith('/') ? `${p.slice(0, -1)}(?:[/?]|$)` : p)).join('|')})`,
);

export function isApiPath(url: string): boolean {
  return API_PATH.test(url);
}

/** A copy written by the build beside its file (`index-abc.js.br`): brotli or gzip. */
const COMPRESSED_COPY = /\.(?:br|gz)$/;

/** The URL paths of the web build's files (`/assets/index-abc.js`), without compressed copies. */
export function listBuiltFiles(webDist: string | undefined): Set<string> {
  if (!webDist) return new Set();
  return new Set(
    readdirSync(webDist, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && !COMPRESSED_COPY.test(e.name))
      .map((e) => `/${relative(webDist, join(e.parentPath, e.name)).split(sep).join('/')}`),
  );
}

/**
 * Serves the built SPA and its assets; any other GET that is not an API path gets index.html
 * (client-side routes). Written by hand because @fastify/static's not-found handling skips
 * hooks under its prefix (fastify-static #126, #354).
 * The build writes brotli and gzip copies beside its files (vite-precompress.ts in apps/web);
 * a client accepting one gets it as it is, so no request spends CPU compressing them.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDist: string | undefined,
): Promise<void> {
  if (webDist) await serveBuild(app, webDist);
  app.setNotFoundHandler(async (request, reply) => {
    const method = request.method;
    if ((method === 'GET' || method === 'HEAD') && !isApiPath(request.url) && webDist) {
      // Through @fastify/static: its compressed copy, ETag and `cache-control: no-cache` apply.
      return reply.sendFile('index.html');
    }
    throw noSuchRoute(method, request.url);
  });
}

async function serveBuild(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    // The copies are sent in place of their file, never under their own URL.
    globIgnore: ['**/*.br', '**/*.gz'],
    // Hashed build files may be cached for a year; everything else is revalidated. The plugin
    // itself sends `Vary: Accept-Encoding` on every file, since it picks a copy by that header.
    setHeaders: (reply, path) => {
      reply.header(
        'cache-control',
        path.includes(`${join(webDist, 'assets')}/`) && /-[A-Za-z0-9_-]{8,}\./.test(path)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
}

/**
 * What a request to a path the server does not have gets: 404 naming the method and path.
 * Routes that hide from some callers (the admin's) answer them with exactly this.
 */
export function noSuchRoute(method: string, url: string): AppError {
  return AppError.notFound(`No route ${method} ${url.split('?')[0]}.`);
}
