export { createStudySessionsRepository } from './study-sessions.repository.js';
export { studySessionRoutes } from './study-sessions.routes.js';
export { createStudySessionsService } from './study-sessions.service.js';
