export {
  createCalendarFeedRepository,
  type FeedSessionRow,
} from './calendar-feed.repository.js';
export { calendarFeedRoutes, siteOf as calendarSiteOf } from './calendar-feed.routes.js';
export { type CalendarFeedService, createCalendarFeedService } from './calendar-feed.service.js';
export { type CalendarSite, mainZone, sessionUrl, writeCalendar } from './calendar-ics.js';
