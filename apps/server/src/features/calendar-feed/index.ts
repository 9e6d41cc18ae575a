export { createCalendarFeedRepository } from './calendar-feed.repository.js';
export { calendarFeedRoutes } from './calendar-feed.routes.js';
export { type CalendarFeedService, createCalendarFeedService } from './calendar-feed.service.js';
