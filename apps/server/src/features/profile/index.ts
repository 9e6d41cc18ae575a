export { profileRoutes } from './profile.routes.js';
export { createProfileService } from './profile.service.js';
