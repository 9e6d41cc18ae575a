export { createQuizzesRepository } from './quizzes.repository.js';
export { quizRoutes } from './quizzes.routes.js';
export { createQuizzesService, type QuizzesService } from './quizzes.service.js';
