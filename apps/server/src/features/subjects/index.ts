export { createSubjectsRepository } from './subjects.repository.js';
export { subjectRoutes } from './subjects.routes.js';
export { createSubjectsService, type SubjectsService } from './subjects.service.js';
