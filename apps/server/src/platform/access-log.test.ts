import { hostname } from 'node:os';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { captureLog, createTestApp, type TestApp } from '../testing/harness.js';
import { serializeReply, serializeRequest } from './log-serializers.js';

describe('the access line', () => {
  let t: TestApp | undefined;
  afterEach(async () => t?.close());

  it('is the line pino writes: the same fields, in its order, with the same base', async () => {
    const log = captureLog();
    t = await createTestApp('sqlite', { LOG_LEVEL: 'info' }, { logStream: log.stream });
    const r = await t.app.inject({
      url: '/api/health?x="quoted"\\',
      headers: { host: 'school.example:8080' },
    });
    const access = log.lines.filter((l) => l.msg === 'request completed');
    expect(access).toHaveLength(1);
    const line = { ...access[0] } as Record<string, unknown> & { req: { remotePort?: number } };

    // pino's own line for the same request, through the app's serializers.
    const written: string[] = [];
    const logger = pino(
      { serializers: { req: serializeRequest, res: serializeReply } },
      { write: (s: string) => void written.push(s) },
    ).child({ reqId: r.headers['x-request-id'] });
    logger.info(
      {
        req: {
          method: 'GET',
          url: '/api/health?x=%22quoted%22\\',
          host: 'school.example:8080',
          ip: '127.0.0.1',
          socket: { remotePort: line.req.remotePort },
        },
        res: { statusCode: 200 },
        responseTime: line.responseTime,
      },
      'request completed',
    );
    const pinoLine = JSON.parse(written[0] ?? '{}');
    expect(Object.keys(line)).toEqual(Object.keys(pinoLine));
    expect({ ...line, time: 0 }).toEqual({ ...pinoLine, time: 0 });
    expect(line).toMatchObject({ level: 30, pid: process.pid, hostname: hostname() });
    expect(line.time).toBeGreaterThan(Date.now() - 60_000);
  });

  it('follows the level: no access line at warn', async () => {
    const log = captureLog();
    t = await createTestApp('sqlite', { LOG_LEVEL: 'warn' }, { logStream: log.stream });
    await t.app.inject({ url: '/api/health' });
    expect(log.lines.filter((l) => l.msg === 'request completed')).toEqual([]);
  });
});
