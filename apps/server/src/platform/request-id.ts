import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The header a request id arrives in (from a trusted proxy) and leaves in, on every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What an incoming id may look like: short, and nothing that could forge a log line. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId`: a fresh UUID per request, or the proxy's `x-request-id` when a proxy is
 * trusted (TRUST_PROXY), so one id follows the request through the proxy's log and ours. A
 * client reaching the app directly could send any value, hence the header is ignored otherwise.
 */
export function createRequestIdGenerator(
  trustProxy: string | boolean,
): (req: IncomingMessage) => string {
  return (req) => {
    if (trustProxy !== false) {
      const incoming = req.headers[REQUEST_ID_HEADER];
      if (typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming)) return incoming;
    }
    return randomUUID();
  };
}

/** Sends the request id back on every answer (errors and 404s too), before any handler runs. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  // A callback hook: an async one costs every request a promise and a microtask turn.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
