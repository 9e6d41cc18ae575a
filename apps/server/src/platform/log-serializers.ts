import type { FastifyRequest } from 'fastify';

const FEED = '/api/calendar/<token>.ics';
/**
 * A calendar feed's path, however it is spelled: the router matches the percent-decoded path,
 * so `/api/%63alendar/...` serves the feed too. Matched on the path with its ASCII escapes
 * decoded, in any case and with repeated slashes, a little wider than the router, so a mistyped
 * address keeps its token out of the log as well.
 */
const FEED_PATH = /^\/+api\/+calendar\//i;
/**
 * A query that names a token or a code: an e-mail's unsubscribe links carry theirs as `?token=`
 * (the web page `/unsubscribe` and the one-click `/api/reminders/unsubscribe`), and a school
 * sign-in's callback its authorization code as `?code=`; the query parser decodes names
 * (`?%74oken=` is read as the token). Whatever the path, so no spelling of the path matters;
 * matched in any case and anywhere in the query, wider than what is read.
 */
const TOKEN_QUERY = /token|code/i;

/** `%XX` escapes of ASCII characters decoded: enough to compare, and never throws. */
const asciiDecoded = (text: string): string =>
  text.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );

/**
 * A URL as the log may keep it: a calendar feed's address is its only secret (whoever has it
 * reads the student's calendar), so its token never reaches the log; nor does the token of an
 * e-mail's unsubscribe links (the query is logged as `?<token>`). `route`: the pattern of the
 * route that served the request when it has a `:token` in its path: then its pattern is logged
 * (an alias of the feed too), whatever the URL's spelling; any other URL is judged by its path,
 * so a mistyped feed address that no route served is kept out too.
 */
export function loggableUrl(url: string, route?: string): string {
  if (route?.includes(':token')) return route.replace(':token', '<token>');
  const end = url.indexOf('?');
  const path = end === -1 ? url : url.slice(0, end);
  if (FEED_PATH.test(path.includes('%') ? asciiDecoded(path) : path)) return FEED;
  if (end !== -1 && TOKEN_QUERY.test(asciiDecoded(url.slice(end)))) return `${path}?<token>`;
  return url;
}

/**
 * The pattern of the route that served the request when the router gave it a `token` parameter
 * (read only then: Fastify builds `routeOptions` anew on each read, and this runs per request).
 */
function secretRoute(request: FastifyRequest): string | undefined {
  const params = request.params;
  return typeof params === 'object' && params !== null && 'token' in params
    ? request.routeOptions.url
    : undefined;
}

/**
 * The `req` of every log line that names a request: Fastify's default fields, with the URL made
 * loggable. No header: the authorization header and cookies are credentials.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url, secretRoute(request)),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The `res` of every log line that names an answer: its status, never its headers (cookies). */
export function serializeReply(reply: { statusCode: number }) {
  return { statusCode: reply.statusCode };
}
