import { createECDH } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Cron } from 'croner';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** The engines AI_PROVIDER can name: the offline builtin one, or a model provider. */
export const AI_PROVIDERS = ['builtin', 'openai', 'gemini', 'anthropic'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];

/** `BACKUP_SCHEDULE=true`: every day at 03:00, when a school's server is least used. */
export const DEFAULT_BACKUP_SCHEDULE = '0 3 * * *';

/** True for a pattern croner can schedule (5 fields, or 6 with seconds, or a nickname). */
function isCronPattern(pattern: string): boolean {
  try {
    // Without a function croner only reads the pattern: nothing is scheduled.
    return new Cron(pattern).nextRun() !== null;
  } catch {
    return false;
  }
}

/**
 * Every environment variable the server reads (the README's configuration table); each
 * description is the one-line comment of `.env.example` (`npm run env:example`).
 */
export const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('production')
    .describe('development, production or test.'),
  HOST: z
    .string()
    .min(1)
    .default('localhost')
    .describe('Address to listen on; 0.0.0.0 to serve the network.'),
  PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(3000)
    .describe('Port of the app and the API.'),
  DATA_DIR: z
    .string()
    .min(1)
    .default('./data')
    .describe('Folder for the SQLite database and generated secrets, private to the server.'),
  DATABASE_URL: z
    .string()
    .optional()
    .describe(
      'postgres://user:pass@host:5432/db for PostgreSQL, or a SQLite file path; unset: SQLite at DATA_DIR/studybuddy.db.',
    ),
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(600)
    .default(30)
    .describe(
      'How long start-up (and npm run db) keeps retrying a database it cannot reach; 0: one try.',
    ),
  JWT_SECRET: z
    .string()
    .min(32, 'JWT_SECRET must be at least 32 characters')
    .optional()
    .describe(
      'Token signing key (32+ characters); unset: generated into DATA_DIR/secrets. Set it when instances share a database.',
    ),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(3600)
    .default(900)
    .describe('Lifetime of an access token (60 to 3600).'),
  SESSION_IDLE_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(90)
    .default(14)
    .describe('A login unused this long ends.'),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(129_600)
    .optional()
    .describe('The idle limit in minutes, up to 90 days; wins over SESSION_IDLE_DAYS when set.'),
  SESSION_MAX_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(365)
    .default(30)
    .describe('A login ends this long after it began, used or not.'),
  COOKIE_SECURE: bool.default(false).describe('true behind HTTPS: Secure cookies and HSTS.'),
  TRUST_PROXY: z
    .string()
    .optional()
    .describe(
      'Address or CIDR of the reverse proxy to trust for client addresses; unset: none. Never true when reachable directly.',
    ),
  AUTH_RATE_LIMIT_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .default(10)
    .describe('Login attempts, and separately registrations, per minute per client address.'),
  AUTH_LOCKOUT_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(10)
    .describe('Failed logins per account (or per known browser) before further tries wait.'),
  AUTH_LOCKOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(1440)
    .default(15)
    .describe('The window of AUTH_LOCKOUT_MAX, and the longest a locked-out owner waits.'),
  UPLOAD_QUOTA_MB: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(200)
    .describe('Study files one student may keep, in MB.'),
  CLASS_MIN_GROUP: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(5)
    .describe(
      "A class's teacher sees its aggregates (on track, covered topics) only from this many students up.",
    ),
  PARSE_MEMORY_MB: z.coerce
    .number()
    .int()
    .min(128)
    .max(16_384)
    .default(512)
    .describe(
      'Memory the processes that read PDF and Word files may take together beyond their idle sizes, in MB.',
    ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('fatal, error, warn, info, debug, trace or silent.'),
  WEB_DIST: z.string().optional().describe('Folder of the built web app; unset: apps/web/dist.'),
  SUPPORT_EMAIL: z
    .email('SUPPORT_EMAIL must be an e-mail address')
    .default('support@studybuddy.example')
    .describe('Support address shown in the footer and on the contact page.'),
  SOCIAL_URL: z
    .url('SOCIAL_URL must be a URL')
    .default('https://mastodon.social/')
    .describe('Social link in the footer.'),
  CODE_URL: z
    .url('CODE_URL must be a URL')
    .default('https://github.com/')
    .describe('Code-hosting link in the footer.'),
  COMMUNITY_URL: z
    .url('COMMUNITY_URL must be a URL')
    .default('https://matrix.to/')
    .describe('Community chat link on the contact page.'),
  AI_PROVIDER: z
    .enum(AI_PROVIDERS)
    .default('builtin')
    .describe('builtin (offline), openai (any OpenAI-compatible server), gemini or anthropic.'),
  AI_BASE_URL: z
    .url('AI_BASE_URL must be a URL (the API root, e.g. http://127.0.0.1:11434/v1)')
    .optional()
    .describe("API root, e.g. http://127.0.0.1:11434/v1; unset: the provider's public API."),
  AI_API_KEY: z
    .string()
    .optional()
    .describe("The provider's API key (local servers usually need none)."),
  AI_MODEL: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe('Model name; required when AI_PROVIDER is not builtin.'),
  AI_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(30_000)
    .describe('Time one AI answer may take before the builtin engine answers instead.'),
  AI_CHAT_RATE_LIMIT_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .default(30)
    .describe('The older name of AI_RATE_LIMIT_MAX, read when that one is not set.'),
  AI_RATE_LIMIT_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .describe('AI requests per minute per student; unset: AI_CHAT_RATE_LIMIT_MAX (30).'),
  AI_GLOBAL_RATE_LIMIT_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .default(600)
    .describe('Model calls per minute per server instance, all students together.'),
  AI_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(4)
    .describe(
      "Background model calls in flight per instance (plans' deep dives and lessons), shared between students.",
    ),
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: 'SMTP_URL must be an smtp:// or smtps:// URL (e.g. smtp://user:pass@host:587)',
    })
    .optional()
    .describe(
      'smtp://user:pass@host:587 or smtps://...; unset: reminders reach the in-app bell only.',
    ),
  // Empty counts as unset: compose passes `REDIS_URL: ${REDIS_URL:-}` to every instance.
  REDIS_URL: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .url({
          protocol: /^rediss?$/,
          error: 'REDIS_URL must be a redis:// or rediss:// URL (e.g. redis://redis:6379)',
        })
        .optional(),
    )
    .describe(
      'redis://host:6379 when several instances share one PostgreSQL: rate limits, sign-outs and plan progress reach every instance. Unset: one instance.',
    ),
  MAIL_FROM: z
    .string()
    .trim()
    .min(3)
    .default('StudyBuddy <studybuddy@localhost>')
    .describe('The From of every e-mail; an address the mail server may send as.'),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http:// or https:// URL' })
    .optional()
    .describe("The web app's public origin for links in e-mails; unset: http://localhost:PORT."),
  REMINDER_SCAN_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(30)
    .describe('How often each instance looks for session reminders that are due (1 to 3600).'),
  // Empty counts as unset, as REDIS_URL: compose may pass `BACKUP_SCHEDULE: ${BACKUP_SCHEDULE:-}`.
  BACKUP_SCHEDULE: z
    .preprocess(
      (v) => (v === '' || v === 'false' ? undefined : v === 'true' ? DEFAULT_BACKUP_SCHEDULE : v),
      z
        .string()
        .trim()
        .refine(isCronPattern, {
          error:
            'BACKUP_SCHEDULE must be a cron pattern (e.g. "0 3 * * *", 03:00 every day) or true for that one',
        })
        .optional(),
    )
    .describe(
      "When to back up the database, as cron (minute hour day month weekday, in the server's time zone); true: 0 3 * * * (03:00 daily). Unset: no scheduled backups.",
    ),
  PASSWORD_LOGIN: bool
    .default(true)
    .describe(
      'false: no password sign-in, registration or reset; students sign in with the school account only (needs OIDC_ISSUER).',
    ),
  OIDC_ISSUER: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .url({
          protocol: /^https?$/,
          error: 'OIDC_ISSUER must be the https:// address of the school sign-in (its issuer)',
        })
        .optional(),
    )
    .describe(
      "The school's OpenID Connect issuer (its /.well-known/openid-configuration is read); unset: no school sign-in.",
    ),
  OIDC_CLIENT_ID: z
    .string()
    .trim()
    .optional()
    .describe("This app's client ID at the school's sign-in (needed with OIDC_ISSUER)."),
  OIDC_CLIENT_SECRET: z
    .string()
    .optional()
    .describe(
      "This app's client secret at the school's sign-in; unset: a public client (PKCE only).",
    ),
  OIDC_BUTTON_LABEL: z
    .string()
    .trim()
    .max(60, 'OIDC_BUTTON_LABEL must be at most 60 characters')
    .optional()
    .describe(
      'Text of the login page\'s school button; unset: "Sign in with your school account", translated.',
    ),
  OIDC_ALLOWED_DOMAINS: z
    .string()
    .optional()
    .describe(
      'Comma-separated e-mail domains admitted through school sign-in (example.edu,staff.example.edu); unset: any.',
    ),
  OIDC_AUTO_CREATE: bool
    .default(true)
    .describe(
      'A school account with no StudyBuddy account gets one at its first sign-in; false: refused.',
    ),
  OIDC_ADMIN_GROUP: z
    .string()
    .trim()
    .optional()
    .describe(
      'A group (in OIDC_GROUPS_CLAIM) whose members are made admins when they sign in; unset: none.',
    ),
  OIDC_TEACHER_GROUP: z
    .string()
    .trim()
    .optional()
    .describe(
      'A group (in OIDC_GROUPS_CLAIM) whose members are made teachers (classes) when they sign in; unset: none.',
    ),
  OIDC_GROUPS_CLAIM: z
    .string()
    .trim()
    .min(1)
    .default('groups')
    .describe(
      "The ID token's claim that lists the student's groups (for OIDC_ADMIN_GROUP and OIDC_TEACHER_GROUP).",
    ),
  ICS_REFRESH_MINUTES: z.coerce
    .number()
    .int()
    .min(15)
    .max(10080)
    .default(360)
    .describe('How often a subscribed calendar link is read again, in minutes (15 to 10080).'),
  ICS_ALLOW_PRIVATE: bool
    .default(false)
    .describe(
      "true: calendar links may reach private and loopback addresses (a school's own timetable server on its network).",
    ),
  VAPID_PUBLIC_KEY: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .trim()
        .refine(isVapidPublicKey, {
          error:
            'VAPID_PUBLIC_KEY must be a P-256 public key: 65 bytes (0x04, x, y) in base64url, as `npx web-push generate-vapid-keys` prints it',
        })
        .optional(),
    )
    .describe(
      "Web Push's VAPID public key (base64url); set with VAPID_PRIVATE_KEY, or neither: a pair is generated into DATA_DIR/secrets.",
    ),
  VAPID_PRIVATE_KEY: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .trim()
        .refine((v) => base64UrlLength(v) === 32, {
          error:
            'VAPID_PRIVATE_KEY must be a P-256 private key: 32 bytes in base64url, as `npx web-push generate-vapid-keys` prints it',
        })
        .optional(),
    )
    .describe(
      "Web Push's VAPID private key (base64url), of the pair of VAPID_PUBLIC_KEY. Changing the pair ends every device's push subscription.",
    ),
  VAPID_SUBJECT: z
    .preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .trim()
        .refine((v) => /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(v), {
          error:
            'VAPID_SUBJECT must be a mailto: address or an https:// URL where the push services can reach the admin',
        })
        .optional(),
    )
    .describe(
      'Contact the push services may write to (mailto: or https://); unset: PUBLIC_URL when https, else mailto:SUPPORT_EMAIL.',
    ),
  PUSH_ALLOW_PRIVATE: bool
    .default(false)
    .describe(
      'true: push addresses may be http:// and reach private and loopback addresses (tests, a push service on the network).',
    ),
  BACKUP_KEEP: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(7)
    .describe('Scheduled backups kept in DATA_DIR/backups; older ones are removed (1 to 1000).'),
});

