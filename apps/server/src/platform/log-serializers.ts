import type { FastifyRequest } from 'fastify';

const FEED_PREFIX = '/api/calendar/';

/**
 * A URL as the log may keep it: a calendar feed's address is its only secret (whoever has it
 * reads the student's calendar), so its token never reaches the log.
 */
export function loggableUrl(url: string): string {
  return url.startsWith(FEED_PREFIX) ? `${FEED_PREFIX}<token>.ics` : url;
}

/** The `req` of every request log line: Fastify's default fields, with the URL made loggable. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
