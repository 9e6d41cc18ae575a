export {
  CALENDAR_REFRESH_JOB,
  type CalendarRefresher,
  createCalendarRefresher,
} from './calendar-refresher.js';
export { createCalendarsRepository } from './calendars.repository.js';
export { calendarRoutes } from './calendars.routes.js';
export { type CalendarsService, createCalendarsService } from './calendars.service.js';
