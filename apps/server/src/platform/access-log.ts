import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One access-log line per request, written when it ends: the request (method, loggable URL,
 * client), the status and the time taken, under the request's id, like a web server's access
 * log. Fastify writes two (one on arrival, one on completion); at info level those two lines
 * cost a third of a small request's time. A request that never ends still gets its line, from
 * the request timeout or the client's disconnect. Fastify's own extension point for its log
 * lines (its LogController); every other line it writes is unchanged.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
