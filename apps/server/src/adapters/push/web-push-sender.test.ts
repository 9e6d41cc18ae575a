import { createECDH, createPublicKey, verify } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { browserKeys, type PushSink, startPushSink } from '../../testing/push-sink.js';
import { createWebPushSender } from './web-push-sender.js';

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:admin@school.example' };

/** Every address a name resolves to, made up: no DNS is asked, no traffic goes anywhere. */
function fakeResolver(answers: Record<string, string[]>) {
  const asked: string[] = [];
  return {
    asked,
    resolve: async (host: string) => {
      asked.push(host);
      const found = answers[host];
      if (!found)
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return found;
    },
  };
}

describe('the push address rule', () => {
  it('refuses names that resolve to a private, loopback or link-local address, any of them', async () => {
    const dns = fakeResolver({
      'push.example.org': ['10.0.0.1'],
      'home.example.org': ['192.168.1.1'],
      'shared.example.org': ['100.64.0.7'],
      'metadata.example.org': ['169.254.169.254'],
      'mixed.example.org': ['142.250.74.202', '172.16.5.4'],
      'six.example.org': ['fd00::1'],
      'mapped.example.org': ['::ffff:10.1.2.3'],
      'fcm.example.com': ['142.250.74.202', '2a00:1450:4001:82a::200a'],
    });
    const sender = createWebPushSender({ vapid, allowPrivate: false, resolve: dns.resolve });
    for (const host of [
      'push.example.org',
      'home.example.org',
      'shared.example.org',
      'metadata.example.org',
      'mixed.example.org',
      'six.example.org',
      'mapped.example.org',
      'unknown.example.org',
    ])
      expect(await sender.check(`https://${host}/send/abc`), host).toBe('refused');
    expect(await sender.check('https://fcm.example.com/fcm/send/abc')).toBe('ok');
  });

  it('refuses an address written as an IP, public or not, without a lookup', async () => {
    const dns = fakeResolver({});
    const sender = createWebPushSender({ vapid, allowPrivate: false, resolve: dns.resolve });
    for (const endpoint of [
      'https://10.0.0.1/send/abc',
      'https://192.168.1.1/send/abc',
      'https://172.31.255.1:8443/send',
      'https://127.0.0.1/send',
      'https://[::1]/send',
      'https://[::ffff:127.0.0.1]/send',
      'https://0x7f.1/send',
      'https://8.8.8.8/send',
    ])
      expect(await sender.check(endpoint), endpoint).toBe('refused');
    expect(dns.asked).toEqual([]);
  });

  it('takes https only, without credentials; PUSH_ALLOW_PRIVATE lets http and loopback through', async () => {
    const dns = fakeResolver({ 'push.example.org': ['142.250.74.202'] });
    const strict = createWebPushSender({ vapid, allowPrivate: false, resolve: dns.resolve });
    for (const endpoint of [
      'http://push.example.org/send',
      'ftp://push.example.org/send',
      'https://user:pass@push.example.org/send',
      'not a url',
    ])
      expect(await strict.check(endpoint), endpoint).toBe('invalid');
    const open = createWebPushSender({ vapid, allowPrivate: true, resolve: dns.resolve });
    expect(await open.check('http://127.0.0.1:9/send')).toBe('ok');
    expect(await open.check('https://10.0.0.1/send')).toBe('ok');
    expect(await open.check('ftp://push.example.org/send')).toBe('invalid');
  });
});

