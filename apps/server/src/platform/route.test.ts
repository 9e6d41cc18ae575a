import { endpoint } from '@studybuddy/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error.js';
import { registerErrorHandler } from './error-handler.js';
import { route } from './route.js';

const text = endpoint({
  method: 'GET',
  path: '/text/:kind',
  params: z.object({ kind: z.enum(['ok', 'missing', 'not-text']) }),
  body: undefined,
  response: z.string(),
  summary: 'text',
});
const json = endpoint({
  method: 'GET',
  path: '/json',
  body: undefined,
  response: z.object({ value: z.string() }),
  summary: 'json',
});

/** Lines with quotes, backslashes, CRLF and non-ASCII: what JSON would escape. */
const BODY = 'BEGIN:VCALENDAR\r\nSUMMARY:"Μαθηματικά" \\ 100%\r\nEND:VCALENDAR';

describe('route() with a text answer', () => {
  let app: FastifyInstance;
  afterEach(async () => app.close());

  async function build() {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    route(app, text, { public: true, contentType: 'text/calendar; charset=utf-8' }, async (req) => {
      if (req.params.kind === 'missing') throw AppError.notFound('No such calendar.');
      // A handler breaking its contract is caught by the response schema, as JSON ones are.
      if (req.params.kind === 'not-text') return 42 as unknown as string;
      return BODY;
    });
    route(app, json, { public: true }, async () => ({ value: BODY }));
    await app.ready();
  }

  it('sends the string as it is, with its content type', async () => {
    await build();
    const r = await app.inject({ url: '/text/ok' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(r.body).toBe(BODY);
  });

  it('still answers a failure as the usual JSON error', async () => {
    await build();
    const missing = await app.inject({ url: '/text/missing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/json');
    expect(missing.json()).toEqual({
      code: 'not_found',
      message: 'No such calendar.',
      requestId: expect.any(String),
    });
    const broken = await app.inject({ url: '/text/not-text' });
    expect(broken.statusCode).toBe(500);
    expect(broken.json().code).toBe('internal_error');
  });

  it('leaves JSON routes as they were', async () => {
    await build();
    const r = await app.inject({ url: '/json' });
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(r.json()).toEqual({ value: BODY });
  });
});