/** Variables that hold a secret: each may instead name a file that holds it, as NAME_FILE. */
export const SECRET_VARIABLES = [
  'DATABASE_URL',
  'JWT_SECRET',
  'AI_API_KEY',
  'SMTP_URL',
  'REDIS_URL',
  'OIDC_CLIENT_SECRET',
  // The public key is no secret, but the pair is made and mounted together.
  'VAPID_PUBLIC_KEY',
  'VAPID_PRIVATE_KEY',
] as const;

export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  database: DatabaseTarget;
  /** How long start-up keeps retrying a database it cannot reach, in milliseconds. */
  databaseConnectTimeoutMs: number;
  /** From the environment; when absent the secrets module makes one under DATA_DIR. */
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  /** A session unused (no login or refresh) this long ends. */
  sessionIdleMinutes: number;
  sessionMaxDays: number;
  cookieSecure: boolean;
  trustProxy: string | boolean;
  authRateLimitMax: number;
  /** Failed logins per account (or per device cookie) and failed current-password checks. */
  authLockout: { max: number; minutes: number };
  logLevel: string;
  /** Bytes of study files one student may keep. */
  uploadQuotaBytes: number;
  /** CLASS_MIN_GROUP: the fewest members a class's aggregates are shown for. */
  classMinGroup: number;
  /** Memory limit of each process that reads a PDF or Word file, in MB. */
  parseMemoryMb: number;
  /** Folder of the built SPA, or undefined when it is not built (API only). */
  webDist: string | undefined;
  /** Public links shown in the footer and on the contact page. */
  site: { supportEmail: string; socialUrl: string; codeUrl: string; communityUrl: string };
  /** Which engine answers AI calls; every provider falls back to the builtin one. */
  ai: AiConfig;
  /** E-mail and session reminders. */
  mail: MailConfig;
  /** Redis shared by every instance (rate limits, sign-outs, progress); undefined: one instance. */
  redisUrl: string | undefined;
  /** Scheduled backups: the cron pattern (undefined: none) and how many are kept. */
  backup: { schedule: string | undefined; keep: number };
  /** Students sign in, register and reset with a password (PASSWORD_LOGIN). */
  passwordLogin: boolean;
  /** School sign-in through OpenID Connect; undefined: off. */
  schoolSignIn: SchoolSignInConfig | undefined;
  /** Calendar links may reach private and loopback addresses (ICS_ALLOW_PRIVATE). */
  icsAllowPrivate: boolean;
  /** How often a subscribed link is read again, in minutes. */
  icsRefreshMinutes: number;
  /** Web Push (push reminders). */
  push: PushConfig;
}

