import { ACCOUNT_DATA_MESSAGES, accountDataEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/authenticate.js';
import { route } from '../../platform/route.js';
import {
  createThrottle,
  securityFields,
  type Throttle,
  type ThrottleRule,
  type ThrottleStore,
  throttled,
  withPasswordCheck,
} from '../../platform/throttle.js';
import { clearRefresh } from '../auth/index.js';
import { calendarSiteOf } from '../calendar-feed/index.js';
import type { AccountDataService } from './account-data.service.js';

const opts = { tags: ['account data'] };

/**
 * Exports per student and minute: each reads and holds all the student's rows, so a loop of
 * them is refused long before it weighs on the server.
 */
export const EXPORT_THROTTLE: ThrottleRule = { points: 5, windowSec: 60 };

export interface AccountDataRoutesOptions {
  accountData: AccountDataService;
  /** The profile's throttle of failed current-password checks per student: one count for both. */
  passwordChecks: Throttle;
  cookieSecure: boolean;
  exportThrottle?: ThrottleRule;
  /** Where the counts live (Redis when several instances run). */
  store?: ThrottleStore;
}

export async function accountDataRoutes(
  app: FastifyInstance,
  deps: AccountDataRoutesOptions,
): Promise<void> {
  const { accountData, passwordChecks } = deps;
  const exportReads = createThrottle(
    'account_export',
    deps.exportThrottle ?? EXPORT_THROTTLE,
    deps.store,
  );

  route(app, accountDataEndpoints.export, opts, async (req, reply) => {
    const user = currentUser(req);
    const decision = await exportReads.consume(`user:${user.id}`);
    if (!decision.allowed) throw throttled(reply, decision);
    const data = await accountData.exportData(user.id, calendarSiteOf(req));
    const day = data.exportedAt.slice(0, 10);
    reply.header('content-disposition', `attachment; filename="studybuddy-export-${day}.json"`);
    reply.header('cache-control', 'no-store');
    req.log.info({ event: 'account.exported', ...securityFields(req) }, 'account data exported');
    return data;
  });

  // The password check is a login in disguise: as for the profile's, a point is reserved before
  // the check (so concurrent guesses cannot all slip past) and kept only when it was wrong.
  route(app, accountDataEndpoints.remove, opts, async (req, reply) => {
    const user = currentUser(req);
    const key = `user:${user.id}`;
    await withPasswordCheck(req, reply, passwordChecks, key, () =>
      accountData.deleteAccount(user.id, req.body.password),
    );
    // The account is gone: its counter goes too (SQLite may give its id to a new account).
    await passwordChecks.delete(key);
    clearRefresh(reply, deps.cookieSecure);
    req.log.info({ event: 'account.deleted', ...securityFields(req) }, 'account deleted');
    return { message: ACCOUNT_DATA_MESSAGES.deleted };
  });
}
