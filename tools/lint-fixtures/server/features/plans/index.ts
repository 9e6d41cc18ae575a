export { planRoutes } from './plans.routes.js';
export { createPlansService } from './plans.service.js';
