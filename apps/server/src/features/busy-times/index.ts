export { createBusyTimesRepository } from './busy-times.repository.js';
export { busyTimeRoutes } from './busy-times.routes.js';
export { type BusyTimesService, createBusyTimesService } from './busy-times.service.js';
export { localBusy } from './local-busy.js';
