export { createTopicsRepository } from './topics.repository.js';
export { topicRoutes } from './topics.routes.js';
export { createTopicsService, type TopicsService } from './topics.service.js';
