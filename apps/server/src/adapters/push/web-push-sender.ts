import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import webpush, { type RequestDetails } from 'web-push';
import type { VapidKeys } from '../../config/config.js';
import { checkedLookup, isRefusedAddress } from '../calendar-fetch/address-rule.js';

/** A push that has no answer within this long fails (the reminder's bell and e-mail stay). */
export const PUSH_TIMEOUT_MS = 10_000;

/** A browser's push subscription, as stored. */
export interface PushTarget {
  endpoint: string;
  /** The browser's P-256 public key and auth secret, base64url (RFC 8291). */
  p256dh: string;
  auth: string;
}

/** What a push service did with one push. Never the address: it is the device's capability. */
export type PushOutcome =
  | { kind: 'delivered'; status: number }
  /** 404 or 410: the subscription ended (the browser unsubscribed, or the push service forgot it). */
  | { kind: 'gone'; status: number }
  /** The address is not one the server may reach (docs/security.md, Push addresses). */
  | { kind: 'refused' }
  | { kind: 'failed'; status: number | null; reason: string };

/** Whether a push address may be stored: `invalid` (not https), `refused` (where it points). */
export type EndpointCheck = 'ok' | 'invalid' | 'refused';

/** Sends Web Push messages; tests may swap it (createTestApp's `pushSender`). */
export interface PushSender {
  /** The address rule of a new subscription, on every address its host resolves to. */
  check(endpoint: string): Promise<EndpointCheck>;
  /**
   * Encrypts `payload` for the browser (aes128gcm), signs with VAPID and posts it with `Urgency:
   * high`, kept by the push service for `ttlSeconds`. Resolves with the outcome; never rejects.
   */
  send(target: PushTarget, payload: string, opts: { ttlSeconds: number }): Promise<PushOutcome>;
}

export interface WebPushSenderOptions {
  vapid: VapidKeys & { subject: string };
  /** PUSH_ALLOW_PRIVATE: http:// and private, loopback addresses too (tests). */
  allowPrivate: boolean;
  timeoutMs?: number;
  /** Every address a host name resolves to (tests answer without DNS); dns.lookup by default. */
  resolve?: (host: string) => Promise<string[]>;
}

class RefusedAddress extends Error {}
const refused = () => new RefusedAddress('refused address');

const resolveAll = async (host: string) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** The address as a URL the rule lets through, else why not. */
function readEndpoint(endpoint: string, allowPrivate: boolean): URL | 'invalid' | 'refused' {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'invalid';
  }
  if (url.username || url.password) return 'invalid';
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return 'invalid';
  // A push service is reached by its name: an address written in the endpoint is refused, public
  // or not (it would also connect without the lookup that checks it).
  if (!allowPrivate && isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0) return 'refused';
  return url;
}

/**
 * Web Push through the `web-push` package (VAPID, RFC 8291 aes128gcm): it makes the request
 * (`generateRequestDetails`) and this module sends it, as the calendar fetch does, so that the
 * connection goes to the address whose check passed (`checkedLookup`, no second lookup), over
 * http only for tests (PUSH_ALLOW_PRIVATE): web-push's own `sendNotification` speaks https only
 * and resolves the name again itself.
 */
export function createWebPushSender(opts: WebPushSenderOptions): PushSender {
  const timeoutMs = opts.timeoutMs ?? PUSH_TIMEOUT_MS;
  const resolve = opts.resolve ?? resolveAll;
  const vapidDetails = {
    subject: opts.vapid.subject,
    publicKey: opts.vapid.publicKey,
    privateKey: opts.vapid.privateKey,
  };

  function post(url: URL, details: RequestDetails): Promise<number> {
    return new Promise((done, fail) => {
      const mod = url.protocol === 'https:' ? https : http;
      const req = mod.request(
        url,
        {
          method: 'POST',
          headers: details.headers,
          signal: AbortSignal.timeout(timeoutMs),
          lookup: checkedLookup(opts.allowPrivate, refused) as never,
          agent: false,
        },
        (res) => {
          // The answer's body says nothing the status does not; it is read to the end unkept.
          res.resume();
          res.on('end', () => done(res.statusCode ?? 0));
          res.on('error', fail);
        },
      );
      req.on('error', fail);
      req.end(details.body ?? undefined);
    });
  }

  return {
    async check(endpoint) {
      const url = readEndpoint(endpoint, opts.allowPrivate);
      if (!(url instanceof URL)) return url;
      if (opts.allowPrivate) return 'ok';
      try {
        const addresses = await resolve(url.hostname);
        return addresses.length > 0 && !addresses.some(isRefusedAddress) ? 'ok' : 'refused';
      } catch {
        // A name that does not resolve is no push service the server can reach.
        return 'refused';
      }
    },

    async send(target, payload, { ttlSeconds }) {
      const url = readEndpoint(target.endpoint, opts.allowPrivate);
      if (!(url instanceof URL)) return { kind: 'refused' };
      let details: RequestDetails;
      try {
        details = webpush.generateRequestDetails(
          { endpoint: url.href, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails,
            TTL: Math.max(0, Math.floor(ttlSeconds)),
            urgency: 'high',
            contentEncoding: 'aes128gcm',
          },
        );
      } catch {
        return { kind: 'failed', status: null, reason: 'the subscription keys do not encrypt' };
      }
      let status: number;
      try {
        status = await post(url, details);
      } catch (error) {
        const e = error as NodeJS.ErrnoException;
        if (error instanceof RefusedAddress || e.code === 'EADDRREFUSED')
          return { kind: 'refused' };
        const reason =
          e.name === 'TimeoutError' || e.name === 'AbortError'
            ? `no answer in ${timeoutMs / 1000} s`
            : `not reached (${e.code ?? 'network error'})`;
        return { kind: 'failed', status: null, reason };
      }
      if (status >= 200 && status < 300) return { kind: 'delivered', status };
      if (status === 404 || status === 410) return { kind: 'gone', status };
      return { kind: 'failed', status, reason: `the push service answered ${status}` };
    },
  };
}
