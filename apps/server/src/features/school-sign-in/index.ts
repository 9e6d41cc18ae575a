export { createExternalIdentitiesRepository } from './external-identities.repository.js';
export { createOidcClient } from './oidc-client.js';
export { CALLBACK_PATH, schoolSignInRoutes } from './school-sign-in.routes.js';
export { createSchoolSignInService, type SchoolSignInService } from './school-sign-in.service.js';
export { createSignInCookies } from './sign-in-cookies.js';
