export { lessonBotRoutes } from './lesson-bot.routes.js';
export { createLessonBotService, type LessonBotService } from './lesson-bot.service.js';
