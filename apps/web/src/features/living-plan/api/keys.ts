/** Query keys of the living-plan feature. */
export const livingPlanKeys = {
  all: ['living-plan'] as const,
  readiness: (planId: number) => [...livingPlanKeys.all, 'readiness', planId] as const,
  clashes: (stamp: string) => [...livingPlanKeys.all, 'clashes', stamp] as const,
};
