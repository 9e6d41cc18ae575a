import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * JSON and text (`text/calendar` feeds too), never `text/event-stream`: an event stream must
 * reach the client event by event, and a compressor would hold events back to fill its blocks.
 */
const COMPRESSIBLE = /^(?:application\/(?:[\w.-]+\+)?json|text\/(?!event-stream))/;

/**
 * Compresses API answers over 1 KB on the fly, at a cheap level: gzip at level 6, or brotli at
 * quality 4 for a client that takes only brotli. At these levels both make answers of the same
 * size, and gzip does it faster at the sizes the API sends (docs/architecture.md). Must be
 * registered before the routes it covers, since it hooks each route as it is added.
 * `builtFiles` are the URL paths of the web build's files: those are served with the .br/.gz
 * copies written at build time (spa.ts), so they are never compressed per request.
 * Server-Sent Events are written straight to the socket by @fastify/sse and pass untouched.
 */
export async function registerCompression(
  app: FastifyInstance,
  builtFiles: ReadonlySet<string>,
): Promise<void> {
  // Runs before the plugin's own onRoute hook, which skips routes marked `compress: false`.
  app.addHook('onRoute', (routeOptions) => {
    if (builtFiles.has(routeOptions.url)) routeOptions.compress = false;
  });
  await app.register(compress, {
    encodings: ['gzip', 'br'],
    threshold: 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    customTypes: COMPRESSIBLE,
    // Clients send plain bodies; accepting compressed ones would only widen what a request can
    // make the server do.
    globalDecompression: false,
  });
}
