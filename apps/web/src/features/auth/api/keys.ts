/** Query keys of the auth feature. */
export const authKeys = {
  all: ['auth'] as const,
  terms: () => [...authKeys.all, 'terms'] as const,
  pendingSchoolLink: () => [...authKeys.all, 'pending-school-link'] as const,
};
