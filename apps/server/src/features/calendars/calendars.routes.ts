import {
  CALENDAR_LIMITS,
  calendarEndpoints,
  calendarSubscribeInputSchema,
} from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/app-error.js';
import { currentUser } from '../../platform/authenticate.js';
import { readUpload, withUploads } from '../../platform/multipart.js';
import { route } from '../../platform/route.js';
import type { CalendarsService } from './calendars.service.js';

const opts = { tags: ['busy time'] };

/** Imported calendars, and the one view of every busy interval (docs/product.md, Busy time). */
export async function calendarRoutes(
  app: FastifyInstance,
  deps: { calendars: CalendarsService },
): Promise<void> {
  const { calendars } = deps;
  route(app, calendarEndpoints.list, opts, async (req) => calendars.list(currentUser(req).id));
  await withUploads(app, (uploads) => {
    route(uploads, calendarEndpoints.create, { ...opts, status: 201 }, async (req) => {
      const user = currentUser(req);
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
  route(app, calendarEndpoints.refresh, opts, async (req) =>
    calendars.refresh(currentUser(req).id, req.params.id),
  );
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
