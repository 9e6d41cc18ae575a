import {
  CALENDAR_LIMITS,
  calendarEndpoints,
  calendarSubscribeInputSchema,
} from '@studybuddy/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error.js';
import { currentUser } from '../../platform/authenticate.js';
import { readUpload, withUploads } from '../../platform/multipart.js';
import { route } from '../../platform/route.js';
import {
  createThrottle,
  type ThrottleRule,
  type ThrottleStore,
  throttled,
} from '../../platform/throttle.js';
import type { CalendarsService } from './calendars.service.js';

const opts = { tags: ['busy time'] };

/**
 * Calendar reads a student may ask for (imports, by file or link, and "read again"): 30 in 10
 * minutes is more than a student setting up a semester needs; the background refreshes do not
 * count (they run on the job runner, fairly between students).
 */
export const CALENDAR_READ_THROTTLE: ThrottleRule = { points: 30, windowSec: 600 };

/** Imported calendars, and the one view of every busy interval (docs/product.md, Busy time). */
export async function calendarRoutes(
  app: FastifyInstance,
  deps: { calendars: CalendarsService; store?: ThrottleStore; readThrottle?: ThrottleRule },
): Promise<void> {
  const { calendars } = deps;
  // Every import and "read again" fetches (up to 5 MB from a link) and parses on the shared work
  // pool: a student gets CALENDAR_READ_THROTTLE of them, so one cannot crowd out the others.
  const reads = createThrottle(
    'calendar_read',
    deps.readThrottle ?? CALENDAR_READ_THROTTLE,
    deps.store,
  );
  const spendRead = async (request: FastifyRequest, reply: FastifyReply) => {
    const decision = await reads.consume(`user:${currentUser(request).id}`);
    if (!decision.allowed)
      throw throttled(
        reply,
        decision,
        (wait) => `You have read calendars too often. Please try again in ${wait}.`,
      );
  };
  route(app, calendarEndpoints.list, opts, async (req) => calendars.list(currentUser(req).id));
  await withUploads(app, (uploads) => {
    route(uploads, calendarEndpoints.create, { ...opts, status: 201 }, async (req, reply) => {
      const user = currentUser(req);
      await spendRead(req, reply);
      if (!req.isMultipart()) {
        // A link to subscribe to. Never logged: it is the calendar's only secret.
        const input = calendarSubscribeInputSchema.safeParse(req.body);
        if (!input.success)
          throw new AppError(
            400,
            'validation_failed',
            'Send a calendar link as { name, url }, or a file.',
            [{ path: 'url', message: 'Enter the calendar link (https://, http:// or webcal://).' }],
          );
        const calendar = await calendars.subscribe(user.id, input.data);
        req.log.info(
          {
            event: 'calendar.subscribed',
            userId: user.id,
            calendarId: calendar.id,
            busy: calendar.eventCount,
          },
          'calendar subscribed',
        );
        return calendar;
      }
      const upload = await readUpload(req);
      const [file, ...more] = upload.files;
      if (!file || more.length > 0 || file.field !== 'file')
        throw new AppError(400, 'validation_failed', 'Send one calendar file (.ics) as `file`.');
      const name = upload.fields.name?.slice(0, CALENDAR_LIMITS.nameMax);
      const calendar = await calendars.importFile(user.id, {
        ...(name ? { name } : {}),
        filename: file.filename,
        data: file.data,
      });
      req.log.info(
        {
          event: 'calendar.imported',
          userId: user.id,
          calendarId: calendar.id,
          busy: calendar.eventCount,
        },
        'calendar imported',
      );
      return calendar;
    });
  });
  route(app, calendarEndpoints.refresh, opts, async (req, reply) => {
    await spendRead(req, reply);
    return calendars.refresh(currentUser(req).id, req.params.id);
  });
  route(app, calendarEndpoints.update, opts, async (req) =>
    calendars.update(currentUser(req).id, req.params.id, req.body),
  );
  route(app, calendarEndpoints.remove, opts, async (req) => {
    await calendars.remove(currentUser(req).id, req.params.id);
    return { message: 'Calendar removed.' };
  });
  route(app, calendarEndpoints.occurrences, opts, async (req) =>
    calendars.occurrences(currentUser(req).id, req.query.from, req.query.to),
  );
}