export interface PushConfig {
  /** From the environment; when absent a pair is generated into DATA_DIR/secrets. */
  vapidKeys: VapidKeys | undefined;
  /** The VAPID `sub` claim: a mailto: or https: contact. */
  subject: string;
  /** Push addresses may be http:// and reach private and loopback addresses (PUSH_ALLOW_PRIVATE). */
  allowPrivate: boolean;
}

/** A VAPID key pair, each base64url (the public key uncompressed, 65 bytes; the private, 32). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface SchoolSignInConfig {
  issuer: string;
  clientId: string;
  /** Undefined: a public client, which proves itself with PKCE alone. */
  clientSecret: string | undefined;
  /** The button's text; undefined: the app's own, in the student's language. */
  buttonLabel: string | undefined;
  /** E-mail domains admitted, lower case; empty: any. */
  allowedDomains: string[];
  /** A first sign-in with no account of that e-mail creates one (else it is refused). */
  autoCreate: boolean;
  /** Members of this group are made admins at sign-in. */
  adminGroup: string | undefined;
  /** Members of this group are made teachers at sign-in. */
  teacherGroup: string | undefined;
  groupsClaim: string;
}

export interface MailConfig {
  /** The SMTP server's URL with its credentials; undefined: no e-mail, the bell only. */
  smtpUrl: string | undefined;
  /** The From header of every e-mail. */
  from: string;
  /** The web app's origin (no trailing slash) for links in e-mails. */
  publicUrl: string;
  /** How often each instance looks for reminders that are due, in seconds. */
  reminderScanSeconds: number;
}

