import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRefusedAddress } from './address-rule.js';
import { CalendarFetchError, calendarUrl, fetchCalendar } from './fetch-calendar.js';

const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';

/** A timetable server on loopback, with the ways real ones go wrong. */
let server: Server;
let base: string;
let requests: { url: string; ifNoneMatch?: string }[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push({
      url: req.url ?? '',
      ...(req.headers['if-none-match']
        ? { ifNoneMatch: String(req.headers['if-none-match']) }
        : {}),
    });
    switch (req.url) {
      case '/timetable.ics':
        if (req.headers['if-none-match'] === '"v1"') {
          res.statusCode = 304;
          return res.end();
        }
        res.setHeader('etag', '"v1"');
        res.setHeader('content-type', 'text/calendar');
        return res.end(ICS);
      case '/moved':
        res.statusCode = 302;
        res.setHeader('location', '/timetable.ics');
        return res.end();
      case '/loop':
        res.statusCode = 302;
        res.setHeader('location', '/loop');
        return res.end();
      case '/huge':
        res.setHeader('content-type', 'text/calendar');
        return res.end(Buffer.alloc(6 * 1024 * 1024, 'x'));
      case '/silent':
        return; // never answers
      default:
        res.statusCode = 404;
        return res.end('not here');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const problem = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CalendarFetchError) return error.problem;
    throw error;
  }
  return 'fetched';
};
/** The admin's ICS_ALLOW_PRIVATE, which a server on this machine needs. */
const allowed = { allowPrivate: true };

describe('fetchCalendar', () => {
  it('reads a link, follows a redirect, and asks again with the ETag', async () => {
    requests = [];
    const first = await fetchCalendar(`${base}/moved`, allowed);
    expect(first).toEqual({ status: 'changed', text: ICS, etag: '"v1"', lastModified: undefined });
    expect(await fetchCalendar(`${base}/timetable.ics`, { ...allowed, etag: '"v1"' })).toEqual({
      status: 'unchanged',
    });
    expect(requests).toEqual([
      { url: '/moved' },
      { url: '/timetable.ics' },
      { url: '/timetable.ics', ifNoneMatch: '"v1"' },
    ]);
  });

  it('refuses a redirect loop, more than 5 MB, a server that never answers, an error status', async () => {
    expect(await problem(fetchCalendar(`${base}/loop`, allowed))).toBe('too_many_redirects');
    expect(await problem(fetchCalendar(`${base}/huge`, allowed))).toBe('too_large');
    expect(await problem(fetchCalendar(`${base}/silent`, { ...allowed, timeoutMs: 300 }))).toBe(
      'timeout',
    );
    expect(await problem(fetchCalendar(`${base}/gone`, allowed))).toBe('http_error');
  });

  it('refuses this machine in every spelling, sending nothing, unless the admin allows it', async () => {
    requests = [];
    const port = new URL(base).port;
    for (const host of [
      '127.0.0.1',
      'localhost',
      '[::1]',
      '0.0.0.0',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
    ])
      expect(
        await problem(
          fetchCalendar(`http://${host}:${port}/timetable.ics`, { allowPrivate: false }),
        ),
        host,
      ).toBe('address_refused');
    expect(requests).toEqual([]);
  });

  it('reads webcal as https and refuses other schemes', () => {
    expect(calendarUrl('webcal://calendar.example/feed.ics').href).toBe(
      'https://calendar.example/feed.ics',
    );
    expect(() => calendarUrl('file:///etc/passwd')).toThrow(CalendarFetchError);
    expect(() => calendarUrl('ftp://calendar.example/feed.ics')).toThrow(CalendarFetchError);
    expect(() => calendarUrl('not a link')).toThrow(CalendarFetchError);
  });
});

describe('isRefusedAddress (the rule alone: no test sends traffic to these)', () => {
  it('refuses private, shared, link-local, multicast and reserved ranges, in IPv4 and IPv6', () => {
    for (const address of [
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.10',
      '100.64.0.1',
      '169.254.169.254',
      '224.0.0.1',
      '255.255.255.255',
      '127.0.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '::ffff:c0a8:101',
    ])
      expect(isRefusedAddress(address), address).toBe(true);
  });

  it('lets public addresses through', () => {
    for (const address of [
      '93.184.216.34',
      '8.8.8.8',
      '172.32.0.1',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
    ])
      expect(isRefusedAddress(address), address).toBe(false);
  });
});
