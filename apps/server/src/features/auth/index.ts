export { authRoutes } from './auth.routes.js';
export { type AuthService, assertAvailable, createAuthService } from './auth.service.js';
export { createSessionsRepository } from './sessions.repository.js';
export { createUsersRepository, type UsersRepository } from './users.repository.js';
