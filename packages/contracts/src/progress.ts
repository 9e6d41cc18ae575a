import { z } from 'zod';
import { endpoint } from './endpoint.js';

const counts = {
  topicsTotal: z.number().int(),
  topicsCompleted: z.number().int(),
  hoursPlanned: z.number().describe('Hours of all scheduled sessions'),
  hoursDone: z
    .number()
    .describe('Hours checked in as done, partial minutes included (the same as the readiness)'),
};

export const subjectProgressSchema = z.object({
  subjectId: z.number().int(),
  subjectName: z.string(),
  ...counts,
});

export const planProgressSchema = z
  .object({
    planId: z.number().int(),
    planName: z.string(),
    ...counts,
    subjects: z.array(subjectProgressSchema),
  })
  .describe('PlanProgress');
export type PlanProgress = z.infer<typeof planProgressSchema>;

export const progressEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/progress',
    body: undefined,
    response: z.array(planProgressSchema),
    summary: 'Progress per plan and subject: topics completed and session hours done vs planned',
  }),
};