export interface AiConfig {
  provider: AiProvider;
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string | undefined;
  timeoutMs: number;
  /** AI requests per student per minute, one budget across every AI route. */
  rateLimitMax: number;
  /** Model calls per minute per server instance, all students together. */
  globalRateLimitMax: number;
  /** Background jobs (each one model call at a time) in flight per instance. */
  concurrency: number;
}

const READ_ERRORS: Record<string, string> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EISDIR: 'a folder, not a file',
};

/**
 * The environment with each secret's NAME_FILE read into NAME, so a secret can come from a
 * mounted file (Docker and compose secrets) and stay out of `docker inspect` and the process
 * environment. Only trailing line breaks go (`echo` adds one); a secret may end in spaces.
 */
function readSecretFiles(env: NodeJS.ProcessEnv): { env: NodeJS.ProcessEnv; fromFile: string[] } {
  const out: NodeJS.ProcessEnv = { ...env };
  const fromFile: string[] = [];
  const problems: string[] = [];
  for (const name of SECRET_VARIABLES) {
    const fileVar = `${name}_FILE`;
    const path = env[fileVar];
    if (!path) continue;
    if (env[name]) {
      problems.push(`  ${name}, ${fileVar}: both are set; set only one of them`);
      continue;
    }
    let value: string;
    try {
      value = readFileSync(path, 'utf8').replace(/[\r\n]+$/, '');
    } catch (error) {
      // The path and the reason only: never the content, never the whole error.
      const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
      problems.push(`  ${fileVar}: cannot read ${path} (${READ_ERRORS[code] ?? code})`);
      continue;
    }
    if (value === '') problems.push(`  ${fileVar}: ${path} is empty`);
    else {
      out[name] = value;
      fromFile.push(name);
    }
  }
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  return { env: out, fromFile };
}

