import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { fastifySSE as sse } from '@fastify/sse';
import Fastify, { type FastifyInstance, type onRouteHookHandler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AiEngine } from './adapters/ai/ai-engine.js';
import { createAiEngine } from './adapters/ai/create-engine.js';
import { fetchCalendar } from './adapters/calendar-fetch/fetch-calendar.js';
import type { FileReaders } from './adapters/files/ingest.js';
import { createParsePool } from './adapters/files/parse-pool.js';
import { createSmtpMailer } from './adapters/mail/mailer.js';
import { createPasswordHasher, type PasswordHasher } from './adapters/password-hasher.js';
import { createWebPushSender, type PushSender } from './adapters/push/web-push-sender.js';
import { createOfflineEngine } from './adapters/work/offline-engine.js';
import { createWorkPool } from './adapters/work/work-pool.js';
import type { CardCsvTaskResult, IcsTaskResult } from './adapters/work/work-tasks.js';
import { type Config, maskUrl } from './config/config.js';
import { listAppTables } from './db/app-tables.js';
import type { Db } from './db/connect.js';
import { isDatabaseUp } from './db/connect.js';
import { countToday } from './db/daily-counts.js';
import { createJobQueue } from './db/job-queue.js';
import { pendingMigrations } from './db/migrate.js';
import {
  accountDataRoutes,
  createAccountDataRepository,
  createAccountDataService,
} from './features/account-data/index.js';
import { adminRoutes, createAdminRepository, createAdminService } from './features/admin/index.js';
import {
  assistantRoutes,
  createAssistantRepository,
  createAssistantService,
} from './features/assistant/index.js';
import {
  ADMIN_ROLE,
  authRoutes,
  createAuthService,
  createAuthThrottles,
  createDeviceCookies,
  createLoginGuard,
  createSessionsRepository,
  createUsersRepository,
  sessionRoutes,
} from './features/auth/index.js';
import {
  type BackupsService,
  createBackupClock,
  createBackupsRepository,
  createBackupsService,
  DATABASE_BACKUP_JOB,
} from './features/backups/index.js';
import {
  busyTimeRoutes,
  createBusyTimesRepository,
  createBusyTimesService,
} from './features/busy-times/index.js';
import {
  calendarFeedRoutes,
  createCalendarFeedRepository,
  createCalendarFeedService,
} from './features/calendar-feed/index.js';
import {
  CALENDAR_REFRESH_JOB,
  type CalendarRefresher,
  calendarRoutes,
  createCalendarRefresher,
  createCalendarsRepository,
  createCalendarsService,
} from './features/calendars/index.js';
import {
  classesRoutes,
  createClassesRepository,
  createClassesService,
  createPlacementRepository,
} from './features/classes/index.js';
import {
  createExportsRepository,
  createExportsService,
  exportsRoutes,
} from './features/exports/index.js';
import { createFeedbackRepository, feedbackRoutes } from './features/feedback/index.js';
import {
  createFlashcardsRepository,
  createFlashcardsService,
  flashcardRoutes,
} from './features/flashcards/index.js';
import { healthRoutes } from './features/health/index.js';
import {
  createAnkiImportService,
  createCsvImportService,
  createImportsRepository,
  importsRoutes,
} from './features/imports/index.js';
import { createLessonBotService, lessonBotRoutes } from './features/lesson-bot/index.js';
import {
  createLessonMaterialRepository,
  createLessonMaterialService,
} from './features/lesson-material/index.js';
import {
  createLessonsRepository,
  createLessonsService,
  lessonRoutes,
} from './features/lessons/index.js';
import {
  createLivingPlanRepository,
  createLivingPlanService,
  livingPlanRoutes,
} from './features/living-plan/index.js';
import {
  createPasswordResetRepository,
  createPasswordResetService,
  createResetLinks,
  passwordResetRoutes,
} from './features/password-reset/index.js';
import { createPlansRepository, createPlansService, planRoutes } from './features/plans/index.js';
import { createProfileService, profileRoutes } from './features/profile/index.js';
import {
  createProgressRepository,
  createProgressService,
  progressRoutes,
} from './features/progress/index.js';
import { createPushRepository, createPushService, pushRoutes } from './features/push/index.js';
import {
  createQuizzesRepository,
  createQuizzesService,
  quizRoutes,
} from './features/quizzes/index.js';
import {
  CLASS_CHANGE_EMAIL_JOB,
  createReminderScanner,
  createRemindersRepository,
  createRemindersService,
  createUnsubscribeTokens,
  type RemindersService,
  remindersRoutes,
  SESSION_REMINDER_JOB,
} from './features/reminders/index.js';
import {
  CALLBACK_PATH,
  createExternalIdentitiesRepository,
  createOidcClient,
  createSchoolSignInService,
  createSignInCookies,
  schoolSignInRoutes,
} from './features/school-sign-in/index.js';
import { siteRoutes } from './features/site/index.js';
import {
  createContentEvents,
  createPlanContentJob,
  createRestudyFiles,
  createRestudyFilesRepository,
  createSmartSchedulerRepository,
  createSmartSchedulerService,
  MAX_REQUEST_TEXT_CHARS,
  PLAN_CONTENT_JOB,
  RESTUDY_FILES_JOB,
  smartSchedulerRoutes,
  TOPIC_CONTENT_JOB,
  topicContentJob,
} from './features/smart-scheduler/index.js';
import {
  createStudySessionsRepository,
  createStudySessionsService,
  studySessionRoutes,
} from './features/study-sessions/index.js';
import {
  createSubjectsRepository,
  createSubjectsService,
  subjectRoutes,
} from './features/subjects/index.js';
import {
  createTopicsRepository,
  createTopicsService,
  topicRoutes,
} from './features/topics/index.js';
import {
  createTwoFactorRepository,
  createTwoFactorService,
  twoFactorRoutes,
} from './features/two-factor/index.js';
import { AccessLog } from './platform/access-log.js';
import { AppError } from './platform/app-error.js';
import { authenticatePlugin } from './platform/authenticate.js';
import { createLocalBroadcast, createRedisBroadcast } from './platform/broadcast.js';
import { registerCompression } from './platform/compression.js';
import { registerCsrf } from './platform/csrf.js';
import { handleFrameworkError, registerErrorHandler } from './platform/error-handler.js';
import { createFairSlots } from './platform/fair-slots.js';
import { createIdempotency } from './platform/idempotency.js';
import { createIdempotencyRepository } from './platform/idempotency.repository.js';
import { createJobRunner, type JobRunner, type JobRunnerOptions } from './platform/job-runner.js';
import { type LogDestination, turnBufferedStdout } from './platform/log-destination.js';
import { serializeReply, serializeRequest } from './platform/log-serializers.js';
import { registerOpenApi, registerOpenApiRoute } from './platform/openapi.js';
import { connectRedis } from './platform/redis.js';
import { createRequestIdGenerator, registerRequestIdHeader } from './platform/request-id.js';
import { createSecretBox } from './platform/secret-box.js';
import { loadOrCreateSecret, loadOrCreateVapidKeys } from './platform/secrets.js';
import { registerSecurityHeaders } from './platform/security-headers.js';
import { serializerCompiler } from './platform/serializer.js';
import { listBuiltFiles, registerSpa } from './platform/spa.js';
import {
  createAiBudget,
  createThrottle,
  memoryStore,
  redisStore,
  registerAiBudget,
} from './platform/throttle.js';
import { createTokenService } from './platform/tokens.js';

