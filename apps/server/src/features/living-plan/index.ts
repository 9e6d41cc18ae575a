export { createLivingPlanRepository } from './living-plan.repository.js';
export { livingPlanRoutes } from './living-plan.routes.js';
export { createLivingPlanService } from './living-plan.service.js';
