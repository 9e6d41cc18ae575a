export { createReminderScanner } from './reminder-scanner.js';
export {
  CLASS_CHANGE_EMAIL_JOB,
  createRemindersRepository,
  SESSION_REMINDER_JOB,
} from './reminders.repository.js';
export { remindersRoutes } from './reminders.routes.js';
export { createRemindersService, type RemindersService } from './reminders.service.js';
export { createUnsubscribeTokens } from './unsubscribe-token.js';
