import { createPlansService } from './plans.service.js';

export const planRoutes = { service: createPlansService };
