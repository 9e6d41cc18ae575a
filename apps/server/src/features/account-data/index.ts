export { createAccountDataRepository } from './account-data.repository.js';
export { accountDataRoutes } from './account-data.routes.js';
export { type AccountDataService, createAccountDataService } from './account-data.service.js';
