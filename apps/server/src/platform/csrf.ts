import csrf from '@fastify/csrf-protection';
import { XSRF_COOKIE, XSRF_HEADER } from '@studybuddy/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from './app-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: the route takes no CSRF token. Only for a public route whose credential is in the
     * request itself (an e-mail's signed unsubscribe link, posted by a mail client).
     */
    csrf?: boolean;
  }
}
const SECRET_COOKIE = '_csrf';

/**
 * Double-submit CSRF defence (docs/decisions/0002): the HttpOnly `_csrf` cookie holds a secret,
 * the script-readable XSRF-TOKEN cookie a token derived from it, and every non-GET request must
 * echo that token in X-XSRF-TOKEN. A forged cross-site request cannot read the cookie to echo
 * it.
 */
export async function registerCsrf(app: FastifyInstance, secure: boolean): Promise<void> {
  await app.register(csrf, {
    cookieKey: SECRET_COOKIE,
    // cookieOpts replace the plugin's defaults, so every attribute is stated here.
    cookieOpts: { path: '/', httpOnly: true, sameSite: 'strict', secure, signed: false },
    getToken: (request) => {
      const value = request.headers[XSRF_HEADER.toLowerCase()];
      return typeof value === 'string' ? value : undefined;
    },
  });

  app.addHook('onRequest', (request, reply, done) => {
    const hasSecret = typeof request.cookies[SECRET_COOKIE] === 'string';
    const hasToken = typeof request.cookies[XSRF_COOKIE] === 'string';
    // A client without the pair gets a fresh one on this response, whatever the verdict.
    if (!hasSecret || !hasToken) issueToken(reply, secure);
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.csrf === false)
      return done();
    if (!hasSecret) return done(csrfError());
    app.csrfProtection(request, reply, done);
  });
}

export function csrfError(): AppError {
  return new AppError(403, 'csrf_invalid', 'Your page has expired. Please reload and try again.');
}

function issueToken(reply: FastifyReply, secure: boolean): void {
  const token = reply.generateCsrf();
  reply.setCookie(XSRF_COOKIE, token, { path: '/', sameSite: 'strict', secure, httpOnly: false });
}
