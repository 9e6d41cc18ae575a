import type { ColumnType, Generated } from 'kysely';

/**
 * Table types in camelCase (CamelCasePlugin maps them to snake_case columns).
 * Timestamps are ISO-8601 UTC text and booleans are 0/1 integers in both dialects, so one
 * query code reads the same values from SQLite and PostgreSQL (docs/decisions/0001).
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  usernameNormalized: string;
  email: string;
  emailNormalized: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  role: string;
  notifyOnLesson: number;
  /** 'sunday' (default) or 'monday': the first day of the student's calendar week. */
  weekStartsOn: Generated<string>;
  /**
   * The secret of the student's calendar feed (43 base64url characters, unique); null while
   * the feed is off (migration 0011). Left out of an insert, it is null.
   */
  calendarToken: ColumnType<string | null, string | null | undefined, string | null>;
  /** 10, 30 (default) or 60: minutes before a session that its reminder is due (migration 0012). */
  reminderLeadMinutes: Generated<number>;
  /** The interface language the student last used ('en' until the browser says): their e-mails'. */
  language: Generated<string>;
  /** The IANA zone the browser last reported ('UTC' until then): times in their e-mails. */
  timeZone: Generated<string>;
  /**
   * What the unsubscribe links of the student's e-mails are signed for (0 at first): one more
   * each time the profile's lesson reminders are turned back on (migration 0014).
   */
  unsubscribeVersion: Generated<number>;
  /** The TOTP secret, sealed (features/two-factor/secret-box.ts); null: two-step sign-in off. */
  totpSecret: string | null;
  /** A secret being set up, sealed, until its first code confirms it. */
  totpPendingSecret: string | null;
  totpEnabledAt: string | null;
  /** The last TOTP time step a code was accepted for: a code works once. */
  totpLastStep: Generated<number>;
  /** 1: the account may make classes (docs/classes.md); a teacher studies as a student too. */
  teacher: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

