import { planRoutes } from './features/plans/index.js';
// breaks server-outside-features-through-index
import { createPlansService } from './features/plans/plans.service.js';

export const app = [planRoutes, createPlansService];
