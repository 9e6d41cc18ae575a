import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error.js';
import type { TokenService } from './tokens.js';

export interface AuthUser {
  id: number;
  email: string;
  name: string;
  role: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    authUser: AuthUser | undefined;
  }
  interface FastifyInstance {
    /** onRequest hook of every route not marked public (see route.ts). */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

export interface AuthenticateOptions {
  tokens: TokenService;
  /** True while the session row is live (not revoked, not expired) and belongs to the user. */
  isSessionLive: (sessionId: string, userId: number) => Promise<boolean>;
}

/** Verifies the Bearer token and its server-side session on every protected request. */
export const authenticatePlugin = fp(
  async (app: FastifyInstance, opts: AuthenticateOptions) => {
    app.decorateRequest('authUser', undefined);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const match = header?.match(/^Bearer ([A-Za-z0-9._~+/=-]+)$/);
      if (!match?.[1]) throw AppError.unauthorized();
      const claims = opts.tokens.verify(match[1]);
      const userId = claims ? Number(claims.sub) : Number.NaN;
      if (!claims || !Number.isSafeInteger(userId)) {
        request.log.info({ event: 'auth.token_rejected' }, 'invalid access token');
        throw AppError.unauthorized(
          'Your session has expired. Please log in again.',
          'token_invalid',
        );
      }
      if (!(await opts.isSessionLive(claims.sid, userId))) {
        request.log.info({ event: 'auth.session_rejected', userId }, 'session not live');
        throw AppError.unauthorized(
          'Your session has expired. Please log in again.',
          'token_invalid',
        );
      }
      request.authUser = {
        id: userId,
        email: claims.email,
        name: claims.name,
        role: claims.role,
        sessionId: claims.sid,
      };
    });
  },
  { name: 'authenticate' },
);

/** The logged-in student of a route behind `app.authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw AppError.unauthorized();
  return request.authUser;
}
