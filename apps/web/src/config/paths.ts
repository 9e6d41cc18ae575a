/** Client routes (docs/product.md, Screens), so links and redirects share one spelling. */
export const paths = {
  home: '/',
  about: '/about',
  blog: '/blog',
  /** One article of the blog (`slug` from features/blog). */
  blogPost: (slug: string) => `/blog/${seg(slug)}`,
  contact: '/contact',
  services: '/services',
  login: '/login',
  /**
   * Login with a notice above the form (`accountDeleted`: after the account was deleted;
   * `passwordReset`: after a new password was set with a reset link).
   */
  loginNotice: (notice: 'accountDeleted' | 'passwordReset') => withQuery('/login', { notice }),
  register: '/register',
  /** A forgotten password: ask for a reset link. */
  forgotPassword: '/forgot-password',
  /** Where a reset link leads (`?token=`); public. */
  resetPassword: '/reset-password',
  /** Where a reminder e-mail's unsubscribe link leads (`?token=`); public. */
  unsubscribe: '/unsubscribe',
  dashboard: '/dashboard',
  calendar: '/calendar',
  profile: '/profile',
  /** The admin screen; to anyone else it is an unknown address. */
  admin: '/admin',
  studyPlanList: '/study-plan/list',
  /** Also where 'Subject not found.' leads (docs/product.md, Errors). */
  studyPlans: '/study-plan',
  studyPlanCreate: '/study-plan/create',
  /** Cards brought in from an Anki package. */
  cardImport: '/study-plan/import',
  studyPlanDetail: (id: number | string) => `/study-plan/detail/${seg(id)}`,
  studyPlanEdit: (id: number | string) => `/study-plan/edit/${seg(id)}`,
  subject: (planId: number | string, subjectName: string) =>
    `/study-plan/subject/${seg(planId)}/${seg(subjectName)}`,
  subjectDetail: (planId: number | string, subjectName: string) =>
    `/subject-detail/${seg(planId)}/${seg(subjectName)}`,
  topic: (planId: number | string, subjectName: string, topicName: string) =>
    `/study-plan/topic/${seg(planId)}/${seg(subjectName)}/${seg(topicName)}`,
  topicRichContent: (planId: number | string, subjectName: string, topicName: string) =>
    `/study-plan/topic-rich-content/${seg(planId)}/${seg(subjectName)}/${seg(topicName)}`,
  topicById: (id: number | string) => `/topic/${seg(id)}/detail`,
  lesson: (
    planId: number | string,
    subjectName: string,
    topicName: string,
    lessonId: number | string,
  ) => `/lesson-detail/${seg(planId)}/${seg(subjectName)}/${seg(topicName)}/${seg(lessonId)}`,
  /**
   * The session form; `date` (YYYY-MM-DD) preselects a day, `time` (HH:MM) its start and `plan`
   * a plan (quick add from the calendar); `id` opens a session to edit.
   */
  scheduledSession: (
    query: { date?: string; time?: string; plan?: number | string; id?: number | string } = {},
  ) => withQuery('/scheduled-session', query),
  sessionCreate: '/session/create',
  /** The calendar, optionally at the week holding `week` (YYYY-MM-DD). */
  calendarWeek: (week?: string) => withQuery('/calendar', { week }),
  /** The calendar in a view (week, day or month) at a day (YYYY-MM-DD). */
  calendarView: (view: 'week' | 'day' | 'month', date: string) =>
    withQuery('/calendar', { view, date }),
  smartSchedulerSetup: '/smart-scheduler/setup',
  /** The classes I teach and joined, and the join form. */
  classes: '/classes',
  /** A teacher makes a class. */
  classCreate: '/classes/new',
  /** The join form, with the code of a join link or QR code filled in (`?code=`). */
  classJoin: (code?: string) => withQuery('/classes/join', { code }),
  /** One class: the teacher's editor, or a member's view. */
  classDetail: (id: number | string) => `/classes/${seg(id)}`,
  /** The review of a smart-scheduler proposal (a draft, or an accepted plan read-only). */
  smartSchedulerReview: (planId: number | string) =>
    withQuery('/smart-scheduler/review', { planId }),
} as const;

/** Route patterns for the router (same shapes as the builders above). */
export const routePatterns = {
  blogPost: '/blog/:slug',
  studyPlanDetail: '/study-plan/detail/:id',
  studyPlanEdit: '/study-plan/edit/:id',
  subject: '/study-plan/subject/:studyPlanId/:subjectName',
  subjectDetail: '/subject-detail/:studyPlanId/:subjectName',
  topic: '/study-plan/topic/:studyPlanId/:subjectName/:topicName',
  topicRichContent: '/study-plan/topic-rich-content/:studyPlanId/:subjectName/:topicName',
  topicById: '/topic/:id/detail',
  lesson: '/lesson-detail/:studyPlanId/:subjectName/:topicName/:lessonId',
  scheduledSession: '/scheduled-session',
  smartSchedulerSetup: '/smart-scheduler/setup',
  smartSchedulerReview: '/smart-scheduler/review',
  classJoin: '/classes/join',
  classDetail: '/classes/:id',
} as const;

function seg(value: number | string): string {
  return encodeURIComponent(String(value));
}

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Static files served beside the app. */
export const assetPaths = {
  i18n: '/assets/i18n/{{lng}}.json',
  termsOfService: '/assets/terms-of-service.txt',
} as const;
