export * from './ai.js';
export * from './auth.js';
export * from './busy-times.js';
export * from './calendar-feed.js';
export * from './email.js';
export * from './endpoint.js';
export * from './errors.js';
export * from './feedback.js';
export * from './flashcards.js';
export * from './health.js';
export * from './ids.js';
export * from './key-topics.js';
export * from './lessons.js';
export * from './living-plan.js';
export * from './notices.js';
export * from './plans.js';
export * from './profile.js';
export * from './progress.js';
export * from './quizzes.js';
export * from './site.js';
export * from './smart-scheduler.js';
export * from './study-sessions.js';
export * from './subjects.js';
export * from './topics.js';
export * from './workload.js';

/** Cookie and header names of the double-submit CSRF defence. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
