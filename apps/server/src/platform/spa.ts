import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.js';

/** Paths that belong to the API: unknown ones answer 404 JSON, never the SPA. */
const API_PREFIXES = ['/api/', '/user/', '/subjects', '/topics', '/lessons', '/review', '/ai/'];

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return API_PREFIXES.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p));
}

/**
 * Serves the built SPA and its assets; any other GET that is not an API path gets index.html
 * (client-side routes). Written by hand because @fastify/static's not-found handling skips
 * hooks under its prefix (fastify-static #126, #354).
 */
export async function registerSpa(
  app: FastifyInstance,
  webDist: string | undefined,
): Promise<void> {
  const indexHtml = webDist ? readFileSync(join(webDist, 'index.html')) : undefined;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      cacheControl: false,
      // Hashed build files may be cached for a year; everything else is revalidated.
      setHeaders: (res, path) => {
        res.setHeader(
          'cache-control',
          path.includes(`${join(webDist, 'assets')}/`) && /-[A-Za-z0-9_-]{8,}\./.test(path)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const method = request.method;
    if ((method === 'GET' || method === 'HEAD') && !isApiPath(request.url) && indexHtml) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(indexHtml);
    }
    throw noSuchRoute(method, request.url);
  });
}

/**
 * What a request to a path the server does not have gets: 404 naming the method and path.
 * Routes that hide from some callers (the admin's) answer them with exactly this.
 */
export function noSuchRoute(method: string, url: string): AppError {
  return AppError.notFound(`No route ${method} ${url.split('?')[0]}.`);
}
