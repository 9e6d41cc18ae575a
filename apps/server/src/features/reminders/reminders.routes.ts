import { notificationEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
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
import type { RemindersService } from './reminders.service.js';

const opts = { tags: ['notifications'] };

/** Unsubscribe posts per client address and minute: a mail client posts one per click. */
export const UNSUBSCRIBE_THROTTLE: ThrottleRule = { points: 30, windowSec: 60 };

export interface RemindersRoutesOptions {
  reminders: RemindersService;
  throttle?: ThrottleRule;
  /** Where the counts live (Redis when several instances run). */
  store?: ThrottleStore;
}

export async function remindersRoutes(
  app: FastifyInstance,
  deps: RemindersRoutesOptions,
): Promise<void> {
  const { reminders } = deps;
  const unsubscribes = createThrottle(
    'reminders_unsubscribe',
    deps.throttle ?? UNSUBSCRIBE_THROTTLE,
    deps.store,
  );

  // RFC 8058's one-click body is a form (`List-Unsubscribe=One-Click`); only this plugin's
  // routes read forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  // It may come as multipart/form-data too, its token then in the query: the small body is
  // read and set aside (null). The multipart plugin itself serves only the upload routes.
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, _body, done) => done(null, null),
  );

  route(app, notificationEndpoints.list, opts, async (req) => reminders.list(currentUser(req).id));
  route(app, notificationEndpoints.read, opts, async (req) =>
    reminders.markRead(currentUser(req).id, req.params.id),
  );
  route(app, notificationEndpoints.readAll, opts, async (req) =>
    reminders.markAllRead(currentUser(req).id),
  );
  route(app, notificationEndpoints.locale, opts, async (req) =>
    reminders.setLocale(currentUser(req).id, req.body),
  );

  // Public and without the CSRF token: the signed token is the credential, and a mail client
  // posting the one-click form has neither a login nor the app's cookies. A forged request can
  // do nothing without a token, and a token only ever turns reminders off.
  route(
    app,
    notificationEndpoints.unsubscribe,
    { ...opts, public: true, config: { csrf: false } },
    async (req, reply) => {
      const decision = await unsubscribes.consume(clientAddress(req.ip));
      if (!decision.allowed) throw throttled(reply, decision);
      const token = req.body && 'token' in req.body ? req.body.token : (req.query.token ?? '');
      try {
        const { userId, message } = await reminders.unsubscribe(token);
        req.log.info(
          { event: 'reminders.unsubscribed', userId, ip: req.ip },
          'lesson reminders turned off by an e-mail link',
        );
        return { message };
      } catch (error) {
        req.log.warn(
          { event: 'reminders.unsubscribe_refused', ...securityFields(req) },
          'unsubscribe link refused',
        );
        throw error;
      }
    },
  );
}
