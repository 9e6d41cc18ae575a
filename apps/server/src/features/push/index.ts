export { createPushRepository } from './push.repository.js';
export { pushRoutes } from './push.routes.js';
export { createPushService, type PushReport, type PushService } from './push.service.js';
