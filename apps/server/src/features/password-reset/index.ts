export { createPasswordResetRepository } from './password-reset.repository.js';
export { passwordResetRoutes } from './password-reset.routes.js';
export {
  createPasswordResetService,
  createResetLinks,
  type PasswordResetService,
  type ResetLinks,
} from './password-reset.service.js';
