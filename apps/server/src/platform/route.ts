import type { Endpoint } from '@studybuddy/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';

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
}

/**
 * Registers an endpoint descriptor from contracts at its path and every alias, with its zod
 * schemas for validation, serialization and OpenAPI. Authentication runs in onRequest, before
 * the body is read or validated: an anonymous caller learns nothing but 401.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  opts: RouteOptions,
  handler: (request: RequestOf<E>, reply: FastifyReply) => Promise<z.infer<E['response']>>,
): void {
  const status = opts.status ?? 200;
  const authenticated = opts.public !== true;
  for (const url of [endpoint.path, ...(endpoint.aliases ?? [])]) {
    app.route({
      method: endpoint.method,
      url,
      schema: {
        summary: endpoint.summary,
        ...(opts.tags ? { tags: opts.tags } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(authenticated ? { security: [{ bearer: [] }] } : {}),
        response: { [status]: endpoint.response },
      },
      ...(opts.config ? { config: opts.config } : {}),
      ...(authenticated ? { onRequest: app.authenticate } : {}),
      handler: async (request, reply) => {
        const result = await handler(request as unknown as RequestOf<E>, reply);
        if (reply.statusCode === 200) reply.status(status);
        return result;
      },
    });
  }
}
