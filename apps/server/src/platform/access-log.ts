import { hostname } from 'node:os';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';
import type { LogDestination } from './log-destination.js';
import { serializeRequest } from './log-serializers.js';

/** pino's number for `info`, the access line's level. */
const INFO = pino.levels.values.info ?? 30;

/**
 * One access-log line per request, written when it ends: the request (method, loggable URL,
 * client), the status and the time taken, under the request's id, like a web server's access
 * log. Fastify writes two (one on arrival, one on completion); at info level those two lines
 * cost a third of a small request's time. A request that never ends still gets its line, from
 * the request timeout or the client's disconnect. Fastify's own extension point for its log
 * lines (its LogController); every other line it writes is unchanged.
 *
 * The line is the one pino would write (the same fields, in its order, to its destination), put
 * together here: in the running server pino's general path (serializers called through its
 * hooks, a cycle-safe stringify of each object) cost a small request a sixteenth of its CPU
 * more. A failed request's line goes through pino.
 */
export class AccessLog extends LogController {
  /** `,"pid":…,"hostname":…`: pino's base fields, which every line of this process carries. */
  private readonly base = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;

  /** `destination`: the logger's; none when logging is off. */
  constructor(private readonly destination: LogDestination | undefined) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error(
        { req: request, res: reply, responseTime: reply.elapsedTime, err: error },
        'request errored',
      );
    } else if (this.destination && writesInfo(reply.log.level)) {
      this.destination.write(
        `{"level":${INFO},"time":${Date.now()}${this.base},"reqId":${JSON.stringify(request.id)}` +
          `,"req":${JSON.stringify(serializeRequest(request))}` +
          `,"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime}` +
          `,"msg":"request completed"}\n`,
      );
    }
  }
}

/** Whether a logger at `level` writes `info` lines (a route may log at its own level). */
function writesInfo(level: string): boolean {
  return (pino.levels.values[level] ?? Number.POSITIVE_INFINITY) <= INFO;
}
