export { createExportsRepository } from './exports.repository.js';
export { exportsRoutes } from './exports.routes.js';
export { createExportsService, type ExportsService } from './exports.service.js';
