/**
 * A check whose answer serves every caller for `ttlMs` after it was asked, in flight or done:
 * however many probes arrive (load balancers, a supervisor, a monitoring storm), the database is
 * asked at most once per `ttlMs`, and an outage or a recovery shows within it.
 */
export function recentCheck(
  check: () => Promise<boolean>,
  ttlMs: number,
  now: () => number = performance.now.bind(performance),
): () => Promise<boolean> {
  let last: { at: number; answer: Promise<boolean> } | undefined;
  return () => {
    const at = now();
    if (!last || at - last.at >= ttlMs) last = { at, answer: check() };
    return last.answer;
  };
}
