export { createClassesRepository } from './classes.repository.js';
export { classesRoutes } from './classes.routes.js';
export { type ClassesService, createClassesService } from './classes.service.js';
export { createPlacementRepository } from './placement.repository.js';
