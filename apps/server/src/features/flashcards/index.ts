export { createFlashcardsRepository } from './flashcards.repository.js';
export { flashcardRoutes } from './flashcards.routes.js';
export { createFlashcardsService, type FlashcardsService } from './flashcards.service.js';