/** The configuration from the environment; throws one message naming every bad variable. */
export function loadConfig(rawEnv: NodeJS.ProcessEnv = process.env): Config {
  const { env, fromFile } = readSecretFiles(rawEnv);
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = i.path.join('.');
      const label = fromFile.includes(name) ? `${name} (from ${name}_FILE)` : name;
      return `  ${label}: ${i.message}`;
    });
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.AI_PROVIDER !== 'builtin' && !e.AI_MODEL) {
    throw new Error(
      `Invalid configuration:\n  AI_MODEL: AI_PROVIDER=${e.AI_PROVIDER} needs AI_MODEL (the model name, e.g. llama3.1:8b); unset AI_PROVIDER to use the builtin engine`,
    );
  }
  const sessionIdleMinutes = e.SESSION_IDLE_MINUTES ?? e.SESSION_IDLE_DAYS * 1440;
  // Only a login or a refresh renews a session, and the client refreshes when its access token
  // runs out: an idle limit shorter than the token would log out a student who is active.
  if (sessionIdleMinutes * 60 <= e.ACCESS_TOKEN_TTL_SECONDS) {
    throw new Error(
      `Invalid configuration:\n  SESSION_IDLE_MINUTES: ${sessionIdleMinutes} minutes must be longer than the access token (ACCESS_TOKEN_TTL_SECONDS=${e.ACCESS_TOKEN_TTL_SECONDS})`,
    );
  }
  // ASVS 6.3.1 (2.2.1 in v4): at most 100 failed attempts an hour on one account. Windows are
  // fixed, so any hour touches up to floor(60 / minutes) + 1 of them.
  if (e.AUTH_LOCKOUT_MAX * (Math.floor(60 / e.AUTH_LOCKOUT_MINUTES) + 1) > 100) {
    throw new Error(
      `Invalid configuration:\n  AUTH_LOCKOUT_MAX: ${e.AUTH_LOCKOUT_MAX} failures every ${e.AUTH_LOCKOUT_MINUTES} minutes allow more than 100 failed logins an hour`,
    );
  }
  const schoolSignIn = readSchoolSignIn(e);
  const vapidKeys = readVapidKeys(e);
  const dataDir = resolve(e.DATA_DIR);
  const url = e.DATABASE_URL;
  let database: DatabaseTarget;
  if (url && /^postgres(ql)?:\/\//.test(url)) database = { kind: 'postgres', url };
  else if (url) database = { kind: 'sqlite', file: resolve(url.replace(/^sqlite:(\/\/)?/, '')) };
  else database = { kind: 'sqlite', file: resolve(dataDir, 'studybuddy.db') };
  const defaultDist = resolve(import.meta.dirname, '../../../web/dist');
  const webDist = e.WEB_DIST ? resolve(e.WEB_DIST) : defaultDist;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    database,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    sessionIdleMinutes,
    sessionMaxDays: e.SESSION_MAX_DAYS,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    authLockout: { max: e.AUTH_LOCKOUT_MAX, minutes: e.AUTH_LOCKOUT_MINUTES },
    logLevel: e.LOG_LEVEL,
    uploadQuotaBytes: e.UPLOAD_QUOTA_MB * 1_048_576,
    classMinGroup: e.CLASS_MIN_GROUP,
    parseMemoryMb: e.PARSE_MEMORY_MB,
    webDist: existsSync(resolve(webDist, 'index.html')) ? webDist : undefined,
    site: {
      supportEmail: e.SUPPORT_EMAIL,
      socialUrl: e.SOCIAL_URL,
      codeUrl: e.CODE_URL,
      communityUrl: e.COMMUNITY_URL,
    },
    ai: {
      provider: e.AI_PROVIDER,
      baseUrl: e.AI_BASE_URL,
      apiKey: e.AI_API_KEY || undefined,
      model: e.AI_MODEL,
      timeoutMs: e.AI_TIMEOUT_MS,
      rateLimitMax: e.AI_RATE_LIMIT_MAX ?? e.AI_CHAT_RATE_LIMIT_MAX,
      globalRateLimitMax: e.AI_GLOBAL_RATE_LIMIT_MAX,
      concurrency: e.AI_CONCURRENCY,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      reminderScanSeconds: e.REMINDER_SCAN_SECONDS,
    },
    redisUrl: e.REDIS_URL,
    backup: { schedule: e.BACKUP_SCHEDULE, keep: e.BACKUP_KEEP },
    passwordLogin: e.PASSWORD_LOGIN,
    schoolSignIn,
    icsAllowPrivate: e.ICS_ALLOW_PRIVATE,
    icsRefreshMinutes: e.ICS_REFRESH_MINUTES,
    push: {
      vapidKeys,
      subject: e.VAPID_SUBJECT ?? vapidSubjectOf(e.PUBLIC_URL, e.SUPPORT_EMAIL),
      allowPrivate: e.PUSH_ALLOW_PRIVATE,
    },
  };
}

