/** Query keys of the smart-scheduler feature. */
export const smartSchedulerKeys = {
  all: ['smart-scheduler'] as const,
  proposal: (planId: number) => [...smartSchedulerKeys.all, 'proposal', planId] as const,
  progress: (jobId: string) => [...smartSchedulerKeys.all, 'progress', jobId] as const,
  content: (planId: number) => [...smartSchedulerKeys.all, 'content', planId] as const,
};
