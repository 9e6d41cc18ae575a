import { calendarFeedEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { attachment } from '../../platform/attachment.js';
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

/** A plan's .ics file to download, named after the plan. */
const icsAttachment = (planName: string) => attachment(planName, 'ics', 'study-plan');

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
