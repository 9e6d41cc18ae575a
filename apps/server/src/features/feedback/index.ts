export { createFeedbackRepository } from './feedback.repository.js';
export { feedbackRoutes } from './feedback.routes.js';
