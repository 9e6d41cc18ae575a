export { createAdminRepository } from './admin.repository.js';
export { adminRoutes } from './admin.routes.js';
export { type AdminService, createAdminService } from './admin.service.js';
export {
  ADMIN_USAGE,
  type AdminCommandResult,
  parseAdminArgs,
  runAdminCommand,
} from './admin-cli.js';
