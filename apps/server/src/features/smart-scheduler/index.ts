export { createSmartSchedulerRepository } from './smart-scheduler.repository.js';
export { smartSchedulerRoutes } from './smart-scheduler.routes.js';
export { createSmartSchedulerService } from './smart-scheduler.service.js';
