import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { DOCS_PREFIX } from './openapi.js';
import { isApiPath } from './spa.js';

/**
 * What a page gets: helmet's policy with a CSP stricter than its defaults (ASVS 3.4.3/3.4.6:
 * base-uri and framing 'none', no inline script or style).
 */
function documentPolicy(secure: boolean): Readonly<HelmetOptions> {
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
        // The app's service worker and manifest (installable, usable with no signal).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
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
 * What an API answer (JSON, a calendar file) gets: the headers OWASP's REST Security Cheat
 * Sheet names for one, with a CSP that lets nothing load or frame it should a browser open it
 * as a page. Helmet's other headers act only on pages (the opener policy, the origin-keyed
 * agent cluster, DNS prefetching, the XSS auditor of old browsers, Internet Explorer's open
 * dialog, Flash's and Acrobat's cross-domain policy files): on an API answer they did nothing
 * but cost about a microsecond each, a tenth of a small request's time.
 */
function apiPolicy(secure: boolean): Readonly<HelmetOptions> {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  };
}

/**
 * The headers helmet sets for a policy, computed once. Nothing in ours depends on the request
 * (no nonces), so every answer of a kind gets the same headers; asking helmet anew per request
 * (as @fastify/helmet does) cost a few percent of each request.
 */
function helmetHeaders(policy: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(policy)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return Object.freeze(headers);
}

/** The security headers of a page, and of an API answer. */
export function securityHeaders(secure: boolean): {
  document: Readonly<Record<string, string>>;
  api: Readonly<Record<string, string>>;
} {
  return { document: helmetHeaders(documentPolicy(secure)), api: helmetHeaders(apiPolicy(secure)) };
}

/** An API path whose answers are never a page: Swagger UI's page and files are the exception. */
const isApiAnswer = (url: string) => isApiPath(url) && !url.startsWith(DOCS_PREFIX);

/**
 * The security headers on every answer, set before anything else runs so even early rejections
 * (404, 413, 429) carry them: by the path, as the SPA tells pages from API paths (spa.ts). API
 * answers hold personal data, so by default nothing is cached by the browser or a proxy (ASVS
 * 14.3.2): a route or a file that may be cached says so with its own `cache-control`, which
 * replaces this one. Set here rather than checked in an onSend hook: one hook less on every
 * request.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  secure: boolean,
): Promise<void> {
  const { document, api } = securityHeaders(secure);
  const noStore = { 'cache-control': 'no-store' };
  const pageHeaders = Object.freeze({ ...document, ...noStore });
  const apiHeaders = Object.freeze({ ...api, ...noStore });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? apiHeaders : pageHeaders);
    done();
  });
}
