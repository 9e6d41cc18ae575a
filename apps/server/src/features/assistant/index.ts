export { createAssistantRepository } from './assistant.repository.js';
export { assistantRoutes } from './assistant.routes.js';
export { type AssistantService, createAssistantService } from './assistant.service.js';
