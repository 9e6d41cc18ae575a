import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { checkedLookup, isRefusedAddress } from './address-rule.js';

/**
 * A subscribed calendar link fetched (docs/security.md, Calendar links): http(s) only (webcal
 * is https), every address the name resolves to checked before connecting, and the connection
 * made to the checked address itself (no second lookup that could answer otherwise), on every
 * hop of a redirect; at most 5 redirects, 10 s and 5 MB; ETag and Last-Modified honoured.
 */
export const CALENDAR_FETCH_LIMITS = {
  timeoutMs: 10_000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 5,
} as const;

export type CalendarFetchProblem =
  | 'bad_address'
  | 'address_refused'
  | 'unreachable'
  | 'timeout'
  | 'too_large'
  | 'too_many_redirects'
  | 'http_error';

export class CalendarFetchError extends Error {
  constructor(
    readonly problem: CalendarFetchProblem,
    message: string,
  ) {
    super(message);
  }
}

export type FetchedCalendar =
  | { status: 'changed'; text: string; etag: string | undefined; lastModified: string | undefined }
  | { status: 'unchanged' };

export interface FetchOptions {
  /** The admin's ICS_ALLOW_PRIVATE: a school's own timetable server on its network. */
  allowPrivate: boolean;
  etag?: string | undefined;
  lastModified?: string | undefined;
  timeoutMs?: number;
  maxBytes?: number;
}

/** A link as the student pasted it, as an http(s) URL (webcal:// is https://). */
export function calendarUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim().replace(/^webcals?:\/\//i, 'https://'));
  } catch {
    throw new CalendarFetchError('bad_address', 'This is not a web address.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new CalendarFetchError('bad_address', 'Only http, https and webcal links can be read.');
  if (url.username || url.password) url.username = url.password = '';
  return url;
}

const refusedError = () =>
  new CalendarFetchError('address_refused', 'This address is not one the server may reach.');

interface Hop {
  status: number;
  location: string | undefined;
  etag: string | undefined;
  lastModified: string | undefined;
  body: Buffer;
}

function get(
  url: URL,
  headers: Record<string, string>,
  opts: Required<Pick<FetchOptions, 'allowPrivate' | 'maxBytes'>>,
  signal: AbortSignal,
): Promise<Hop> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An address written in the link connects without a lookup: it is checked here.
  if (isIP(host) && !opts.allowPrivate && isRefusedAddress(host))
    return Promise.reject(refusedError());
  return new Promise<Hop>((resolve, reject) => {
    const mod = url.protocol === 'https:' ? https : http;
    const req = mod.request(
      url,
      {
        method: 'GET',
        headers,
        signal,
        lookup: checkedLookup(opts.allowPrivate, refusedError) as never,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const header = (name: string) => {
          const v = res.headers[name];
          return typeof v === 'string' ? v : undefined;
        };
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > opts.maxBytes) {
            req.destroy();
            reject(new CalendarFetchError('too_large', 'The calendar is larger than 5 MB.'));
          } else chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            location: header('location'),
            etag: header('etag'),
            lastModified: header('last-modified'),
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', (error) => {
      if (error instanceof CalendarFetchError) return reject(error);
      const cause =
        (error as NodeJS.ErrnoException).code === 'EADDRREFUSED' ? refusedError() : null;
      if (cause) return reject(cause);
      if (signal.aborted)
        return reject(
          new CalendarFetchError('timeout', 'The calendar server did not answer in 10 seconds.'),
        );
      reject(new CalendarFetchError('unreachable', 'The calendar server could not be reached.'));
    });
    req.end();
  });
}

/** The calendar at the link, or `unchanged` when the server says so (ETag, Last-Modified). */
export async function fetchCalendar(raw: string, opts: FetchOptions): Promise<FetchedCalendar> {
  let url = calendarUrl(raw);
  const signal = AbortSignal.timeout(opts.timeoutMs ?? CALENDAR_FETCH_LIMITS.timeoutMs);
  const limits = {
    allowPrivate: opts.allowPrivate,
    maxBytes: opts.maxBytes ?? CALENDAR_FETCH_LIMITS.maxBytes,
  };
  const headers: Record<string, string> = {
    accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1',
    'user-agent': 'StudyBuddy calendar import',
    ...(opts.etag ? { 'if-none-match': opts.etag } : {}),
    ...(opts.lastModified ? { 'if-modified-since': opts.lastModified } : {}),
  };
  for (let hops = 0; ; hops++) {
    const hop = await get(url, headers, limits, signal);
    if (hop.status >= 300 && hop.status < 400 && hop.status !== 304) {
      if (hops >= CALENDAR_FETCH_LIMITS.maxRedirects || !hop.location)
        throw new CalendarFetchError(
          'too_many_redirects',
          'The link redirects too often (more than 5 times).',
        );
      url = calendarUrl(new URL(hop.location, url).href);
      continue;
    }
    if (hop.status === 304) return { status: 'unchanged' };
    if (hop.status < 200 || hop.status >= 300)
      throw new CalendarFetchError('http_error', `The calendar server answered ${hop.status}.`);
    return {
      status: 'changed',
      text: hop.body.toString('utf8').replace(/^\uFEFF/, ''),
      etag: hop.etag,
      lastModified: hop.lastModified,
    };
  }
}
