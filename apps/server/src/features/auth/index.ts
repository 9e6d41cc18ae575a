export { authRoutes, clearRefresh } from './auth.routes.js';
export { type AuthService, assertAvailable, createAuthService } from './auth.service.js';
export {
  type AuthLimits,
  type AuthThrottles,
  createAuthThrottles,
  createDeviceCookies,
  createLoginGuard,
} from './login-guard.js';
export { assertPasswordAllowed } from './password-policy.js';
export { createSessionsRepository } from './sessions.repository.js';
export { sessionRoutes } from './sessions.routes.js';
export {
  ADMIN_ROLE,
  createUsersRepository,
  type ProfileRow,
  STUDENT_ROLE,
  type UsersRepository,
} from './users.repository.js';
