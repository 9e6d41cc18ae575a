import { ADMIN_MESSAGES, adminEndpoints, twoFactorEndpoints } from '@studybuddy/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/app-error.js';
import { currentUser } from '../../platform/authenticate.js';
import { route } from '../../platform/route.js';
import { noSuchRoute } from '../../platform/spa.js';
import {
  createThrottle,
  securityFields,
  type Throttle,
  type ThrottleRule,
  type ThrottleStore,
  throttled,
} from '../../platform/throttle.js';
import type { AdminService } from './admin.service.js';

const opts = { tags: ['admin'] };

/**
 * Deletes on request per admin and minute: enough for a queue of requests worked through by
 * hand, and a stolen admin login cannot empty the database in one go.
 */
export const DELETE_THROTTLE: ThrottleRule = { points: 5, windowSec: 60 };

export interface AdminRoutesOptions {
  admin: AdminService;
  /** The profile's throttle of failed current-password checks: a deleted account's goes too. */
  passwordChecks?: Throttle;
  deleteThrottle?: ThrottleRule;
  /** Where the counts live (Redis when several instances run). */
  store?: ThrottleStore;
}

/**
 * The admin routes. To anyone who is not an admin (signed out, a student, an admin whose role
 * was revoked a moment ago) each answers exactly what a path the server does not have answers,
 * before its body is read: the hook below guards every route of this plugin, so a route added
 * here is guarded without a word, and the role is read from the database on every request
 * (the access token's role claim may be up to ACCESS_TOKEN_TTL_SECONDS old).
 */
export async function adminRoutes(app: FastifyInstance, deps: AdminRoutesOptions): Promise<void> {
  const { admin } = deps;
  const deletes = createThrottle(
    'admin_account_delete',
    deps.deleteThrottle ?? DELETE_THROTTLE,
    deps.store,
  );

  // Ways back into an account (reset links, two-step sign-in off), as many as deletes: a stolen
  // admin login cannot take over accounts in bulk.
  const accountHelp = createThrottle(
    'admin_reset_link',
    deps.deleteThrottle ?? DELETE_THROTTLE,
    deps.store,
  );

  // This plugin is encapsulated (registered without fastify-plugin): the hook is its routes'.
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const hidden = noSuchRoute(request.method, request.url);
    try {
      await app.authenticate(request);
    } catch (error) {
      if (error instanceof AppError && error.status === 401) throw hidden;
      throw error;
    }
    if (!(await admin.isAdmin(currentUser(request).id))) throw hidden;
  });

  // `public` only spares these routes the usual login check (a 401 would tell that they exist):
  // the hook above has already let through admins alone.
  route(app, adminEndpoints.overview, { ...opts, public: true }, async () => admin.overview());

  route(app, adminEndpoints.deleteAccount, { ...opts, public: true }, async (req, reply) => {
    const user = currentUser(req);
    const decision = await deletes.consume(`user:${user.id}`);
    if (!decision.allowed) throw throttled(reply, decision);
    const { userId } = await admin.deleteAccount(user.id, req.body.email);
    // As after the student's own delete: the deleted account's counter goes with it.
    await deps.passwordChecks?.delete(`user:${userId}`);
    // Who and when; the student is named by id, as the security log never holds an e-mail.
    req.log.info(
      { event: 'admin.account_deleted', ...securityFields(req), deletedUserId: userId },
      'account deleted by an admin',
    );
    return { message: ADMIN_MESSAGES.deleted };
  });

  // The teacher role (classes): as logged as the admin role, and the account named by e-mail.
  route(app, adminEndpoints.teacher, { ...opts, public: true }, async (req) => {
    const by = await admin.emailOf(currentUser(req).id);
    const result =
      by === undefined
        ? 'no_account'
        : await admin.setTeacher(req.body.email, req.body.teacher, by);
    if (result === 'no_account') throw AppError.notFound(ADMIN_MESSAGES.noSuchStudent);
    if (result === 'unchanged') return { message: ADMIN_MESSAGES.teacherUnchanged };
    return {
      message: req.body.teacher ? ADMIN_MESSAGES.teacherGranted : ADMIN_MESSAGES.teacherRevoked,
    };
  });

  // A reset link, for a student who cannot receive the e-mail: shown here once, never stored.
  route(app, adminEndpoints.resetLink, { ...opts, public: true }, async (req, reply) => {
    const user = currentUser(req);
    const decision = await accountHelp.consume(`user:${user.id}`);
    if (!decision.allowed) throw throttled(reply, decision);
    const by = await admin.emailOf(user.id);
    const made = by === undefined ? undefined : await admin.resetLink(req.body.email, by);
    if (!made) throw AppError.notFound(ADMIN_MESSAGES.noSuchStudent);
    req.log.info(
      { event: 'admin.reset_link', ...securityFields(req), forUserId: made.userId },
      'password-reset link made by an admin',
    );
    return { link: made.link, expiresAt: made.expiresAt };
  });

  // A student who lost the phone with their codes and their recovery codes.
  route(app, twoFactorEndpoints.adminRemove, { ...opts, public: true }, async (req, reply) => {
    const user = currentUser(req);
    const decision = await accountHelp.consume(`user:${user.id}`);
    if (!decision.allowed) throw throttled(reply, decision);
    const by = await admin.emailOf(user.id);
    const done = by === undefined ? undefined : await admin.removeTwoFactor(req.body.email, by);
    if (!done) throw AppError.notFound(ADMIN_MESSAGES.noSuchStudent);
    req.log.info(
      { event: 'admin.two_factor_removed', ...securityFields(req), forUserId: done.userId },
      'two-step sign-in turned off by an admin',
    );
    return { message: 'Two-step sign-in is off for this account.' };
  });
}
