import type { SSEReplyInterface } from '@fastify/sse';
import type { Endpoint } from '@studybuddy/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { SerializedAnswer } from './answer-cache.js';
import { AppError } from './app-error.js';
import { clientGone } from './client-gone.js';
import { operationFields } from './openapi.js';

type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.output<E['body']> : undefined;
type ParamsOf<E extends Endpoint> = E['params'] extends z.ZodType ? z.output<E['params']> : unknown;
type QueryOf<E extends Endpoint> = E['query'] extends z.ZodType ? z.output<E['query']> : unknown;
type RequestOf<E extends Endpoint> = FastifyRequest<{
  Body: BodyOf<E>;
  Params: ParamsOf<E>;
  Querystring: QueryOf<E>;
}>;

export interface RouteOptions {
  /** Success status (200 unless said). */
  status?: number;
  /**
   * Open to anyone. Every other route is refused with 401 unless a logged-in student calls it,
   * so forgetting this option fails closed.
   */
  public?: boolean;
  config?: RouteShorthandOptions['config'];
  tags?: string[];
  /**
   * `dual`: the route also streams Server-Sent Events (@fastify/sse). A client asking with
   * `Accept: text/event-stream` finds `wantsStream(reply)` true; the handler then sends the
   * events with `streamReply` and returns nothing. Any other client gets the JSON answer.
   * `only`: the route always streams (a client refusing `text/event-stream` gets 406).
   */
  sse?: 'dual' | 'only';
  /**
   * The answer is text of this media type, not JSON (`text/calendar; charset=utf-8`): the
   * handler returns the string, which is checked against the endpoint's response schema (a
   * string) and sent as it is, never JSON-quoted (Fastify sends a string whose content type is
   * not JSON without its serializer). OpenAPI lists the type under `produces`. An error still
   * leaves as the usual JSON, since the type is set only once the handler has succeeded.
   */
  contentType?: string;
  /**
   * Left out of the OpenAPI document: a step of a browser's navigation (a redirect for the
   * address bar, not an answer a client reads), documented in docs/product.md instead.
   */
  hidden?: boolean;
}

const SSE = 'text/event-stream';

/** `text/calendar` of `text/calendar; charset=utf-8`. */
const mediaType = (contentType: string): string => contentType.split(';', 1)[0]?.trim() ?? '';

type Handler<E extends Endpoint, R> = (request: RequestOf<E>, reply: FastifyReply) => Promise<R>;

/**
 * Registers an endpoint descriptor from contracts at its path and every alias, with its zod
 * schemas for validation, serialization and OpenAPI. Authentication runs in onRequest, before
 * the body is read or validated: an anonymous caller learns nothing but 401.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  opts: RouteOptions & { sse: 'dual' | 'only' },
  handler: Handler<E, z.infer<E['response']> | undefined>,
): void;
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  opts: RouteOptions,
  handler: Handler<E, z.infer<E['response']> | SerializedAnswer>,
): void;
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  opts: RouteOptions,
  handler: Handler<E, z.infer<E['response']> | SerializedAnswer | undefined>,
): void {
  const status = opts.status ?? 200;
  const authenticated = opts.public !== true;
  for (const url of [endpoint.path, ...(endpoint.aliases ?? [])]) {
    app.route({
      method: endpoint.method,
      url,
      schema: {
        summary: endpoint.summary,
        // The operation id (the contract's key) and the credentials the route asks for.
        ...operationFields(endpoint, url, { authenticated, csrf: opts.config?.csrf !== false }),
        ...(opts.tags ? { tags: opts.tags } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(opts.contentType ? { produces: [mediaType(opts.contentType)] } : {}),
        ...(opts.sse
          ? { produces: [...(opts.sse === 'dual' ? ['application/json'] : []), SSE] }
          : {}),
        response: { [status]: endpoint.response },
        ...(opts.hidden ? { hide: true } : {}),
      },
      ...(opts.config ? { config: opts.config } : {}),
      ...(opts.sse ? { sse: opts.sse } : {}),
      ...(authenticated ? { onRequest: app.authenticate } : {}),
      handler: async (request, reply) => {
        const result = await handler(request as unknown as RequestOf<E>, reply);
        // A streamed answer is already sent (and bypasses the response serializer).
        if (reply.statusCode === 200 && !reply.sent) reply.status(status);
        // Bytes the route's serializer wrote earlier (answer-cache.ts): sent as they are.
        if (result instanceof SerializedAnswer) {
          reply.type('application/json; charset=utf-8');
          return result.body;
        }
        if (opts.contentType && !reply.sent) {
          reply.type(opts.contentType);
          return endpoint.response.parse(result);
        }
        return result;
      },
    });
  }
}

/** True in the SSE branch of a `sse: 'dual'` route: the client asked for `text/event-stream`. */
export function wantsStream(reply: FastifyReply): boolean {
  return (reply as { sse?: SSEReplyInterface }).sse !== undefined;
}

/**
 * The SSE branch of a streaming route. `produce` writes the reply, calling `onDelta` with each
 * new piece (sent as `event: delta`, data `{ text }`), and resolves with what the JSON branch
 * returns: that is sent as the one `event: done`, parsed by the endpoint's response schema as
 * the JSON branch's serializer parses it, so both carry the same JSON. `signal` aborts when
 * the client goes away (a stop button). A failure before the first event leaves through the
 * error handler as a JSON error with its status (401, 404, 429...); after it, as
 * `event: error` with `{ message, code, requestId }`.
 */
export async function streamReply<E extends Endpoint>(
  reply: FastifyReply,
  endpoint: E,
  produce: (
    onDelta: (text: string) => void,
    signal: AbortSignal,
  ) => Promise<z.input<E['response']>>,
): Promise<undefined> {
  const sse = reply.sse;
  const signal = clientGone(reply);
  let started = false;
  const send = (event: string, data: unknown): Promise<void> => {
    if (!sse.isConnected) return Promise.resolve();
    started = true;
    // Written at once, in order; a client gone meanwhile is no failure.
    return sse.send({ event, data }).catch(() => undefined);
  };
  let answer: unknown;
  try {
    const produced = await produce((text) => {
      if (text) void send('delta', { text });
    }, signal);
    answer = endpoint.response.parse(produced);
  } catch (error) {
    if (!started) throw error;
    const requestId = reply.request.id;
    if (error instanceof AppError) {
      await send('error', { message: error.message, code: error.code, requestId });
    } else {
      reply.log.error({ err: error }, 'streamed reply failed');
      await send('error', {
        message: 'Something went wrong on our side.',
        code: 'internal_error',
        requestId,
      });
    }
    return undefined;
  }
  await send('done', answer);
  return undefined;
}
