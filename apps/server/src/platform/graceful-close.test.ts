import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDraining } from './graceful-close.js';

const agent = new http.Agent({ keepAlive: true });

/** A GET on a kept-alive connection: resolves with the status and body, or the error. */
function get(
  port: number,
  path: string,
): Promise<{ status?: number; body?: string; error?: Error }> {
  return new Promise((resolve) => {
    http
      .get({ port, path, agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode, body }));
        res.on('error', (error) => resolve({ error }));
      })
      .on('error', (error) => resolve({ error }));
  });
}

describe('closeDraining', () => {
  let app: FastifyInstance;
  let port: number;

  async function start() {
    app = Fastify({ return503OnClosing: true });
    app.get('/slow', async () => {
      await new Promise((r) => setTimeout(r, 300));
      return 'done';
    });
    app.get('/stream', (_req, reply) => {
      // Like an event stream: headers and a first event, then open until the client leaves.
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
      reply.raw.write(': open\n\n');
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  }

  afterEach(() => agent.destroy());

  it('lets a request in flight finish, then closes at once despite keep-alive', async () => {
    await start();
    const answer = get(port, '/slow');
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await closeDraining(app, { drainMs: 5_000 });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(await answer).toEqual({ status: 200, body: 'done' });
  });

  it('cuts a connection still open after drainMs', async () => {
    await start();
    const stream = get(port, '/stream');
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await closeDraining(app, { drainMs: 300 });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(1_500);
    expect((await stream).error).toBeDefined();
  });
});
