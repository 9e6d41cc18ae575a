import type { FastifyRequest } from 'fastify';

const FEED_PREFIX = '/api/calendar/';
const UNSUBSCRIBE_PATH = '/api/reminders/unsubscribe';

/**
 * A URL as the log may keep it: a calendar feed's address is its only secret (whoever has it
 * reads the student's calendar), so its token never reaches the log; nor does the token of an
 * e-mail's one-click unsubscribe address.
 */
export function loggableUrl(url: string): string {
  if (url.startsWith(FEED_PREFIX)) return `${FEED_PREFIX}<token>.ics`;
  if (url.startsWith(`${UNSUBSCRIBE_PATH}?`)) return `${UNSUBSCRIBE_PATH}?<token>`;
  return url;
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