/** The byte length of base64url text (no padding), or -1 when it is not base64url. */
function base64UrlLength(text: string): number {
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) return -1;
  return Buffer.from(text, 'base64url').length;
}

/** An uncompressed P-256 point in base64url, as a VAPID public key is written. */
function isVapidPublicKey(text: string): boolean {
  return base64UrlLength(text) === 65 && Buffer.from(text, 'base64url')[0] === 0x04;
}

/**
 * The VAPID pair from its two variables, checked together: both or neither (then one is
 * generated), and the public key must be the private key's, or every push would be refused.
 */
function readVapidKeys(e: z.infer<typeof envSchema>): VapidKeys | undefined {
  const publicKey = e.VAPID_PUBLIC_KEY;
  const privateKey = e.VAPID_PRIVATE_KEY;
  if (!publicKey && !privateKey) return undefined;
  if (!publicKey || !privateKey)
    throw new Error(
      `Invalid configuration:\n  ${publicKey ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'}: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are a pair; set both, or neither to have one generated into DATA_DIR/secrets`,
    );
  let derived: string;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    derived = ecdh.getPublicKey('base64url');
  } catch {
    derived = '';
  }
  if (derived !== publicKey)
    throw new Error(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY',
    );
  return { publicKey, privateKey };
}

/** The push services' contact when VAPID_SUBJECT is unset: the app's https origin, or support. */
function vapidSubjectOf(publicUrl: string | undefined, supportEmail: string): string {
  if (publicUrl && new URL(publicUrl).protocol === 'https:') return new URL(publicUrl).origin;
  return `mailto:${supportEmail}`;
}

