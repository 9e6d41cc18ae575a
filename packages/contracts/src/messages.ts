/**
 * The catalogue of validation messages: each one declared once, with its English text (what
 * the server answers, word for word; API clients and tests read it) and the translation key the
 * browser shows instead (a key of apps/web/public/assets/i18n/*.json). Schemas take their
 * messages from here only, through `message()` on zod's checks and `refinement()` /
 * `customIssue()` on refinements, whose issues carry the key in `params.key`.
 *
 * Rewording a text here keeps its translation: the browser finds the key by the text through
 * `messageKey()`, which is built from this catalogue, never from a list of its own.
 */
export interface CatalogueMessage {
  /** The translation key. */
  readonly key: string;
  /** The English text, as the server answers it. */
  readonly en: string;
}

const m = (key: string, en: string): CatalogueMessage => ({ key, en });

export const VALIDATION_MESSAGES = {
  // E-mail, password and names (accounts, profile).
  emailRequired: m('validation.emailRequired', 'Email is required.'),
  emailInvalid: m('validation.emailInvalid', 'Enter a valid email address.'),
  emailTooLong: m('validation.emailTooLong', 'Email must be at most 254 characters.'),
  emailLocalTooLong: m(
    'validation.emailLocalTooLong',
    'The part before @ must be at most 64 characters.',
  ),
  passwordRequired: m('validation.passwordRequired', 'Password is required.'),
  passwordMin: m('validation.passwordMin', 'Password must be at least 8 characters.'),
  passwordMax: m('validation.passwordMax', 'Password must be at most 256 characters.'),
  passwordsMismatch: m('validation.passwordsMismatch', 'Passwords do not match.'),
  currentPasswordRequired: m('validation.currentPasswordRequired', 'Enter your current password.'),
  enterPassword: m('validation.enterPassword', 'Enter your password.'),
  usernameRequired: m('validation.usernameRequired', 'Username is required.'),
  usernameMax: m('validation.usernameMax', 'Username must be at most 50 characters.'),
  usernamePattern: m(
    'validation.usernamePattern',
    'Username may use letters, digits, dot, dash and underscore.',
  ),
  firstNameRequired: m('validation.firstNameRequired', 'First name is required.'),
  firstNameMax: m('validation.firstNameMax', 'First name must be at most 100 characters.'),
  lastNameRequired: m('validation.lastNameRequired', 'Last name is required.'),
  lastNameMax: m('validation.lastNameMax', 'Last name must be at most 100 characters.'),

  // Plans, subjects, topics, sessions.
  planNameRequired: m('validation.planNameRequired', 'PLAN_NAME_REQUIRED'),
  nameRequired: m('validation.nameRequired', 'Name is required.'),
  nameMax: m('validation.nameMax', 'Name must be at most 200 characters.'),
  descriptionMax: m('validation.descriptionMax', 'Description must be at most 5000 characters.'),
  dateInvalid: m('validation.dateInvalid', 'Use a date as YYYY-MM-DD.'),
  dateTimeInvalid: m('validation.dateTimeInvalid', 'Use an ISO 8601 date-time with a time zone.'),
  timeInvalid: m('validation.timeInvalid', 'Use a time as HH:MM.'),
  timeZoneInvalid: m('validation.timeZoneInvalid', 'Unknown time zone.'),
  titleRequired: m('validation.titleRequired', 'Title is required.'),
  titleMax: m('validation.titleMax', 'Title must be at most 200 characters.'),
  notesMax: m('validation.notesMax', 'Notes must be at most 2000 characters.'),
  endAfterStart: m('validation.endAfterStart', 'End must be after start.'),
  sessionTooLong: m('validation.sessionTooLong', 'A session can last at most 12 hours.'),
  sessionInPast: m('validation.sessionInPast', 'A session cannot be moved into the past.'),
  sessionAfterExam: m(
    'validation.sessionAfterExam',
    "A session must come before its subject's exam day.",
  ),
  sessionOnBusyTime: m('validation.sessionOnBusyTime', 'That time is busy. Choose a free time.'),
  reminderLead: m('validation.reminderLead', 'Reminder time must be 10, 30 or 60 minutes.'),

  // Busy time.
  busyEndBeforeStart: m(
    'calendar.busy.errors.endBeforeStart',
    'Busy time must end after it starts.',
  ),
  busyUntilBeforeDate: m(
    'calendar.busy.errors.untilBeforeDate',
    'The last day must be on or after the first day.',
  ),
  busyUntilWithoutRepeat: m(
    'calendar.busy.errors.untilWithoutRepeat',
    'A last day is only for busy time that repeats weekly.',
  ),
  busyRangeTooLong: m(
    'calendar.busy.errors.rangeTooLong',
    'Ask for at most 400 days of busy time at once.',
  ),
  csvColumnsSame: m('validation.csvColumnsSame', 'Front and back must be different columns.'),

  // Ids in paths, ratings and choices.
  notANumber: m('validation.choiceRequired', 'Must be a number.'),
  notAWholeNumber: m('validation.choiceRequired', 'Must be a whole number.'),
  notPositive: m('validation.choiceRequired', 'Must be a positive number.'),
  idTooLarge: m('validation.choiceRequired', 'Is too large.'),
  commentRequired: m('validation.commentRequired', 'Comment is required (max 500 chars).'),
  lessonRatingNotANumber: m('validation.ratingRange', 'Rating must be a number from 1 to 5.'),
  lessonRatingNotWhole: m('validation.ratingRange', 'Rating must be a whole number from 1 to 5.'),
  ratingRange: m('validation.ratingRange', 'Rating must be from 1 to 5.'),
  ratingNotANumber: m('validation.ratingRange', 'Rating must be a number.'),
  ratingNotWhole: m('validation.ratingRange', 'Rating must be a whole number.'),
  feedbackRatingNotANumber: m('feedback.ratingRequired', 'Rating must be a number from 0 to 5.'),
  feedbackRatingNotWhole: m(
    'feedback.ratingRequired',
    'Rating must be a whole number from 0 to 5.',
  ),
  feedbackRatingRange: m('feedback.ratingRequired', 'Rating must be from 0 to 5.'),
  feedbackTextMax: m('validation.feedbackTextMax', 'At most 2000 characters.'),
  pageInvalid: m('validation.pageInvalid', 'The page must be a path.'),
  flashcardRatingInvalid: m(
    'validation.flashcardRatingInvalid',
    'Rating must be one of again, hard, good, easy.',
  ),
  reviewedAtFuture: m('validation.reviewedAtFuture', 'A review cannot be dated in the future.'),
  reviewedAtBeforeLast: m(
    'validation.reviewedAtBeforeLast',
    'This card was reviewed after that time; the earlier review was left out.',
  ),
  quizAnswerInvalid: m(
    'validation.quizAnswersInvalid',
    'Each answer must be an option index or null.',
  ),
  quizAnswersNotAList: m(
    'validation.quizAnswersInvalid',
    'Answers must be a list with one entry per question.',
  ),
  quizTooManyAnswers: m('validation.quizAnswersInvalid', 'Too many answers.'),

  // The assistant and the lesson bot.
  languageInvalid: m('validation.languageInvalid', 'Language must be one of en, el, es, fr, de.'),
  promptRequired: m('validation.promptRequired', 'Type a message first.'),
  promptMax: m('validation.promptMax', 'A message can be at most 4000 characters.'),
  questionRequired: m('validation.questionRequired', 'Type a question first.'),
  questionMax: m('validation.questionMax', 'A question can be at most 2000 characters.'),

  // Links.
  calendarLinkInvalid: m('validation.calendarLinkInvalid', 'Unknown calendar link.'),
  unsubscribeLinkInvalid: m(
    'notifications.messages.badUnsubscribeLink',
    'This unsubscribe link is not valid.',
  ),

  // Push reminders: a browser's push subscription.
  pushEndpointInvalid: m(
    'push.errors.endpointInvalid',
    'The push address must be an https:// URL of at most 1,024 characters.',
  ),
  pushEndpointRefused: m(
    'push.errors.endpointRefused',
    'The server may not send notifications to this push address.',
  ),
  pushKeyInvalid: m(
    'push.errors.keyInvalid',
    'The subscription key must be a P-256 public key: 65 bytes, base64url.',
  ),
  pushAuthInvalid: m(
    'push.errors.authInvalid',
    'The subscription secret must be 16 bytes, base64url.',
  ),
  pushLabelMax: m('push.errors.labelMax', 'A device name can be at most 100 characters.'),

  // The living plan's check-in.
  checkInStatusRequired: m('livingPlan.errors.statusRequired', 'Choose done, partly or missed.'),
  minutesNotANumber: m('livingPlan.errors.minutesRange', 'Minutes must be a number.'),
  minutesNotWhole: m('livingPlan.errors.minutesRange', 'Minutes must be a whole number.'),
  minutesTooFew: m('livingPlan.errors.minutesRange', 'Minutes must be at least 1.'),
  minutesTooMany: m('livingPlan.errors.minutesRange', 'Minutes must be at most 1440.'),
  minutesRequired: m('livingPlan.errors.minutesRequired', 'Say how many minutes you studied.'),
  minutesOverLength: m(
    'livingPlan.errors.minutesOverLength',
    'Minutes done cannot be more than the session lasts.',
  ),
  minutesOnlyPartial: m(
    'livingPlan.errors.minutesOnlyPartial',
    'Minutes done is only for a session done in part.',
  ),

  // The smart scheduler's wizard.
  wizardEndBeforeStart: m(
    'smartScheduler.wizard.errors.endBeforeStart',
    'The end date must be on or after the start date.',
  ),
  wizardPeriodTooLong: m(
    'smartScheduler.wizard.errors.periodTooLong',
    'The study period can be at most 52 weeks.',
  ),
  wizardNoStudyDay: m('smartScheduler.wizard.errors.noStudyDay', 'Choose at least one study day.'),
  wizardNoStudyTime: m(
    'smartScheduler.wizard.errors.noStudyTime',
    'Give at least one hour of study time.',
  ),
  wizardDayEndBeforeStart: m(
    'smartScheduler.wizard.availability.errors.endBeforeStart',
    'The day must end after it starts.',
  ),
  wizardAvailabilityDays: m(
    'validation.availabilityInvalid',
    'Give availability for all seven days.',
  ),
  wizardAvailabilityOrder: m(
    'validation.availabilityInvalid',
    'Days must be listed Monday (0) to Sunday (6).',
  ),
  wizardKeyTopicsMin: m(
    'smartScheduler.wizard.errors.keyTopicsMin',
    'Key topics must be at least 50 characters.',
  ),
  wizardKeyTopicsMax: m(
    'smartScheduler.wizard.errors.keyTopicsMax',
    'Key topics must be at most 10000 characters.',
  ),
  wizardNoSubjects: m('smartScheduler.wizard.errors.noSubjects', 'Add at least one subject.'),
  wizardTooManySubjects: m('smartScheduler.wizard.errors.tooManySubjects', 'At most 20 subjects.'),
  wizardDeadlineOutsidePeriod: m(
    'smartScheduler.wizard.errors.deadlineOutsidePeriod',
    'The deadline must be after the start date and inside the study period.',
  ),
  wizardExtraWishesMax: m(
    'smartScheduler.wizard.errors.extraWishesMax',
    'Extra wishes must be at most 2000 characters.',
  ),
  wizardHoursNeededRange: m(
    'smartScheduler.wizard.errors.hoursNeededRange',
    'Hours needed must be between 1 and 500.',
  ),
  wizardWeeklyHoursRange: m(
    'smartScheduler.wizard.errors.weeklyHoursRange',
    'Hours a week must be between 0.5 and 40.',
  ),
  wizardHoursNeededWithoutExam: m(
    'smartScheduler.wizard.errors.hoursNeededWithoutExam',
    'Hours needed is for a subject with an exam; give hours a week instead.',
  ),
  wizardWeeklyHoursWithExam: m(
    'smartScheduler.wizard.errors.weeklyHoursWithExam',
    'Hours a week is for a subject without an exam; give hours needed instead.',
  ),
  wizardMaxLoadRange: m(
    'smartScheduler.wizard.errors.maxLoadRange',
    'The weekly booking cap must be between 50% and 100%.',
  ),
  jobIdInvalid: m('validation.jobIdInvalid', 'Use 8 to 64 letters, digits or dashes.'),

  // Classes (teacher).
  classTopicHoursRange: m(
    'classes.errors.topicHoursRange',
    'Suggested hours must be between 0.5 and 100.',
  ),
  classTooManyExams: m('classes.errors.tooManyExams', 'A class has at most 10 exams.'),
  classNoTopics: m('classes.errors.noTopics', 'Add at least one topic.'),
  classTooManyTopics: m('classes.errors.tooManyTopics', 'A class has at most 60 topics.'),
  classTopicExamUnknown: m('classes.errors.topicExamUnknown', 'Choose one of the class’s exams.'),
  classRepeatedId: m('classes.errors.repeatedId', 'The same exam or topic is listed twice.'),
  classCodeRequired: m('classes.errors.codeRequired', 'Enter the code your teacher gave you.'),

  // Deleting an account (admin).
  adminConfirmationMismatch: m(
    'admin.delete.errors.confirmationMismatch',
    'Type the student’s e-mail address again to confirm.',
  ),
  adminNoSuchStudent: m('admin.delete.errors.noSuchStudent', 'No account has this e-mail address.'),
  adminNotYourself: m(
    'admin.delete.errors.notYourself',
    'Delete your own account from your profile.',
  ),
} as const satisfies Record<string, CatalogueMessage>;

