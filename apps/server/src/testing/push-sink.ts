import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

/** One push as the sink received it. */
export interface SunkPush {
  /** The path, which names the device. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A push service on 127.0.0.1 for tests: records each push and answers `status(path)`. */
export interface PushSink {
  /** http://127.0.0.1:port, to which a device's path is added. */
  origin: string;
  pushes: SunkPush[];
  /** The answer for a device (201 unless set): 410 says it is gone. */
  status: Map<string, number>;
  /** Devices whose pushes get no answer at all (a push service that hangs). */
  silent: Set<string>;
  close(): Promise<void>;
}

/** Starts a push service on a free loopback port. */
export async function startPushSink(): Promise<PushSink> {
  const pushes: SunkPush[] = [];
  const status = new Map<string, number>();
  const silent = new Set<string>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      pushes.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      if (silent.has(path)) return;
      res.writeHead(status.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    pushes,
    status,
    silent,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A browser's side of a push subscription, as the Push API makes it: a P-256 key pair and 16
 * random bytes of auth secret; `read` decrypts what a push service delivered (RFC 8291).
 */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return {
    keys: { p256dh: ecdh.getPublicKey('base64url'), auth },
    read: (body: Buffer): unknown =>
      JSON.parse(
        decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString(
          'utf8',
        ),
      ),
  };
}