/**
 * School sign-in from its variables, checked together: an issuer needs a client ID; plain
 * http is for a sign-in on this machine only (a test's, a developer's), never across a
 * network; and password sign-in can only be turned off when another way in exists.
 */
function readSchoolSignIn(e: z.infer<typeof envSchema>): SchoolSignInConfig | undefined {
  function fail(line: string): never {
    throw new Error(`Invalid configuration:\n  ${line}`);
  }
  if (!e.OIDC_ISSUER) {
    if (!e.PASSWORD_LOGIN) fail('PASSWORD_LOGIN: false needs OIDC_ISSUER, or nobody could sign in');
    return undefined;
  }
  const issuer = new URL(e.OIDC_ISSUER);
  if (issuer.protocol === 'http:' && !isLoopbackHost(issuer.hostname))
    fail('OIDC_ISSUER: must be https:// (http:// only for a sign-in on this machine)');
  if (!e.OIDC_CLIENT_ID) fail('OIDC_CLIENT_ID: OIDC_ISSUER needs the client ID of this app');
  const allowedDomains = (e.OIDC_ALLOWED_DOMAINS ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
    .filter((d) => d !== '');
  return {
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID,
    clientSecret: e.OIDC_CLIENT_SECRET || undefined,
    buttonLabel: e.OIDC_BUTTON_LABEL || undefined,
    allowedDomains,
    autoCreate: e.OIDC_AUTO_CREATE,
    adminGroup: e.OIDC_ADMIN_GROUP || undefined,
    teacherGroup: e.OIDC_TEACHER_GROUP || undefined,
    groupsClaim: e.OIDC_GROUPS_CLAIM,
  };
}

/** A URL as the log may show it: the password (and a token in the query) masked. */
export function maskUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    u.search = u.search ? '?***' : '';
    return u.toString();
  } catch {
    return '<invalid URL>';
  }
}

/** Only a named proxy is trusted, so clients cannot spoof X-Forwarded-For (rate limits). */
function parseTrustProxy(v: string | undefined): string | boolean {
  if (v === undefined || v === '' || v === 'false') return false;
  if (v === 'true') return true;
  return v;
}

/** True for a host name or address that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return (
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    h === '::1' ||
    /^(::ffff:)?127(\.\d{1,3}){3}$/.test(h)
  );
}

/** The start-up warning for cookies without Secure on a reachable address, if it applies. */
export function plainHttpCookieWarning(config: Pick<Config, 'cookieSecure' | 'host'>) {
  if (config.cookieSecure || isLoopbackHost(config.host)) return undefined;
  return `COOKIE_SECURE is false and HOST=${config.host} is reachable from other machines: the session cookies will be sent over plain HTTP. Serve the app behind HTTPS and set COOKIE_SECURE=true.`;
}
