export { createContentEvents } from './content-events.js';
export { createPlanContentJob, PLAN_CONTENT_JOB, topicContentJob } from './plan-content.js';
export { createRestudyFiles, RESTUDY_FILES_JOB } from './restudy-files.js';
export { createRestudyFilesRepository } from './restudy-files.repository.js';
export { createSmartSchedulerRepository } from './smart-scheduler.repository.js';
export { smartSchedulerRoutes } from './smart-scheduler.routes.js';
export { createSmartSchedulerService, MAX_REQUEST_TEXT_CHARS } from './smart-scheduler.service.js';
export { TOPIC_CONTENT_JOB } from './topic-content.js';
