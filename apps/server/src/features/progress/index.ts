export { createProgressRepository } from './progress.repository.js';
export { progressRoutes } from './progress.routes.js';
export { createProgressService } from './progress.service.js';
