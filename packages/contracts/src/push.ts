import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { idParamsSchema } from './ids.js';
import { VALIDATION_MESSAGES as M, message, refinement } from './messages.js';

/**
 * Push reminders (docs/product.md, Push reminders): a student's browsers subscribe with the
 * Push API and get each session reminder on the device, the app open or not, through their
 * browser's push service (Web Push: VAPID, RFC 8291 aes128gcm).
 */
export const PUSH_LIMITS = {
  /** Characters of a push service address (real ones are under 500). */
  endpointMax: 1024,
  labelMax: 100,
  /** Devices one student may keep; a new one past this drops the one heard of least lately. */
  devicesPerStudent: 20,
  /** Bytes of a subscription's `p256dh`: an uncompressed P-256 point (0x04, x, y). */
  p256dhBytes: 65,
  /** Bytes of a subscription's `auth` secret. */
  authBytes: 16,
} as const;

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The bytes of unpadded base64url text (as PushSubscription.toJSON() writes it), or undefined. */
export function base64UrlBytes(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const out = new Uint8Array(Math.floor((text.length * 6) / 8));
  let bits = 0;
  let value = 0;
  let i = 0;
  for (const c of text) {
    value = ((value << 6) | BASE64URL.indexOf(c)) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[i++] = (value >> bits) & 0xff;
    }
  }
  return out;
}

const isP256Point = (text: string) => {
  const bytes = base64UrlBytes(text);
  return bytes?.length === PUSH_LIMITS.p256dhBytes && bytes[0] === 0x04;
};
const isAuthSecret = (text: string) => base64UrlBytes(text)?.length === PUSH_LIMITS.authBytes;

/** An http(s) address; the server takes https only, unless PUSH_ALLOW_PRIVATE is on (tests). */
const isWebAddress = (text: string) => {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

export const pushPublicKeySchema = z
  .object({
    publicKey: z
      .string()
      .describe("The server's VAPID public key, base64url (the Push API's applicationServerKey)"),
  })
  .describe('PushPublicKey');
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** A device that gets push reminders: never its push address or keys. */
export const pushDeviceSchema = z
  .object({
    id: z.number().int(),
    label: z
      .string()
      .nullable()
      .describe('The device as the student knows it, e.g. "Chrome on Android"'),
    createdAt: z.string().describe('ISO instant it subscribed'),
    lastSuccessAt: z
      .string()
      .nullable()
      .describe('ISO instant its push service last took a reminder; null: not yet'),
  })
  .describe('PushDevice');
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushDeviceListSchema = z
  .object({ items: z.array(pushDeviceSchema).describe('Oldest first') })
  .describe('PushDeviceList');
export type PushDeviceList = z.infer<typeof pushDeviceListSchema>;

/** A browser's PushSubscription.toJSON() (without expirationTime), and the device's name. */
export const pushSubscribeInputSchema = z
  .object({
    endpoint: z
      .string(message(M.pushEndpointInvalid))
      .trim()
      .min(1, message(M.pushEndpointInvalid))
      .max(PUSH_LIMITS.endpointMax, message(M.pushEndpointInvalid))
      .refine(isWebAddress, refinement(M.pushEndpointInvalid))
      .describe("The push service's address for this browser (https://)"),
    keys: z.object(
      {
        p256dh: z
          .string(message(M.pushKeyInvalid))
          .refine(isP256Point, refinement(M.pushKeyInvalid))
          .describe("The browser's P-256 public key, uncompressed, base64url"),
        auth: z
          .string(message(M.pushAuthInvalid))
          .refine(isAuthSecret, refinement(M.pushAuthInvalid))
          .describe('The 16-byte authentication secret, base64url'),
      },
      message(M.pushKeyInvalid),
    ),
    label: z
      .string()
      .trim()
      .max(PUSH_LIMITS.labelMax, message(M.pushLabelMax))
      .nullish()
      .describe("The device's name; unset: read from the browser's User-Agent"),
  })
  // Not strict: expirationTime, and whatever else a browser adds to toJSON(), is dropped unread.
  .describe('PushSubscribeInput');
export type PushSubscribeInput = z.infer<typeof pushSubscribeInputSchema>;

/**
 * What a push reminder carries, encrypted for the device: the service worker shows `title` and
 * `body` as written (the student's language and zone) and opens `url` on a click.
 */
export const pushMessageSchema = z
  .object({
    title: z.string(),
    body: z.string().describe("The start, in the student's zone, and the subject and topic"),
    url: z.string().describe('The lesson to open (the calendar at that day without a topic)'),
    startsAt: z.string().describe('ISO-8601 UTC: when the session starts'),
  })
  .describe('PushMessage');
export type PushMessage = z.infer<typeof pushMessageSchema>;

export const PUSH_MESSAGES = {
  notFound: 'Device not found.',
} as const;

export const pushEndpoints = {
  publicKey: endpoint({
    method: 'GET',
    path: '/api/push/public-key',
    body: undefined,
    response: pushPublicKeySchema,
    summary: "The server's VAPID public key, to subscribe a browser with",
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/push/subscriptions',
    body: undefined,
    response: pushDeviceListSchema,
    summary: "The student's devices that get push reminders",
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/api/push/subscriptions',
    body: pushSubscribeInputSchema,
    response: pushDeviceSchema,
    summary:
      "Subscribes this browser to push reminders (201, also when it was the student's already: its keys and name renewed). A browser another student had subscribed moves to this one. Past 20 devices, the one heard of least lately is dropped",
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/push/subscriptions/:id',
    params: idParamsSchema,
    body: undefined,
    response: z.undefined().describe('No content'),
    summary: 'Stops push reminders to one of the student’s devices (204)',
  }),
};
