/**
 * Route config for @fastify/rate-limit on AI calls: counted per student (the hook runs after
 * authentication, so the key is the user id), not per IP.
 */
export function aiRateLimit(max: number) {
  return {
    max,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (req: { authUser?: { id: number } | undefined; ip: string }) =>
      req.authUser ? `ai:user:${req.authUser.id}` : req.ip,
  };
}
