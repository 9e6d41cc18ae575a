export const paths = { plans: '/plans' };
