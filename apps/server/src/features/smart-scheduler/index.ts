export { createContentEvents } from './content-events.js';
export { createSmartSchedulerRepository } from './smart-scheduler.repository.js';
export { smartSchedulerRoutes } from './smart-scheduler.routes.js';
export { createSmartSchedulerService } from './smart-scheduler.service.js';
export { createTopicContentJob, TOPIC_CONTENT_JOB } from './topic-content.js';
