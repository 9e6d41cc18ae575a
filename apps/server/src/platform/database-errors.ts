/**
 * Errors that mean "the database cannot answer right now" rather than "this request is
 * wrong": PostgreSQL restarting, failing over or unreachable, or SQLite locked past its busy
 * timeout. They answer 503 with Retry-After, which clients and proxies know to try again,
 * instead of a 500 that reads as a bug. The transaction that failed was rolled back.
 */
const UNAVAILABLE_CODES = new Set([
  // Node's socket errors, as pg reports them.
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL: connection exceptions (class 08) and operator intervention (57P0x).
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  // SQLite: still locked once busy_timeout ran out.
  'SQLITE_BUSY',
]);

/** pg's own messages for a connection that ended or never came. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
];

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m)))
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
