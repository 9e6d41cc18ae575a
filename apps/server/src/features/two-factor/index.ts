export { totpCode } from './totp.js';
export { createTwoFactorRepository } from './two-factor.repository.js';
export { twoFactorRoutes } from './two-factor.routes.js';
export { createTwoFactorService, type TwoFactorService } from './two-factor.service.js';
