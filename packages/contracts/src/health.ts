import { z } from 'zod';
import { endpoint } from './endpoint.js';

export const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['up', 'down']),
  })
  .describe('Health');
export type Health = z.infer<typeof healthSchema>;

/** Readiness: the database answers and every migration of this version has run. */
export const serverReadinessSchema = z
  .object({
    status: z.enum(['ready', 'not-ready']),
    database: z.enum(['up', 'down']),
    migrations: z.enum(['done', 'pending', 'unknown']),
  })
  .describe('ServerReadiness');
export type ServerReadiness = z.infer<typeof serverReadinessSchema>;

export const healthEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/health',
    body: undefined,
    response: healthSchema,
    summary: 'Liveness and database connectivity; also hands out the XSRF-TOKEN cookie',
  }),
  live: endpoint({
    method: 'GET',
    path: '/api/health/live',
    body: undefined,
    response: z.object({ status: z.literal('ok') }).describe('Liveness'),
    summary:
      'Liveness for a supervisor: the process answers (the database is not asked, so a database outage never restarts the app)',
  }),
  ready: endpoint({
    method: 'GET',
    path: '/api/health/ready',
    body: undefined,
    response: serverReadinessSchema,
    summary:
      'Readiness for a load balancer: 200 when the database answers and its migrations are done, 503 otherwise',
  }),
};