describe('createWebPushSender', () => {
  let sink: PushSink;
  afterEach(async () => sink?.close());

  it('posts the payload encrypted for the browser (aes128gcm), signed with VAPID, urgent, kept for the TTL', async () => {
    sink = await startPushSink();
    const browser = browserKeys();
    const sender = createWebPushSender({ vapid, allowPrivate: true });
    const payload = JSON.stringify({ title: 'Ώρα μελέτης', body: 'x'.repeat(500) });
    const outcome = await sender.send(
      { endpoint: `${sink.origin}/push/device-1?x=1`, ...browser.keys },
      payload,
      { ttlSeconds: 1234.7 },
    );
    expect(outcome).toEqual({ kind: 'delivered', status: 201 });
    const [push] = sink.pushes;
    if (!push) throw new Error('no push');
    expect(push.path).toBe('/push/device-1?x=1');
    expect(push.headers).toMatchObject({
      ttl: '1234',
      urgency: 'high',
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
    });
    expect(browser.read(push.body)).toEqual(JSON.parse(payload));
    // The plaintext is nowhere in what went over the wire.
    expect(push.body.toString('latin1')).not.toContain('xxxxxxxx');

    // RFC 8292: `vapid t=<JWT for the push service's origin>, k=<the server's public key>`.
    const auth = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(
      String(push.headers.authorization),
    );
    expect(auth?.[2]).toBe(vapid.publicKey);
    const [head, claims, signature] = (auth?.[1] ?? '').split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toEqual({
      typ: 'JWT',
      alg: 'ES256',
    });
    const jwt = JSON.parse(Buffer.from(claims, 'base64url').toString());
    expect(jwt).toMatchObject({ aud: sink.origin, sub: vapid.subject });
    expect(jwt.exp * 1000).toBeGreaterThan(Date.now());
    expect(jwt.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
    const point = Buffer.from(vapid.publicKey, 'base64url');
    const key = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    const signed = verify(
      'sha256',
      Buffer.from(`${head}.${claims}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    expect(signed).toBe(true);
  });

  it('says a device is gone on 404 and 410, and fails on other answers, timeouts and bad keys', async () => {
    sink = await startPushSink();
    const browser = browserKeys();
    const sender = createWebPushSender({ vapid, allowPrivate: true, timeoutMs: 300 });
    const to = (path: string) => ({ endpoint: `${sink.origin}${path}`, ...browser.keys });
    sink.status.set('/gone', 410);
    sink.status.set('/unknown', 404);
    sink.status.set('/busy', 429);
    sink.silent.add('/hangs');
    const ttl = { ttlSeconds: 60 };
    expect(await sender.send(to('/gone'), '{}', ttl)).toEqual({ kind: 'gone', status: 410 });
    expect(await sender.send(to('/unknown'), '{}', ttl)).toEqual({ kind: 'gone', status: 404 });
    expect(await sender.send(to('/busy'), '{}', ttl)).toEqual({
      kind: 'failed',
      status: 429,
      reason: 'the push service answered 429',
    });
    expect(await sender.send(to('/hangs'), '{}', ttl)).toEqual({
      kind: 'failed',
      status: null,
      reason: 'no answer in 0.3 s',
    });
    const other = createECDH('prime256v1');
    other.generateKeys();
    // A compressed key is no key to encrypt for.
    const bad = { ...to('/bad'), p256dh: other.getPublicKey('base64url', 'compressed') };
    expect(await sender.send(bad, '{}', ttl)).toMatchObject({ kind: 'failed', status: null });
    expect(sink.pushes.map((p) => p.path)).toEqual(['/gone', '/unknown', '/busy', '/hangs']);
  });

  it('sends nothing to a loopback or private address unless PUSH_ALLOW_PRIVATE', async () => {
    sink = await startPushSink();
    const browser = browserKeys();
    const sender = createWebPushSender({ vapid, allowPrivate: false });
    const port = new URL(sink.origin).port;
    for (const endpoint of [
      `${sink.origin}/plain-http`,
      `https://127.0.0.1:${port}/ip`,
      // A name: refused inside the connection's own lookup, before any connection.
      `https://localhost:${port}/name`,
    ])
      expect(await sender.send({ endpoint, ...browser.keys }, '{}', { ttlSeconds: 60 })).toEqual({
        kind: 'refused',
      });
    expect(sink.pushes).toEqual([]);
  });
});
