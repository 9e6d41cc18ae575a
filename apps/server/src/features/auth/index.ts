export { authRoutes, clearRefresh, setRefresh } from './auth.routes.js';
export {
  type AuthService,
  assertAvailable,
  createAuthService,
  type IssuedSession,
} from './auth.service.js';
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
export { describeUserAgent } from './user-agent.js';
export {
  ADMIN_ROLE,
  createUsersRepository,
  type NewUser,
  type ProfileRow,
  STUDENT_ROLE,
  type UserRow,
  type UsersRepository,
} from './users.repository.js';
