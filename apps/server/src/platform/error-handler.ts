import type { ErrorBody, FieldIssue } from '@studybuddy/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { WorkPoolBusy } from '../adapters/work/work-pool.js';
import { AppError } from './app-error.js';
import { csrfError } from './csrf.js';
import { isDatabaseUnavailable } from './database-errors.js';
import { REQUEST_ID_HEADER } from './request-id.js';
import { securityFields } from './throttle.js';

/**
 * One error handler: every failure leaves as `{ message, code, details?, requestId }`, the
 * request id being the one in the log lines and the `x-request-id` header.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.code === 'payload_too_large' || error.code === 'upload_quota_exceeded') {
        request.log.warn(
          { event: 'upload.refused', ...securityFields(request), reason: error.message },
          'upload refused',
        );
      }
      return reply
        .status(error.status)
        .send(body(request.id, error.message, error.code, error.details));
    }
    if (error instanceof WorkPoolBusy) {
      request.log.warn({ event: 'work.busy' }, 'work pool queue full');
      return reply.status(503).send(body(request.id, error.message, 'server_busy'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error, event: 'db.unavailable' }, 'the database did not answer');
      reply.header('retry-after', '5');
      return reply
        .status(503)
        .send(body(request.id, 'The server is busy. Please try again in a minute.', 'server_busy'));
    }
    // The client went away (its work was abandoned): nobody reads this answer.
    if (error.name === 'AbortError' || (error as { code?: string }).code === 'ABORT_ERR') {
      return reply.status(503).send(body(request.id, 'The request was cancelled.', 'server_busy'));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: FieldIssue[] = error.validation.map((v) => {
        const keys = (v.params as { keys?: unknown }).keys;
        const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return {
          // Unknown fields (mass assignment) have no path of their own: name the keys.
          path: path || (Array.isArray(keys) ? keys.join(',') : ''),
          message: v.message ?? 'Invalid value.',
        };
      });
      const first = details[0];
      const message = first?.path
        ? `${first.path}: ${first.message}`
        : (first?.message ?? 'Invalid request.');
      return reply.status(400).send(body(request.id, message, 'validation_failed', details));
    }
    if (error.code?.startsWith('FST_CSRF_')) {
      request.log.warn({ event: 'csrf.rejected', url: request.url }, error.message);
      return reply.status(403).send(body(request.id, csrfError().message, 'csrf_invalid'));
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .status(413)
        .send(body(request.id, 'The request is too large.', 'payload_too_large'));
    }
    if (
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error instanceof SyntaxError
    ) {
      return reply
        .status(400)
        .send(body(request.id, 'The request body is not valid JSON.', 'invalid_json'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply
        .status(415)
        .send(body(request.id, 'Unsupported content type.', 'validation_failed'));
    }
    if (status === 429) {
      return reply.status(429).send(body(request.id, error.message, 'rate_limited'));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body(request.id, error.message, 'validation_failed'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(body(request.id, 'Something went wrong on our side.', 'internal_error'));
  });
}

/**
 * Fastify's `frameworkErrors`: a URL the router cannot read (bad percent-encoding, a parameter
 * past the router's length) fails before any hook or the error handler, so this gives it the
 * usual body and the request id.
 */
export function handleFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  void reply
    .status(error.statusCode ?? 400)
    .header(REQUEST_ID_HEADER, request.id)
    .send(body(request.id, 'The address is not valid.', 'validation_failed'));
}

function body(requestId: string, message: string, code: string, details?: FieldIssue[]): ErrorBody {
  return details ? { message, code, details, requestId } : { message, code, requestId };
}
