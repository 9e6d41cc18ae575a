export { createLessonsRepository } from './lessons.repository.js';
export { lessonRoutes } from './lessons.routes.js';
export { createLessonsService } from './lessons.service.js';
