import { calendarFeedEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../platform/authenticate.js';
import { route } from '../../platform/route.js';
import {
  clientAddress,
  createThrottle,
  securityFields,
  type ThrottleRule,
  type ThrottleStore,
  throttled,
} from '../../platform/throttle.js';
import type { CalendarFeedService } from './calendar-feed.service.js';
import type { CalendarSite } from './calendar-ics.js';

const opts = { tags: ['calendar feed'] };
const ICS = 'text/calendar; charset=utf-8';

/** Feed reads per client address and minute: far above any calendar app's polling. */
export const FEED_THROTTLE: ThrottleRule = { points: 60, windowSec: 60 };

/**
 * The web app as this request reached it (TRUST_PROXY decides whether X-Forwarded-Proto and
 * X-Forwarded-Host count), for the feed's address and the links in the events.
 */
export function siteOf(request: FastifyRequest): CalendarSite {
  return { origin: `${request.protocol}://${request.host}`, uidDomain: request.hostname };
}

/** The name with each control character, slash, backslash and lone surrogate made a space. */
const printable = (name: string): string =>
  Array.from(name, (c) => {
    const code = c.codePointAt(0) ?? 0;
    const unsafe =
      code < 0x20 || code === 0x7f || c === '/' || c === '\\' || (code >= 0xd800 && code <= 0xdfff);
    return unsafe ? ' ' : c;
  }).join('');

/**
 * `attachment; filename="<ASCII name>.ics"; filename*=UTF-8''<the name, percent-encoded>`
 * (RFC 6266 with RFC 5987): browsers that read `filename*` keep "Μαθηματικά.ics", the others
 * get the ASCII fallback ("study-plan.ics" when nothing of the name is ASCII).
 */
export function icsAttachment(name: string): string {
  // At most 100 characters first, so the patterns below only ever see short text.
  const clean = Array.from(printable(name).trim()).slice(0, 100).join('').trim();
  const ascii = clean
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9 ._-]+/g, '_')
    .replace(/_{2,}/g, '_')
    .replace(/^[\s._-]+|[\s._-]+$/g, '');
  const fallback = /[A-Za-z0-9]/.test(ascii) ? ascii : 'study-plan';
  const full = clean || fallback;
  const encoded = encodeURIComponent(`${full}.ics`).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}.ics"; filename*=UTF-8''${encoded}`;
}

export async function calendarFeedRoutes(
  app: FastifyInstance,
  deps: { calendarFeed: CalendarFeedService; throttle?: ThrottleRule; store?: ThrottleStore },
): Promise<void> {
  const { calendarFeed } = deps;
  const feedReads = createThrottle('calendar_feed', deps.throttle ?? FEED_THROTTLE, deps.store);

  route(app, calendarFeedEndpoints.get, opts, async (req) =>
    calendarFeed.getFeed(currentUser(req).id, siteOf(req)),
  );
  route(app, calendarFeedEndpoints.renew, opts, async (req) => {
    const feed = await calendarFeed.renewFeed(currentUser(req).id, siteOf(req));
    req.log.info(
      { event: 'calendar_feed.renewed', ...securityFields(req) },
      'calendar feed renewed',
    );
    return feed;
  });
  route(app, calendarFeedEndpoints.turnOff, opts, async (req) => {
    const feed = await calendarFeed.turnOffFeed(currentUser(req).id);
    req.log.info({ event: 'calendar_feed.off', ...securityFields(req) }, 'calendar feed off');
    return feed;
  });

  // Public: the secret address is the credential (calendar apps send no login). Every address
  // that opens nothing is the same 404, and reads are throttled per client address.
  route(
    app,
    calendarFeedEndpoints.feed,
    { ...opts, public: true, contentType: ICS },
    async (req, reply) => {
      const decision = await feedReads.consume(clientAddress(req.ip));
      if (!decision.allowed) throw throttled(reply, decision);
      const ics = await calendarFeed.feedCalendar(req.params.token, siteOf(req));
      reply.header('cache-control', 'private, max-age=300');
      return ics;
    },
  );

  route(app, calendarFeedEndpoints.planIcs, { ...opts, contentType: ICS }, async (req, reply) => {
    const { planName, ics } = await calendarFeed.planCalendar(
      currentUser(req).id,
      req.params.planId,
      siteOf(req),
    );
    reply.header('content-disposition', icsAttachment(planName));
    return ics;
  });
}
