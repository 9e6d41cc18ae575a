import type { FastifyInstance } from 'fastify';

export interface DrainOptions {
  /** How long requests in flight may take to finish before their connections are cut. */
  drainMs: number;
  /** How often connections that have become idle are closed meanwhile. */
  pollMs?: number;
}

/**
 * Closes the app without waiting on its clients: no new connection is accepted (and a request
 * on a kept-alive one gets 503), requests in flight have `drainMs` to finish, and then every
 * connection still open (a stream, a slow model answer) is cut so the `onClose` hooks can run.
 * Node leaves a kept-alive connection open after server.close() until its keep-alive timeout
 * (72 s in Fastify) even once its last request is answered, hence the polling.
 */
export async function closeDraining(
  app: FastifyInstance,
  { drainMs, pollMs = 100 }: DrainOptions,
): Promise<void> {
  const server = app.server;
  const idle = setInterval(() => server.closeIdleConnections(), pollMs);
  const cut = setTimeout(() => {
    app.log.warn({ event: 'server.connections_cut', drainMs }, 'cutting connections still open');
    server.closeAllConnections();
  }, drainMs);
  try {
    await app.close();
  } finally {
    clearInterval(idle);
    clearTimeout(cut);
  }
}