export interface AuthSessionsTable {
  /** Random 256-bit id, also the `sid` claim of the access tokens it issues. */
  id: string;
  userId: number;
  /** SHA-256 of the current refresh secret; rotated on every refresh. */
  refreshTokenHash: string;
  userAgent: string | null;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

export interface StudyPlansTable {
  id: Generated<number>;
  userId: number;
  name: string;
  deadline: string | null;
  description: string | null;
  conceptMapOutline: string | null;
  overallSummary: string | null;
  /** 'draft' (a smart-scheduler proposal, not on the calendar) or 'active'. */
  status: Generated<string>;
  /** The wizard input (JSON) a generated plan came from. */
  sourceInput: string | null;
  /** Planner warnings: a JSON array of notices (plain strings in plans saved before them). */
  warnings: string | null;
  timeZone: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SubjectsTable {
  id: Generated<number>;
  userId: number;
  studyPlanId: number;
  name: string;
  /** The exam day, YYYY-MM-DD in the plan's time zone; null when the subject has no exam. */
  examDate: string | null;
  /** 0 = low, 1 = medium, 2 = high (the wizard's scale). */
  priority: Generated<number>;
  /** Hours needed before the exam (the student's or our estimate); null when not known. */
  hoursNeeded: number | null;
  /** Hours a week for a subject without an exam; null when not known. */
  weeklyHours: number | null;
  createdAt: string;
}

export interface TopicsTable {
  id: Generated<number>;
  userId: number;
  subjectId: number;
  name: string;
  deepDiveContent: string | null;
  completed: number;
  /** 1 when the student dropped it in a re-plan trade-off. */
  dropped: Generated<number>;
  /** writing | written | not-written: the deep dive and first lesson (contracts, topics). */
  contentStatus: Generated<string>;
  /** The notice (JSON) saying why the model did not write the content, else null. */
  contentNote: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface LessonsTable {
  id: Generated<number>;
  userId: number;
  topicId: number;
  title: string;
  latexContent: string;
  createdAt: string;
}

export interface LessonReviewsTable {
  id: Generated<number>;
  userId: number;
  lessonId: number;
  rating: number;
  comment: string;
  createdAt: string;
}

export interface StudySessionsTable {
  id: Generated<number>;
  userId: number;
  studyPlanId: number;
  subjectId: number;
  topicId: number | null;
  title: string;
  startAt: string;
  endAt: string;
  notes: string | null;
  reminder: number;
  /** learn | review | final-review for generated sessions, null for hand-made ones. */
  kind: string | null;
  /** JSON array of focus points. */
  focus: string | null;
  /** JSON array of file names. */
  materials: string | null;
  /** done | partial | missed; null until checked in. */
  checkInStatus: string | null;
  minutesDone: number | null;
  /** 1-5, how the session went. */
  rating: number | null;
  checkedInAt: string | null;
  /** 1 once a re-plan has placed (or given up) its unfinished hours. */
  carriedOver: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

/** Busy time in wall-clock terms: local day and HH:MM times in `timeZone`. */
export interface BusyTimesTable {
  id: Generated<number>;
  userId: number;
  /** lecture | lab | work | sport | other. */
  kind: string;
  title: string;
  /** YYYY-MM-DD local day of the (first) occurrence. */
  date: string;
  /** HH:MM local. */
  startTime: string;
  /** HH:MM local, after startTime (24:00 ends the day). */
  endTime: string;
  /** once | weekly. */
  repeat: string;
  /** YYYY-MM-DD last day of a weekly repeat; null: no end. */
  until: string | null;
  timeZone: string;
  createdAt: string;
  updatedAt: string;
}

export interface StudyFilesTable {
  id: Generated<number>;
  userId: number;
  subjectId: number;
  sha256: string;
  originalName: string;
  kind: string;
  sizeBytes: number;
  textContent: string;
  /** Which reading of a document `textContent` is (STUDY_TEXT_VERSION); 0 before it. */
  textVersion: Generated<number>;
  createdAt: string;
}

export interface AppFeedbackTable {
  id: Generated<number>;
  userId: number;
  rating: number;
  pleased: string;
  recommendation: string;
  /** The path the feedback was sent from (migration 0012; null before). */
  page: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: string;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  userId: number;
  /** 'user' or 'model'. */
  role: string;
  text: string;
  createdAt: string;
}

/** A flashcard with its FSRS memory state (ts-fsrs Card fields). */
export interface FlashcardsTable {
  id: Generated<number>;
  userId: number;
  lessonId: number;
  position: number;
  front: string;
  back: string;
  kind: string;
  source: string;
  due: string;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: string | null;
  createdAt: string;
  /** 1: suspended (in Anki before the import); never due. */
  suspended: Generated<number>;
  /** Where an imported card came from ("anki:<note guid>:<card number>"); unique per student. */
  sourceKey: string | null;
  /** JSON array of the card's tags (imported cards). */
  tags: string | null;
  /** JSON array of { src: data URL, alt }: the images an imported card shows. */
  images: string | null;
}

/** A package read for its preview, until the student confirms the import (migration 0024). */
export interface CardImportsTable {
  id: Generated<number>;
  userId: number;
  token: string;
  /** anki | csv */
  kind: string;
  filename: string;
  /** The file, base64: read again when the import is confirmed. */
  file: string;
  createdAt: string;
  expiresAt: string;
}

export interface FlashcardReviewsTable {
  id: Generated<number>;
  userId: number;
  flashcardId: number;
  rating: string;
  stateBefore: number;
  dueAfter: string;
  reviewedAt: string;
}

export interface QuizzesTable {
  id: Generated<number>;
  userId: number;
  lessonId: number;
  /** JSON: questions with options, the correct index and the explanation (never sent before submit). */
  questions: string;
  engine: string;
  createdAt: string;
}

export interface QuizResultsTable {
  id: Generated<number>;
  userId: number;
  quizId: number;
  lessonId: number;
  score: number;
  total: number;
  /** JSON array of the chosen option per question (null when skipped). */
  answers: string;
  createdAt: string;
}

/** A background job (migration 0010); see db/job-queue.ts. */
export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** The student the job works for (null for the server's own work). */
  userId: number | null;
  payload: string;
  /** pending | running | done | failed */
  status: string;
  attempts: Generated<number>;
  runAfter: string;
  leaseOwner: string | null;
  leaseExpiresAt: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One reminder of one session at one start time (migration 0012); see features/reminders. */
export interface SessionRemindersTable {
  id: Generated<number>;
  userId: number;
  sessionId: number;
  startsAt: string;
  dueAt: string;
  /** pending | sent | failed | cancelled */
  status: string;
  /** null without SMTP; sent | failed */
  emailStatus: string | null;
  error: string | null;
  sentAt: string | null;
  /** When the job began pushing it to the student's devices (migration 0023); null: not yet. */
  pushSentAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** An in-app notification: the bell's list (migration 0012). */
export interface NotificationsTable {
  id: Generated<number>;
  userId: number;
  /** 'session-reminder', 'busy-clash' or 'class-change' */
  kind: string;
  /** JSON: what the kind needs to show it (see contracts notifications.ts). */
  data: string;
  readAt: string | null;
  createdAt: string;
}

/** The admin log: who did what, when (migration 0012). */
export interface AdminActionsTable {
  id: Generated<number>;
  adminEmail: string;
  /** grant | revoke | delete-account */
  action: string;
  /** The e-mail of the account acted on. */
  target: string | null;
  createdAt: string;
}

/** A counter per UTC day shared by every instance (migration 0012): `ai_failures`. */
export interface DailyCountsTable {
  /** YYYY-MM-DD (UTC) */
  day: string;
  name: string;
  count: number;
}

/**
 * Changes whenever anything the plan list shows changes (database triggers keep it); the plan
 * list's cached answer is checked against it. PostgreSQL also keeps `set_by`, which the app
 * never reads.
 */
export interface PlanVersionsTable {
  userId: number;
  version: string;
}

/** One run of the backup schedule (migration 0015); see features/backups. */
export interface BackupsTable {
  id: Generated<number>;
  /** The schedule's instant (ISO UTC), unique: one run per instant whichever instance sees it. */
  scheduledFor: string;
  /** pending | running | done | failed */
  status: string;
  /** The instance that took it (its host name); the file is on its disk. */
  host: string | null;
  file: string | null;
  bytes: number | null;
  /** What opening the backup found ('ok' ...), or why it did not pass. */
  checkResult: string | null;
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: string;
}

/** A one-time link that sets a forgotten password; only the token's SHA-256 is kept. */
export interface PasswordResetsTable {
  id: Generated<number>;
  userId: number;
  tokenHash: string;
  /** `email` (the student asked) or `admin` (an admin made the link). */
  madeBy: string;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

/** A school account (OpenID Connect issuer and subject) a student signs in with. */
export interface ExternalIdentitiesTable {
  id: Generated<number>;
  userId: number;
  issuer: string;
  subject: string;
  createdAt: string;
  lastUsedAt: string;
}

/** The answer to a request sent with an Idempotency-Key (migration 0022). */
export interface IdempotencyKeysTable {
  id: Generated<number>;
  userId: number;
  key: string;
  /** What the key was first used for: the method, the path and a hash of the body. */
  request: string;
  /** The answer's status and JSON body; null while the first request is being handled. */
  status: number | null;
  body: string | null;
  createdAt: string;
}

/** A timetable the student imported (an .ics file); its events are busy time. */
export interface CalendarsTable {
  id: Generated<number>;
  userId: number;
  name: string;
  /** 'file' (an uploaded .ics) or 'subscription' (a link, read again on refresh). */
  kind: string;
  /** The file's text, to read its events again over a later horizon. */
  sourceText: string | null;
  /** 1: its events are busy time; 0: shown only. */
  countsAsBusy: Generated<number>;
  eventCount: Generated<number>;
  /** JSON array of the reader's warnings. */
  warnings: Generated<string>;
  /** A subscription's link, sealed (a secret); its host, shown instead. */
  urlSealed: string | null;
  urlHost: string | null;
  /** What the link's server said of the last read, for the next one. */
  etag: string | null;
  lastModified: string | null;
  lastSyncAt: string;
  createdAt: string;
  updatedAt: string;
}

/** One busy interval read from an imported calendar, as instants. */
export interface CalendarBusyTable {
  id: Generated<number>;
  calendarId: number;
  userId: number;
  title: string;
  startsAt: string;
  endsAt: string;
}

/** A browser that gets push reminders (migration 0023); see features/push. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  userId: number;
  /** The push service's address for the browser; unique. */
  endpoint: string;
  /** The browser's P-256 public key and auth secret, base64url (RFC 8291). */
  p256dh: string;
  auth: string;
  /** The device's name for the student, e.g. "Chrome on Android". */
  label: string | null;
  createdAt: string;
  lastSuccessAt: string | null;
}

/** Two-step sign-in's recovery codes: each stored as its SHA-256, each used once. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  userId: number;
  codeHash: string;
  usedAt: string | null;
  createdAt: string;
}

/** A teacher's class (migration 0025; docs/classes.md). `userId` is the teacher. */
export interface ClassesTable {
  id: Generated<number>;
  userId: number;
  name: string;
  /** The name the class's subjects take in a student's plan. */
  subjectName: string;
  /** What students type to join; unique, rotated on the teacher's request. */
  joinCode: string;
  /** 0: joining is closed (the members stay). */
  joinOpen: Generated<number>;
  /** One more with each saved change set (class_changes). */
  version: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

/** An exam of a class; `userId` is the teacher. */
export interface ClassExamsTable {
  id: Generated<number>;
  classId: number;
  userId: number;
  name: string;
  /** YYYY-MM-DD. */
  date: string;
  position: number;
}

/** A topic of a class, in the teacher's order; `userId` is the teacher. */
export interface ClassTopicsTable {
  id: Generated<number>;
  classId: number;
  userId: number;
  name: string;
  position: number;
  /** The teacher's suggested hours; null: the planner's estimate. */
  hours: number | null;
  /** The exam it is examined in; null: the class's last exam (or none). */
  examId: number | null;
}

/** A class's study file: its text, as a student's study file keeps it. */
export interface ClassFilesTable {
  id: Generated<number>;
  classId: number;
  userId: number;
  originalName: string;
  kind: string;
  sizeBytes: number;
  sha256: string;
  textContent: string;
  textVersion: Generated<number>;
  createdAt: string;
}

/** One saved change set of a class: what its members are offered. */
export interface ClassChangesTable {
  id: Generated<number>;
  classId: number;
  userId: number;
  version: number;
  /** JSON array of ClassChange (contracts classes.ts). */
  changes: string;
  createdAt: string;
}

/** A student in a class; their copy is in `planId` (null once that plan was deleted). */
export interface ClassMembersTable {
  id: Generated<number>;
  classId: number;
  userId: number;
  planId: number | null;
  /** The class version the student's copy was last brought to. */
  seenVersion: number;
  /** 1: the student lets the teacher see their own progress in this class. */
  share: Generated<number>;
  joinedAt: string;
}

/** Which of the student's rows copies which of the class's. */
export interface ClassCopiesTable {
  id: Generated<number>;
  memberId: number;
  userId: number;
  /** 'subject' (of an exam, or of a class without exams), 'topic' or 'file'. */
  kind: string;
  /** The class's row: an exam id (0 for a class without exams), a topic id or a file id. */
  sourceId: number;
  /** The student's row: a subject, topic or study file id. */
  localId: number;
}

export interface Database {
  users: UsersTable;
  authSessions: AuthSessionsTable;
  studyPlans: StudyPlansTable;
  subjects: SubjectsTable;
  topics: TopicsTable;
  lessons: LessonsTable;
  lessonReviews: LessonReviewsTable;
  studySessions: StudySessionsTable;
  busyTimes: BusyTimesTable;
  studyFiles: StudyFilesTable;
  appFeedback: AppFeedbackTable;
  chatMessages: ChatMessagesTable;
  flashcards: FlashcardsTable;
  cardImports: CardImportsTable;
  flashcardReviews: FlashcardReviewsTable;
  quizzes: QuizzesTable;
  quizResults: QuizResultsTable;
  jobs: JobsTable;
  sessionReminders: SessionRemindersTable;
  notifications: NotificationsTable;
  adminActions: AdminActionsTable;
  dailyCounts: DailyCountsTable;
  planVersions: PlanVersionsTable;
  backups: BackupsTable;
  passwordResets: PasswordResetsTable;
  recoveryCodes: RecoveryCodesTable;
  externalIdentities: ExternalIdentitiesTable;
  calendars: CalendarsTable;
  calendarBusy: CalendarBusyTable;
  idempotencyKeys: IdempotencyKeysTable;
  pushSubscriptions: PushSubscriptionsTable;
  classes: ClassesTable;
  classExams: ClassExamsTable;
  classTopics: ClassTopicsTable;
  classFiles: ClassFilesTable;
  classChanges: ClassChangesTable;
  classMembers: ClassMembersTable;
  classCopies: ClassCopiesTable;
}