export interface AppDeps {
  config: Config;
  db: Db;
  /** argon2id unless given; test apps pass a cheap salted scrypt one, save tests of hashing. */
  hasher?: PasswordHasher;
  /** Tests may pass an engine; otherwise AI_PROVIDER picks one (builtin by default). */
  ai?: AiEngine;
  /** Where log lines go (stdout unless given); tests read the security events from it. */
  logStream?: LogDestination;
  /** Tests share one set of readers between apps; the app then neither makes nor closes it. */
  readers?: FileReaders;
  /** Sees every route as it registers, whoever registers it; tests walk them all with it. */
  onRoute?: onRouteHookHandler;
  /** Tests shorten the job runner's lease, poll and backoff times. */
  jobTimes?: Pick<JobRunnerOptions, 'leaseMs' | 'pollMs' | 'backoffMs'>;
  /** With REDIS_URL: what this deployment's keys and channels start with (tests isolate). */
  redisPrefix?: string;
  /** Tests may swap Web Push's network; otherwise web-push with the VAPID keys. */
  pushSender?: PushSender;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job runner (tests and benchmarks wait on `jobs.idle()`). */
    jobs: JobRunner;
    /** Session reminders: tests call `scan()` rather than wait for REMINDER_SCAN_SECONDS. */
    reminders: RemindersService;
    /** Scheduled backups: tests call `scan(at)` rather than wait for BACKUP_SCHEDULE. */
    backups: BackupsService;
    /** Subscribed calendars: tests call `scanNow()` rather than wait for the next scan. */
    calendarRefresher: CalendarRefresher;
  }
}