export type ValidationMessageName = keyof typeof VALIDATION_MESSAGES;

/** zod's error param of a check (`.min(1, message(M.x))`): the English text. */
export function message(entry: CatalogueMessage): { error: string } {
  return { error: entry.en };
}

/**
 * The params of a refinement (`.refine(ok, refinement(M.x, { path }))`): the English text as
 * its error and the key in the issue's `params.key`.
 */
export function refinement<P extends object = object>(
  entry: CatalogueMessage,
  more?: P,
): P & { error: string; params: { key: string } } {
  return { ...(more as P), error: entry.en, params: { key: entry.key } };
}

/** A custom issue for `ctx.addIssue` in a superRefine: the English text, the key in params. */
export function customIssue(
  entry: CatalogueMessage,
  path?: PropertyKey[],
  params: Record<string, unknown> = {},
): { code: 'custom'; message: string; params: Record<string, unknown>; path?: PropertyKey[] } {
  return {
    code: 'custom',
    message: entry.en,
    params: { ...params, key: entry.key },
    ...(path ? { path } : {}),
  };
}

const keyByText = new Map<string, string>(
  Object.values(VALIDATION_MESSAGES).map((entry) => [entry.en, entry.key]),
);

/**
 * The translation key of a validation message: its `params.key` when the issue carries one,
 * else the catalogue's key for its English text (a form's issue, a server's field problem).
 * Undefined for a text the catalogue does not hold.
 */
export function messageKey(
  issue: string | { message?: string | undefined; params?: unknown } | undefined,
): string | undefined {
  if (issue === undefined) return undefined;
  if (typeof issue === 'string') return keyByText.get(issue);
  const params = issue.params as { key?: unknown } | undefined;
  if (typeof params?.key === 'string') return params.key;
  return issue.message === undefined ? undefined : keyByText.get(issue.message);
}
