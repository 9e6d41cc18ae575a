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

/**
 * The `req` of every log line that names a request: Fastify's default fields, with the URL made
 * loggable. No header: the authorization header and cookies are credentials.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The `res` of every log line that names an answer: its status, never its headers (cookies). */
export function serializeReply(reply: { statusCode: number }) {
  return { statusCode: reply.statusCode };
}
