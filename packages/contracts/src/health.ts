import { z } from 'zod';
import { endpoint } from './endpoint.js';

export const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['up', 'down']),
  })
  .describe('Health');
export type Health = z.infer<typeof healthSchema>;

export const healthEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/health',
    body: undefined,
    response: healthSchema,
    summary: 'Liveness and database connectivity; also hands out the XSRF-TOKEN cookie',
  }),
};
