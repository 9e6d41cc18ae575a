import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES as M } from './messages.js';
import {
  base64UrlBytes,
  PUSH_LIMITS,
  pushMessageSchema,
  pushSubscribeInputSchema,
} from './push.js';

/** base64url of `bytes`, without padding, as a browser writes a subscription's keys. */
const b64u = (bytes: number[]) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const point = [4, ...Array.from({ length: 64 }, (_, i) => (i * 37 + 11) % 256)];
const secret = Array.from({ length: 16 }, (_, i) => 255 - i * 3);
const valid = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def',
  keys: { p256dh: b64u(point), auth: b64u(secret) },
};

describe('base64UrlBytes', () => {
  it('reads base64url as the bytes it encodes, of every length', () => {
    for (let n = 0; n <= 70; n++) {
      const bytes = Array.from({ length: n }, (_, i) => (i * 97 + n) % 256);
      expect([...(base64UrlBytes(b64u(bytes)) ?? [])], String(n)).toEqual(bytes);
    }
  });

  it('refuses what is not unpadded base64url', () => {
    for (const text of ['a+b/', 'abc=', 'ab cd', 'é', 'abcde'])
      expect(base64UrlBytes(text), text).toBeUndefined();
  });
});

describe('pushSubscribeInputSchema', () => {
  it('takes a browser’s subscription, dropping what it does not read', () => {
    const parsed = pushSubscribeInputSchema.parse({
      ...valid,
      expirationTime: null,
      label: ' Phone ',
    });
    expect(parsed).toEqual({ ...valid, label: 'Phone' });
  });

  it('refuses keys that are not a P-256 point and a 16-byte secret, each with its message', () => {
    const issues = (input: unknown) =>
      pushSubscribeInputSchema
        .safeParse(input)
        .error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ ...valid, keys: { ...valid.keys, p256dh: b64u(point.slice(0, 33)) } })).toEqual(
      [['keys.p256dh', M.pushKeyInvalid.en]],
    );
    expect(
      issues({ ...valid, keys: { ...valid.keys, p256dh: b64u([2, ...point.slice(1)]) } }),
    ).toEqual([['keys.p256dh', M.pushKeyInvalid.en]]);
    expect(issues({ ...valid, keys: { ...valid.keys, auth: b64u(secret.slice(1)) } })).toEqual([
      ['keys.auth', M.pushAuthInvalid.en],
    ]);
    expect(
      issues({ ...valid, endpoint: `https://push.example/${'a'.repeat(PUSH_LIMITS.endpointMax)}` }),
    ).toEqual([['endpoint', M.pushEndpointInvalid.en]]);
    expect(issues({ ...valid, endpoint: 'mailto:a@b.c' })).toEqual([
      ['endpoint', M.pushEndpointInvalid.en],
    ]);
    expect(issues({ ...valid, label: 'x'.repeat(101) })).toEqual([['label', M.pushLabelMax.en]]);
  });
});

describe('pushMessageSchema', () => {
  it('keeps the four fields a push carries, and nothing else', () => {
    const message = {
      title: 't',
      body: 'b',
      url: 'https://x/y',
      startsAt: '2026-05-01T12:00:00.000Z',
    };
    expect(pushMessageSchema.parse({ ...message, email: 'ana@example.com' })).toEqual(message);
  });
});
