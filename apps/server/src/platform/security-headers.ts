import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's policy with a CSP stricter than its defaults (ASVS 3.4.3/3.4.6: base-uri and framing
 * 'none', no inline script or style).
 */
function policy(secure: boolean): Readonly<HelmetOptions> {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet sets for `policy`, computed once. Nothing in our policy depends on the
 * request (no nonces, no per-route policy), so every answer gets the same headers; asking
 * helmet anew per request (as @fastify/helmet does) cost a few percent of each request.
 */
export function securityHeaders(secure: boolean): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(policy(secure))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return Object.freeze(headers);
}

/**
 * The security headers on every answer, set before anything else runs so even early rejections
 * (404, 413, 429) carry them. API answers hold personal data, so by default nothing is cached
 * by the browser or a proxy (ASVS 14.3.2): a route or a file that may be cached says so with its
 * own `cache-control`, which replaces this one. Set here rather than checked in an onSend hook:
 * one hook less on every request.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  secure: boolean,
): Promise<void> {
  const headers = Object.freeze({ ...securityHeaders(secure), 'cache-control': 'no-store' });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