/** Composition root: adapters, repositories, services, platform plugins, then feature routes. */
export async function buildApp({
  config,
  db,
  hasher = createPasswordHasher(),
  ai: injectedAi,
  readers: injectedReaders,
  logStream,
  onRoute,
  jobTimes,
  redisPrefix,
  pushSender,
}: AppDeps): Promise<FastifyInstance> {
  const logDestination =
    config.logLevel === 'silent' ? undefined : (logStream ?? turnBufferedStdout());
  const app = Fastify({
    logger:
      logDestination === undefined
        ? false
        : {
            level: config.logLevel,
            // Credentials never reach the log (ASVS 16.2.5): a request or an answer is logged
            // through these, which copy no header. No redaction paths on top: pino would
            // search every line for headers they cannot hold, about a tenth of a small request's CPU.
            serializers: { req: serializeRequest, res: serializeReply },
            stream: logDestination,
          },
    trustProxy: config.trustProxy,
    // A UUID per request, in every log line (`reqId`), error body and `x-request-id` answer.
    genReqId: createRequestIdGenerator(config.trustProxy),
    logController: new AccessLog(logDestination),
    frameworkErrors: handleFrameworkError,
    bodyLimit: 1_048_576,
    requestTimeout: 120_000,
    connectionTimeout: 130_000,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (onRoute) app.addHook('onRoute', onRoute);
  registerRequestIdHeader(app);
  registerErrorHandler(app);

  // Adapters, repositories, services. Text work runs on one shared pool of threads, and PDF
  // and Word files are read in memory-capped child processes, so no request holds the loop.
  const readers = injectedReaders ?? {
    work: createWorkPool(),
    parse: createParsePool({ memoryMb: config.parseMemoryMb }),
  };
  if (!injectedReaders)
    app.addHook('onClose', async () => {
      await Promise.all([readers.work.close(), readers.parse.close()]);
    });
  if (!readers.parse.memoryCapped)
    app.log.warn('prlimit was not found: PDF and Word files are read without a memory limit.');
  const offline = createOfflineEngine(readers.work);
  // Several instances share rate limits, sign-outs and plan progress through Redis; one
  // instance keeps them in memory.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, redisPrefix) : undefined;
  if (redis) app.addHook('onClose', () => redis.close());
  const broadcast = redis ? await createRedisBroadcast(redis, app.log) : createLocalBroadcast();
  const throttleStore = redis ? redisStore(redis) : memoryStore;
  app.log.info(
    { event: 'instances.config', redis: config.redisUrl ? maskUrl(config.redisUrl) : null },
    redis ? 'shared state in Redis' : 'no REDIS_URL: one instance',
  );
  // Model calls of this instance per minute, whoever asks: a bill the operator can bound.
  const modelCalls = createThrottle('ai_model_calls', {
    points: config.ai.globalRateLimitMax,
    windowSec: 60,
  });
  const admit = async () => (await modelCalls.consume('instance')).allowed;
  // Failed model calls are counted per day for the admin screen, in the database so that every
  // instance adds to one count; a count that cannot be written never fails the answer.
  const countAiFailure = () => {
    countToday(db.db, 'ai_failures').catch((err: unknown) =>
      app.log.warn({ err }, 'could not count a failed AI call'),
    );
  };
  const ai =
    injectedAi ?? (await createAiEngine(config.ai, app.log, offline, admit, false, countAiFailure));
  // Background jobs retry a failed model call themselves, later, so theirs throws instead.
  const jobAi =
    injectedAi ?? (await createAiEngine(config.ai, app.log, offline, admit, true, countAiFailure));
  const secret = loadOrCreateSecret(config.dataDir, 'jwt', config.jwtSecret);
  const tokens = createTokenService(secret, config.accessTokenTtlSeconds);
  // One AI budget per student across every AI route; a service that calls the model several
  // times per request (the smart scheduler) may charge it too.
  const aiBudget = createAiBudget(config.ai.rateLimitMax, throttleStore);
  const authThrottles = createAuthThrottles(
    {
      perAddressPerMinute: config.authRateLimitMax,
      lockoutMax: config.authLockout.max,
      lockoutMinutes: config.authLockout.minutes,
    },
    throttleStore,
  );
  const loginGuard = createLoginGuard({
    throttles: authThrottles,
    devices: createDeviceCookies(secret),
  });
  const users = createUsersRepository(db.db);
  const twoFactor = createTwoFactorService({
    repo: createTwoFactorRepository(db.db),
    users,
    hasher,
    box: createSecretBox(secret, 'totp-secrets'),
    challengeKey: secret,
  });
  const auth = createAuthService({
    twoFactor,
    users,
    sessions: createSessionsRepository(db.db),
    hasher,
    tokens,
    sessionIdleMinutes: config.sessionIdleMinutes,
    sessionMaxDays: config.sessionMaxDays,
    // Live sessions are cached only where every instance hears of an end: one SQLite process,
    // or Redis. PostgreSQL without Redis may be several instances: each request asks it.
    ...(redis || db.dialect === 'sqlite' ? { sessionEnds: broadcast } : {}),
  });
  const profile = createProfileService({ users, hasher, auth });
  const topics = createTopicsService({ topics: createTopicsRepository(db.db), ai, readers });
  const subjects = createSubjectsService({ subjects: createSubjectsRepository(db.db), topics });
  const plans = createPlansService({ plans: createPlansRepository(db.db), subjects });
  const lessons = createLessonsService({ lessons: createLessonsRepository(db.db) });
  const busyTimes = createBusyTimesService({ repo: createBusyTimesRepository(db.db) });
  const calendars = createCalendarsService({
    repo: createCalendarsRepository(db.db),
    fetchLink: (url, validators) =>
      fetchCalendar(url, { allowPrivate: config.icsAllowPrivate, ...validators }),
    box: createSecretBox(secret, 'calendar-links'),
    readIcs: (task) => readers.work.run<IcsTaskResult>({ kind: 'ics', ...task }),
    zoneOf: async (userId) => (await users.findUserById(userId))?.timeZone ?? 'UTC',
    listManual: (userId) => busyTimes.listBusyTimes(userId),
  });
  // Everything that plans around busy time reads the typed and the imported together.
  const listBusyTimes = async (userId: number) => [
    ...(await busyTimes.listBusyTimes(userId)),
    ...(await calendars.busyEntries(userId)),
  ];
  const sessions = createStudySessionsService({
    sessions: createStudySessionsRepository(db.db),
    listBusyTimes,
  });
  const progress = createProgressService({ progress: createProgressRepository(db.db) });
  const schedulerRepo = createSmartSchedulerRepository(db.db);
  const contentEvents = createContentEvents(broadcast);
  // E-mail only with SMTP_URL; without it reminders reach the in-app bell alone.
  const mailer = config.mail.smtpUrl
    ? createSmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from })
    : undefined;
  if (mailer) app.addHook('onClose', async () => mailer.close());
  app.log.info(
    { event: 'mail.config', smtp: config.mail.smtpUrl ? maskUrl(config.mail.smtpUrl) : null },
    mailer ? 'reminders by e-mail and in the app' : 'no SMTP_URL: reminders in the app only',
  );
  const passwordResetLinks = createResetLinks({
    repo: createPasswordResetRepository(db.db),
    users,
    publicUrl: config.mail.publicUrl,
  });
  const passwordResets = createPasswordResetService({
    repo: createPasswordResetRepository(db.db),
    users,
    hasher,
    auth,
    ...(mailer ? { mailer } : {}),
    publicUrl: config.mail.publicUrl,
    onSendFailed: (userId, error) =>
      app.log.error(
        {
          event: 'auth.reset_mail_failed',
          userId,
          error: error instanceof Error ? error.message : String(error),
        },
        'the password-reset e-mail could not be sent',
      ),
  });
  // Web Push: one VAPID pair for every instance (the environment's, or DATA_DIR's).
  const vapid = loadOrCreateVapidKeys(config.dataDir, config.push.vapidKeys);
  const push = createPushService({
    repo: createPushRepository(db.db),
    sender:
      pushSender ??
      createWebPushSender({
        vapid: { ...vapid, subject: config.push.subject },
        allowPrivate: config.push.allowPrivate,
      }),
    publicKey: vapid.publicKey,
    log: app.log,
  });
  const reminders = createRemindersService({
    repo: createRemindersRepository(db.db),
    ...(mailer ? { mailer } : {}),
    push,
    tokens: createUnsubscribeTokens(secret),
    publicUrl: config.mail.publicUrl,
    wakeJobs: () => jobs.wake(),
    log: app.log,
  });
  const backups = createBackupsService({
    repo: createBackupsRepository(db.db),
    schedule: config.backup.schedule,
    keep: config.backup.keep,
    target: config.database,
    ...(db.schema ? { schema: db.schema } : {}),
    dataDir: config.dataDir,
    tables: () => listAppTables(db),
    wakeJobs: () => jobs.wake(),
    log: app.log,
  });
  // A plan's content is the instance's work, not the student's request: it is paced by this
  // instance's places for background model calls (AI_CONCURRENCY), shared round-robin between
  // the students whose plans are being written, and by the instance's calls a minute
  // (AI_GLOBAL_RATE_LIMIT_MAX, through jobAi), never by the student's AI budget. What bounds one
  // student is the wizard's point of that budget per plan, and a cap of calls per topic.
  const planContent = createPlanContentJob({
    repo: schedulerRepo,
    ai: jobAi,
    offline,
    slots: createFairSlots(config.ai.concurrency),
    onWritten: contentEvents.written,
  });
  const jobQueue = createJobQueue(db.db);
  // Subscribed calendars read again every ICS_REFRESH_MINUTES, as background jobs.
  const calendarRefresher = createCalendarRefresher({
    calendars,
    everyMinutes: config.icsRefreshMinutes,
    enqueue: async (due) => {
      await jobQueue.enqueue(due);
      jobs.wake();
    },
    log: app.log,
    // Created further down; the jobs run once the app is built.
    clashesOf: (userId) => livingPlan.clashes(userId),
    notifyClash: (userId, data) => reminders.notifyClash(userId, data),
  });
  const restudyFiles = createRestudyFiles({
    repo: createRestudyFilesRepository(db.db),
    restudy: (text, signal) =>
      readers.work.run<string>({ kind: 'restudy', text, maxChars: MAX_REQUEST_TEXT_CHARS }, signal),
    enqueue: async () => {
      await jobQueue.enqueue([{ kind: RESTUDY_FILES_JOB, userId: null, payload: {} }]);
      jobs.wake();
    },
    log: app.log,
  });
  const jobs = createJobRunner({
    queue: jobQueue,
    handlers: {
      [RESTUDY_FILES_JOB]: restudyFiles.job,
      [PLAN_CONTENT_JOB]: planContent,
      [TOPIC_CONTENT_JOB]: topicContentJob(planContent),
      [SESSION_REMINDER_JOB]: reminders.deliveryJob,
      [CLASS_CHANGE_EMAIL_JOB]: reminders.classChangeEmailJob,
      [DATABASE_BACKUP_JOB]: backups.job,
      [CALENDAR_REFRESH_JOB]: calendarRefresher.job,
    },
    concurrency: config.ai.concurrency,
    // SQLite is one instance: a job still `running` at start-up died with the last process.
    releaseAllOnStart: db.dialect === 'sqlite',
    log: app.log,
    ...jobTimes,
  });
  app.decorate('jobs', jobs);
  app.addHook('onReady', () => jobs.start());
  // Files stored under an older reading of documents are read again, once, in the background.
  app.addHook('onReady', async () => {
    await restudyFiles.enqueueIfStale();
  });
  app.addHook('onClose', () => jobs.stop());
  app.decorate('reminders', reminders);
  const reminderScans = createReminderScanner({
    scan: () => reminders.scan(),
    everyMs: config.mail.reminderScanSeconds * 1000,
    log: app.log,
  });
  app.addHook('onReady', async () => reminderScans.start());
  app.addHook('onClose', () => reminderScans.stop());
  app.decorate('calendarRefresher', calendarRefresher);
  app.addHook('onReady', async () => calendarRefresher.start());
  app.addHook('onClose', () => calendarRefresher.stop());
  app.decorate('backups', backups);
  // The backup schedule's instants, on every instance; the first to see one queues its backup.
  const backupClock = createBackupClock({
    schedule: config.backup.schedule,
    scan: () => backups.scan(),
    log: app.log,
  });
  app.addHook('onReady', async () => backupClock.start());
  app.addHook('onClose', () => backupClock.stop());
  const scheduler = createSmartSchedulerService({
    repo: schedulerRepo,
    wakeJobs: () => jobs.wake(),
    readers,
    uploadQuotaBytes: config.uploadQuotaBytes,
    listBusyTimes,
    weekStartOf: async (userId) => (await profile.getProfile(userId)).weekStartsOn,
  });

  // Platform: headers first so every answer carries them, then cookies, CSRF, limits, auth.
  await registerSecurityHeaders(app, config.cookieSecure);
  // Before any route: it hooks each one as it is added (the web build's files excepted).
  await registerCompression(app, listBuiltFiles(config.webDist));
  await app.register(cookie);
  await registerCsrf(app, config.cookieSecure);
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis: redis.client, nameSpace: `${redis.prefix}rl:`, skipOnError: true } : {}),
    errorResponseBuilder: (_req, ctx) =>
      new AppError(429, 'rate_limited', `Too many attempts. Please try again in ${ctx.after}.`),
  });
  await app.register(authenticatePlugin, {
    tokens,
    isSessionLive: (sid: string, userId: number) => auth.isSessionLive(sid, userId),
  });
  registerAiBudget(app, aiBudget);
  // Server-Sent Events for routes that stream (`sse: 'dual'` in route.ts): the chat replies.
  await app.register(sse);
  await registerOpenApi(app);

  // Features.
  await app.register(healthRoutes, {
    isDatabaseUp: () => isDatabaseUp(db.db),
    pendingMigrations: () => pendingMigrations(db),
  });
  await app.register(siteRoutes, {
    site: {
      ...config.site,
      passwordResetByEmail: passwordResets.byEmail,
      passwordLogin: config.passwordLogin,
      schoolSignIn: config.schoolSignIn ? { label: config.schoolSignIn.buttonLabel ?? null } : null,
    },
  });
  await app.register(authRoutes, {
    auth,
    cookieSecure: config.cookieSecure,
    sessionMaxDays: config.sessionMaxDays,
    throttles: authThrottles,
    loginGuard,
    twoFactor,
    passwordLogin: config.passwordLogin,
  });
  await app.register(twoFactorRoutes, { twoFactor, checks: authThrottles.passwordChecks });
  await app.register(passwordResetRoutes, {
    resets: passwordResets,
    throttle: authThrottles.reset,
    passwordLogin: config.passwordLogin,
  });
  const school = config.schoolSignIn;
  await app.register(schoolSignInRoutes, {
    signIn:
      school &&
      createSchoolSignInService({
        config: school,
        client: createOidcClient({
          ...school,
          redirectUri: `${config.mail.publicUrl}${CALLBACK_PATH}`,
        }),
        identities: createExternalIdentitiesRepository(db.db),
        users,
        hasher,
        auth,
        makeAdmin: async (user, group, at) => {
          await createAdminRepository(db.db).setRole(user.id, ADMIN_ROLE, {
            adminEmail: `school sign-in (group ${group})`,
            action: 'grant',
            target: user.email,
            createdAt: at,
          });
        },
        makeTeacher: async (user, group, at) => {
          await createAdminRepository(db.db).setTeacher(user.id, true, {
            adminEmail: `school sign-in (group ${group})`,
            action: 'grant-teacher',
            target: user.email,
            createdAt: at,
          });
        },
      }),
    cookies: createSignInCookies(
      createSecretBox(secret, 'school-sign-in'),
      config.cookieSecure,
      () => new Date(),
    ),
    cookieSecure: config.cookieSecure,
    sessionMaxDays: config.sessionMaxDays,
    publicUrl: config.mail.publicUrl,
    throttles: { login: authThrottles.login, passwordChecks: authThrottles.passwordChecks },
  });
  await app.register(profileRoutes, { profile, passwordChecks: authThrottles.passwordChecks });
  await app.register(sessionRoutes, { auth });
  await app.register(accountDataRoutes, {
    accountData: createAccountDataService({
      repo: createAccountDataRepository(db.db),
      users,
      hasher,
      accountDeleted: auth.accountDeleted,
    }),
    passwordChecks: authThrottles.passwordChecks,
    cookieSecure: config.cookieSecure,
    store: throttleStore,
  });
  await app.register(planRoutes, { plans });
  await app.register(subjectRoutes, { subjects });
  await app.register(topicRoutes, { topics });
  await app.register(lessonRoutes, { lessons });
  await app.register(studySessionRoutes, { sessions });
  await app.register(busyTimeRoutes, { busyTimes });
  await app.register(calendarRoutes, { calendars, store: throttleStore });
  await app.register(calendarFeedRoutes, {
    calendarFeed: createCalendarFeedService({ repo: createCalendarFeedRepository(db.db) }),
    store: throttleStore,
  });
  await app.register(exportsRoutes, {
    exports: createExportsService({
      repo: createExportsRepository(db.db),
      writeAnki: (input) => readers.work.run<Uint8Array>({ kind: 'ankiPackage', input }),
    }),
  });
  const importsRepo = createImportsRepository(db.db);
  await app.register(importsRoutes, {
    anki: createAnkiImportService({
      repo: importsRepo,
      readAnki: (data, filename) => readers.parse.readAnki(data, filename),
    }),
    csv: createCsvImportService({
      repo: importsRepo,
      readCsv: (data) => readers.work.run<CardCsvTaskResult>({ kind: 'cardCsv', data }),
    }),
    store: throttleStore,
  });
  const livingPlan = createLivingPlanService({
    repo: createLivingPlanRepository(db.db),
    readSession: (userId, id) => sessions.getSession(userId, id),
    listBusyTimes,
  });
  // Repeats of the same review or check-in (a phone's offline queue) count once.
  const idempotency = createIdempotency(createIdempotencyRepository(db.db));
  await app.register(livingPlanRoutes, { livingPlan, idempotency });
  await app.register(classesRoutes, {
    classes: createClassesService({
      repo: createClassesRepository(db.db),
      placement: createPlacementRepository(db.db),
      readers,
      uploadQuotaBytes: config.uploadQuotaBytes,
      notifyChange: (userId, data) => reminders.notifyClassChange(userId, data),
      listBusyTimes,
      weekStartOf: async (userId) => (await profile.getProfile(userId)).weekStartsOn,
      readinessOf: (userId, planId) => livingPlan.readiness(userId, planId),
      minGroup: config.classMinGroup,
    }),
    store: throttleStore,
  });
  await app.register(progressRoutes, { progress });
  await app.register(remindersRoutes, { reminders, store: throttleStore });
  await app.register(pushRoutes, { push });
  await app.register(adminRoutes, {
    admin: createAdminService({
      repo: createAdminRepository(db.db),
      ai: { provider: config.ai.provider, model: config.ai.model },
      backups: () => backups.status(),
      accountDeleted: auth.accountDeleted,
      resetLinks: passwordResetLinks,
      twoFactor,
    }),
    passwordChecks: authThrottles.passwordChecks,
    store: throttleStore,
  });
  await app.register(feedbackRoutes, {
    feedback: createFeedbackRepository(db.db),
    rateLimitMax: config.authRateLimitMax,
  });
  await app.register(smartSchedulerRoutes, {
    scheduler,
    contentEvents,
    getTopic: (userId, id) => topics.getTopic(userId, id),
  });
  const material = createLessonMaterialService({
    repo: createLessonMaterialRepository(db.db),
    sentences: (input) => readers.work.run({ kind: 'lessonSentences', input }),
  });
  await app.register(assistantRoutes, {
    assistant: createAssistantService({
      repo: createAssistantRepository(db.db),
      ai,
      readiness: (userId, planId) => livingPlan.readiness(userId, planId),
      listBusyTimes,
    }),
  });
  await app.register(flashcardRoutes, {
    flashcards: createFlashcardsService({ cards: createFlashcardsRepository(db.db), material, ai }),
    idempotency,
  });
  await app.register(quizRoutes, {
    quizzes: createQuizzesService({ quizzes: createQuizzesRepository(db.db), material, ai }),
  });
  await app.register(lessonBotRoutes, {
    lessonBot: createLessonBotService({ material, ai }),
  });
  await registerOpenApiRoute(app);
  await registerSpa(app, config.webDist);
  return app;
}
